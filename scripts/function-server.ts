/**
 * The function half of the local runtime (issue 9): every module of netlify/functions imported once
 * and kept warm, as a deployed function instance is, routed by each function's own `config.path`
 * (URLPattern, as Netlify matches it) and called with a Functions v2 context. `scripts/local-server.ts`
 * composes it with Netlify's redirect, static and Blobs engines; nothing here knows about pages.
 *
 * Netlify's rules kept here: a trailing slash does not change the match; a function with a
 * `config.path` answers only there (minus its `config.excludedPath`), one without answers at
 * `/.netlify/functions/<name>`;
 * `context.ip` is the socket's address (never a header the client sent); cookies set through
 * `context.cookies` become Set-Cookie headers of the response; `waitUntil` work is awaited before the
 * server closes. A background function (`config.background: true`, or a name ending in
 * `-background`) is answered 202 with no body at once and runs on after it, tracked like `waitUntil`
 * work (issue 16: the import worker); its own answer is discarded, as on Netlify. A scheduled function
 * (`config.schedule`) answers at `/.netlify/functions/<name>` like any without a path; the local
 * server calls it on its schedule with the scheduler's request (`invokeScheduled`, issue 26 point 6).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from '@netlify/functions';
import { CronExpressionParser } from 'cron-parser';
import { withAddedHeaders, type HeaderWriter } from '../src/lib/response-headers.ts';

type Handler = (req: Request, context: Context) => Promise<Response | void> | Response | void;

interface LoadedFunction {
  name: string;
  handler: Handler;
  /** The URLPatterns of `config.path`; empty when the function answers at /.netlify/functions/<name>. */
  patterns: URLPattern[];
  /** The URLPatterns of `config.excludedPath`: paths the patterns match that the function leaves to others. */
  excluded: URLPattern[];
  /** Netlify answers 202 at once and runs the function after it (background functions). */
  background: boolean;
  /** `config.schedule`: a cron expression (UTC) on which Netlify's scheduler calls the function. */
  schedule?: string;
  /** `config.preferStatic`: a static file at the path answers instead (the local server asks first). */
  preferStatic: boolean;
}

export interface FunctionMatch {
  fn: LoadedFunction;
  params: Record<string, string>;
}

/** What the server knows about a request that the request itself does not carry. */
export interface Invocation {
  /** The client's address as the socket saw it. */
  ip: string;
  /** Collects `context.waitUntil` work. */
  waitUntil: (promise: Promise<unknown>) => void;
}

export const FUNCTIONS_DIR = fileURLToPath(new URL('../netlify/functions', import.meta.url));
const DEFAULT_FUNCTION_PATH = /^\/\.netlify\/functions\/([^/]+)\/?$/;
/** Paths whose function (or none) the router remembers. */
const MATCH_CACHE_ENTRIES = 20_000;

/** The functions of a folder, loaded once; `match` finds the one that answers a path. */
export class FunctionRouter {
  private readonly functions: LoadedFunction[];
  /**
   * The literal first path segments the functions' paths start with ('api', 'images'), or null when
   * one starts with a placeholder or wildcard. A path whose first segment is not among them matches
   * no pattern, so `find` skips testing every function's patterns (pages: ~2 % of the server's CPU
   * under bench:load, where most of ~5,000 pages are asked for the first time).
   */
  private readonly firstSegments: Set<string> | null;

  private constructor(functions: LoadedFunction[], paths: string[]) {
    this.functions = functions;
    // A first segment is literal ('api'), or a placeholder limited to literal choices (':locale(en|de|it)').
    const firsts = paths.map((p) => p.split('/')[1] ?? '').map((segment) => /^:\w+\(([\w-]+(?:\|[\w-]+)*)\)$/.exec(segment)?.[1]?.split('|') ?? [segment]);
    this.firstSegments = firsts.flat().every((segment) => segment !== '' && !/[:*(){}?+\\]/.test(segment)) ? new Set(firsts.flat()) : null;
  }

