/**
 * One function as deployed (issue 26 point 4): its bundle unpacked in its own folder outside the
 * repository, run by `lambda-harness.ts` under Netlify's function runtime (Node 22) with only the
 * environment given, and called with the Lambda event Netlify's proxy sends (the request, the matched
 * route, the site and deploy headers, the Blobs context).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { Route } from './bundle-functions.ts';

export interface BlobsAccess {
  url: string;
  token: string;
}

export interface DeployedRequest {
  method: string;
  /** Path and query, e.g. /api/books?limit=5 */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The address the request arrives at, when not the site's own (a hostile Host). */
  origin?: string;
}

export interface DeployedResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  text: () => string;
  json: () => unknown;
}

export interface DeployedFunction {
  name: string;
  pid: number;
  invoke: (request: DeployedRequest) => Promise<DeployedResponse>;
  /** The process ids of the harness's own child processes right now (there should be none). */
  childProcesses: () => number[];
  /** What the function wrote to stderr and stdout so far. */
  output: () => string;
  close: () => Promise<void>;
}

export interface StartOptions {
  name: string;
  /** The unpacked bundle. */
  dir: string;
  node: string;
  harness: string;
  env: Record<string, string>;
  siteUrl: string;
  siteId: string;
  deployId: string;
  routes?: Route[];
  blobs?: BlobsAccess;
}

/** The route Netlify matched for a path: the first of the function's routes that takes it. */
export function routeFor(routes: Route[] | undefined, pathname: string): string | undefined {
  for (const route of routes ?? []) {
    if (route.literal !== undefined ? route.literal === pathname : route.expression !== undefined && new RegExp(route.expression).test(pathname)) {
      return route.pattern;
    }
  }
  return undefined;
}

export async function startDeployedFunction(options: StartOptions): Promise<DeployedFunction> {
  let output = '';
  const child: ChildProcess = fork(options.harness, [options.dir], {
    cwd: options.dir,
    env: options.env,
    execPath: options.node,
    execArgv: [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let exited: Error | undefined;
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: Answer | { ready: true }) => {
      if ('ready' in message) return resolve();
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message);
    });
    child.once('exit', (code) => {
      exited = new Error(`${options.name}: the function's process ended (exit ${code}): ${output.trim().slice(-2_000)}`);
      for (const waiting of pending.values()) waiting.reject(exited);
      pending.clear();
      reject(exited);
    });
  });

  const invoke = async (request: DeployedRequest): Promise<DeployedResponse> => {
    if (exited) throw exited;
    const url = new URL(request.path, request.origin ?? options.siteUrl);
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const headers: Record<string, string> = {
      'user-agent': 'phantastika-check-deploy',
      ...Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
      'x-nf-client-connection-ip': '203.0.113.7',
      'x-nf-request-id': randomUUID(),
      'x-nf-site-id': options.siteId,
      'x-nf-deploy-id': options.deployId,
      'x-nf-deploy-context': 'production',
      'x-nf-deploy-published': '1',
    };
    headers.host ??= url.host;
    if (request.body !== undefined) headers['content-length'] ??= String(Buffer.byteLength(request.body));
    const event = {
      rawUrl: url.href,
      path: url.pathname,
      httpMethod: request.method,
      headers,
      body: body?.toString('base64'),
      isBase64Encoded: body !== undefined,
      route: routeFor(options.routes, url.pathname),
      ...(options.blobs && {
        blobs: Buffer.from(JSON.stringify({ url: options.blobs.url, url_uncached: options.blobs.url, token: options.blobs.token, primary_region: 'local' })).toString('base64'),
      }),
    };
    const id = nextId++;
    const answer = await new Promise<Answer>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      child.send({ id, event });
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) responseHeaders.set(name, String(value));
    for (const [name, values] of Object.entries(answer.multiValueHeaders)) for (const value of values) responseHeaders.append(name, String(value));
    const bytes = Buffer.from(answer.body, 'base64');
    return { status: answer.statusCode, headers: responseHeaders, body: bytes, text: () => bytes.toString('utf8'), json: () => JSON.parse(bytes.toString('utf8')) };
  };

  return {
    name: options.name,
    pid: child.pid ?? -1,
    invoke,
    childProcesses: () => childrenOf(child.pid ?? -1),
    output: () => output,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await done;
    },
  };
}

interface Answer {
  id: number;
  statusCode: number;
  headers: Record<string, string>;
  multiValueHeaders: Record<string, string[]>;
  body: string;
  error?: string;
}

/** The direct children of a process, from /proc (Linux, where Netlify's functions run too). */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}
