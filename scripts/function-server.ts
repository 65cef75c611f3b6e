/**
 * Serves every function in netlify/functions over real HTTP, routed by each function's own
 * `config.path` (the same patterns Netlify uses), with every function loaded once and kept warm, as
 * a deployed function instance is. Used by the integration tests (the wire: headers, status codes,
 * bodies) and by `npm run bench:search` (`netlify dev` starts a fresh worker per request, which says
 * nothing about production latency). Static pages and redirects are not served here: the e2e suite
 * covers the full platform through `npm start`.
 */
import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface Route {
  pattern: URLPattern;
  handler: (req: Request, context: { params: Record<string, string>; ip: string }) => Promise<Response>;
}

const FUNCTIONS_DIR = fileURLToPath(new URL('../netlify/functions', import.meta.url));

export async function loadRoutes(): Promise<Route[]> {
  const routes: Route[] = [];
  for (const file of readdirSync(FUNCTIONS_DIR).filter((f) => f.endsWith('.mts'))) {
    const mod = await import(pathToFileURL(path.join(FUNCTIONS_DIR, file)).href);
    const paths: string[] = [mod.config?.path ?? []].flat();
    for (const p of paths) routes.push({ pattern: new URLPattern({ pathname: p }), handler: mod.default });
  }
  return routes;
}

export interface FunctionServer {
  url: string;
  close: () => Promise<void>;
}

export interface FunctionServerOptions {
  /** Port to listen on (default: any free one). */
  port?: number;
  /** Tests may name a client address in `x-test-client-ip` to act as several clients (rate limits). */
  trustTestClientIp?: boolean;
}

export async function startFunctionServer(options: FunctionServerOptions = { trustTestClientIp: true }): Promise<FunctionServer> {
  const routes = await loadRoutes();
  const server = http.createServer(async (req, res) => {
    const url = `http://${req.headers.host}${req.url}`;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const request = new Request(url, { method: req.method, headers, body });
    const pathname = new URL(url).pathname;
    const route = routes.find((r) => r.pattern.test({ pathname }));
    let response: Response;
    if (!route) response = new Response('Not found', { status: 404 });
    else {
      const params = route.pattern.exec({ pathname })?.pathname.groups ?? {};
      // Netlify passes the client address as context.ip; tests may name one to act as several clients.
      const named = options.trustTestClientIp ? (req.headers['x-test-client-ip'] as string | undefined) : undefined;
      const ip = named ?? req.socket.remoteAddress ?? 'unknown';
      response = await route.handler(request, { params: params as Record<string, string>, ip });
    }
    res.statusCode = response.status;
    response.headers.forEach((v, k) => res.setHeader(k, v));
    const getSetCookie = response.headers.getSetCookie();
    if (getSetCookie.length) res.setHeader('set-cookie', getSetCookie);
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}