  static async load(dir = FUNCTIONS_DIR): Promise<FunctionRouter> {
    const functions: LoadedFunction[] = [];
    const allPaths: string[] = [];
    for (const file of readdirSync(dir).filter((f) => /\.m?[jt]s$/.test(f)).sort()) {
      const mod = await import(pathToFileURL(path.join(dir, file)).href);
      if (typeof mod.default !== 'function') continue;
      const paths: string[] = [mod.config?.path ?? []].flat();
      allPaths.push(...paths);
      const excluded: string[] = [mod.config?.excludedPath ?? []].flat();
      functions.push({
        name: file.replace(/\.m?[jt]s$/, ''),
        handler: mod.default,
        patterns: paths.map((p) => new URLPattern({ pathname: p })),
        excluded: excluded.map((p) => new URLPattern({ pathname: p })),
        background: mod.config?.background === true || file.replace(/\.m?[jt]s$/, '').endsWith('-background'),
        schedule: typeof mod.config?.schedule === 'string' ? mod.config.schedule : undefined,
        preferStatic: mod.config?.preferStatic === true,
      });
    }
    return new FunctionRouter(functions, allPaths);
  }

  get names(): string[] {
    return this.functions.map((f) => f.name);
  }

  /** The functions with a `config.schedule`. */
  get scheduled(): LoadedFunction[] {
    return this.functions.filter((f) => f.schedule !== undefined);
  }

  /** Answers of `match` per path (least recently used go first): URLPattern tests every function's
   * patterns in turn, some microseconds each, on every request, pages included (~8% of a pop-up's
   * server CPU with ~50 functions). The functions never change while the server runs. */
  private readonly matches = new Map<string, FunctionMatch | null>();

  match(pathname: string): FunctionMatch | undefined {
    const kept = this.matches.get(pathname);
    if (kept !== undefined) {
      this.matches.delete(pathname);
      this.matches.set(pathname, kept);
      return kept ? { fn: kept.fn, params: { ...kept.params } } : undefined;
    }
    const found = this.find(pathname);
    this.matches.set(pathname, found ?? null);
    if (this.matches.size > MATCH_CACHE_ENTRIES) this.matches.delete(this.matches.keys().next().value!);
    return found ? { fn: found.fn, params: { ...found.params } } : undefined;
  }

  private find(pathname: string): FunctionMatch | undefined {
    const byName = DEFAULT_FUNCTION_PATH.exec(pathname);
    if (byName) {
      const fn = this.functions.find((f) => f.name === byName[1] && f.patterns.length === 0);
      return fn ? { fn, params: {} } : undefined;
    }
    const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    if (this.firstSegments && !this.firstSegments.has(trimmed.split('/')[1] ?? '')) return undefined;
    for (const fn of this.functions) {
      if (fn.excluded.some((pattern) => pattern.test({ pathname: trimmed }))) continue;
      for (const pattern of fn.patterns) {
        const groups = pattern.exec({ pathname: trimmed })?.pathname.groups;
        if (groups) return { fn, params: Object.fromEntries(Object.entries(groups).filter((e): e is [string, string] => e[1] !== undefined)) };
      }
    }
    return undefined;
  }
}

/** Netlify's cookie helper: reads the request's Cookie header, queues Set-Cookie for the response. */
function cookieStore(req: Request) {
  const queued: string[] = [];
  const jar = new Map<string, string>();
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) jar.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  type CookieOptions = { name: string; value: string; path?: string; domain?: string; maxAge?: number; expires?: Date | number; httpOnly?: boolean; secure?: boolean; sameSite?: string };
  const serialize = (c: CookieOptions) =>
    [
      `${c.name}=${c.value}`,
      c.secure || c.name.startsWith('__Secure') || c.name.startsWith('__Host') ? 'Secure' : '',
      c.httpOnly ? 'HttpOnly' : '',
      typeof c.maxAge === 'number' ? `Max-Age=${c.maxAge}` : '',
      c.domain ? `Domain=${c.domain}` : '',
      c.sameSite ? `SameSite=${c.sameSite}` : '',
      c.path ? `Path=${c.path}` : '',
      c.expires !== undefined ? `Expires=${new Date(c.expires).toUTCString()}` : '',
    ]
      .filter(Boolean)
      .join('; ');
  return {
    cookies: {
      get: (name: string) => jar.get(name),
      set: (input: string | CookieOptions, value?: string) => void queued.push(serialize(typeof input === 'string' ? { name: input, value: value ?? '' } : input)),
      delete: (input: string | { name: string; path?: string; domain?: string }) => {
        const opts = typeof input === 'string' ? { name: input } : input;
        queued.push(serialize({ path: '/', ...opts, value: '', expires: 0 }));
      },
    } as Context['cookies'],
    applyTo: (headers: HeaderWriter) => queued.forEach((c) => headers.append('set-cookie', c)),
  };
}

