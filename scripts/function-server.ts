/**
 * Serves every function in netlify/functions over real HTTP for integration tests, routed by each
 * function's own `config.path` (the same patterns Netlify uses), so tests exercise the wire: headers,
 * status codes, bodies. The full platform (redirects, static pages) is covered by the e2e suite.
 */
import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface Route {
  pattern: URLPattern;
  handler: (req: Request, context: { params: Record<string, string>; ip: string }) => Promise<Response>;
}

const FUNCTIONS_DIR = path.join(process.cwd(), 'netlify', 'functions');

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

export async function startFunctionServer(): Promise<FunctionServer> {
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
      const ip = (req.headers['x-test-client-ip'] as string | undefined) ?? req.socket.remoteAddress ?? 'unknown';
      response = await route.handler(request, { params: params as Record<string, string>, ip });
    }
    res.statusCode = response.status;
    response.headers.forEach((v, k) => res.setHeader(k, v));
    const getSetCookie = response.headers.getSetCookie();
    if (getSetCookie.length) res.setHeader('set-cookie', getSetCookie);
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}