/**
 * Calls a matched function once with a v2 context. A handler that returns nothing answers 204, as on
 * Netlify; one that throws is the platform's 500 (our handlers never throw: `handle()` maps errors).
 */
export async function invokeFunction(match: FunctionMatch, req: Request, invocation: Invocation): Promise<Response> {
  const requestId = randomUUID();
  const { cookies, applyTo } = cookieStore(req);
  const url = new URL(req.url);
  const context = {
    account: { id: '' },
    cookies,
    deploy: { context: 'dev', id: '0', published: false },
    geo: { city: undefined, country: undefined, subdivision: undefined, timezone: undefined, latitude: 0, longitude: 0 },
    ip: invocation.ip,
    json: (input: unknown) => Response.json(input),
    log: console.log,
    next: () => {
      throw new Error('`context.next` is not implemented for serverless functions');
    },
    params: match.params,
    requestId,
    rewrite: () => {
      throw new Error('`context.rewrite` is not available locally');
    },
    server: { region: 'local' },
    site: { id: '0', name: 'phantastika', url: url.origin },
    url,
    waitUntil: (promise: Promise<unknown>) => invocation.waitUntil(promise),
  } as unknown as Context;
  if (match.fn.background) {
    // The platform takes the whole request before it answers 202; the function reads it afterwards.
    const body = req.method === 'GET' || req.method === 'HEAD' ? null : await req.arrayBuffer();
    const taken = new Request(req.url, { method: req.method, headers: req.headers, body });
    const run = (async () => {
      try {
        await match.fn.handler(taken, context);
      } catch (error) {
        console.error(`Background function ${match.fn.name} threw:`, error);
      }
    })();
    invocation.waitUntil(run);
    return new Response(null, { status: 202, headers: { 'x-nf-request-id': requestId } });
  }
  let response: Response;
  try {
    response = (await match.fn.handler(req, context)) ?? new Response(null, { status: 204 });
  } catch (error) {
    console.error(`Function ${match.fn.name} threw:`, error);
    response = new Response('Internal error', { status: 500 });
  }
  return withAddedHeaders(response, (headers) => {
    applyTo(headers);
    headers.set('x-nf-request-id', requestId);
  });
}


/**
 * When a schedule next fires after `after`, read as Netlify reads it (UTC; cron-parser, the parser
 * Netlify's own local dev uses for `next_run`).
 * @example nextRunOf('@hourly', new Date('2026-03-10T12:34:56Z')) // 2026-03-10T13:00:00.000Z
 */
export function nextRunOf(schedule: string, after: Date): Date {
  return CronExpressionParser.parse(schedule, { currentDate: after, tz: 'Etc/UTC' }).next().toDate();
}

/**
 * Calls a scheduled function as Netlify's scheduler does (issue 26 point 6): a POST to its default
 * path whose body is `{"next_run": ...}`, with the headers Netlify's local dev sends (`Netlify
 * Clockwork`, `x-nf-event: schedule`; nothing reads them, src/domain/runtime/scheduled-invocation.ts).
 */
export function invokeScheduled(fn: LoadedFunction, origin: string, invocation: Invocation, now = new Date()): Promise<Response> {
  const nextRun = nextRunOf(fn.schedule ?? '@hourly', now);
  const request = new Request(`${origin}/.netlify/functions/${fn.name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'Netlify Clockwork', 'x-nf-event': 'schedule' },
    body: JSON.stringify({ next_run: nextRun.toISOString() }),
  });
  return invokeFunction({ fn, params: {} }, request, invocation);
}
