/**
 * The local runtime (issue 9): one long-lived Node server for `npm start`, the e2e suite and the
 * integration tests, composed of Netlify's own engines and our function modules (STYLE.md 15):
 * - functions: `FunctionRouter` (scripts/function-server.ts), loaded once, routed by `config.path`;
 *   and each build's own function of on-demand pages (`<build>.functions/ssr`, ADR 0037), loaded
 *   with the build;
 * - redirects: `@netlify/redirects` reading the build's `_redirects` (Language conditions, the
 *   `nf_lang` cookie, splats, forced rules, status codes);
 * - static files: @netlify/static's lookup (index.html, .html and trailing slash, as the CDN does),
 *   done here with synchronous file calls (`findStaticFile`, compared with the library in a test),
 *   with the build's `_headers` rules (security headers, issue 10), parsed once per build by Netlify's
 *   own parser (`@netlify/headers-parser`, which @netlify/headers reads the file with on every call); a build
 *   never changes while it is served, so the file found per path, its headers and the bytes of files
 *   up to 1 MiB are kept in memory per build (under load the disk lookups were most of a page's cost);
 *   text files are sent compressed (brotli or gzip, as the request accepts) as Netlify's CDN sends
 *   them, compressed once per file and build (issue 11: Lighthouse measured uncompressed pages);
 * - the CDN cache of function answers (scripts/local-cdn.ts, ADR 0032): answers whose headers allow it
 *   are kept and served again, renewed while stale, purged by tag through Netlify's purge API call,
 *   and all dropped when a new build goes live;
 * - Blobs: Netlify's Blobs server on 127.0.0.1 only (scripts/local-blobs.ts);
 * - schedules: with `runSchedules` (`npm start`), each function with a `config.schedule` is called
 *   on it as Netlify's scheduler calls it (`invokeScheduled`; timers unref'd, stopped by `close`);
 *   tests call one at will with `runScheduled(name)`.
 * The order of the request chain is Netlify's (as in @netlify/dev): a function path first (one with
 * `preferStatic` only where no static file is), then the redirect rules (a rule may rewrite to a
 * function), then static files.
 *
 * Builds are swapped live: `swapTo(dir)` prepares the next build's engines, then replaces the
 * current one in a single assignment. A request keeps the build it started with until its response
 * has been sent; a superseded build is handed to `onRetired` once no request uses it any more.
 */
import './local-runtime.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseAllHeaders, type Header, type MinimalHeader } from '@netlify/headers-parser';
import mime from 'mime-types';
import { RedirectsHandler } from '@netlify/redirects';
import { FunctionRouter, invokeFunction, invokeScheduled, nextRunOf, type Invocation } from './function-server.ts';
import { plainAnswerOf, plainResponse, type PlainHeaders } from '../src/lib/response-headers.ts';
import { startLocalBlobs, type LocalBlobs } from './local-blobs.ts';
import { compress, contentCoding, isCompressible, type ContentCoding } from './content-coding.ts';
export { contentCoding, isCompressible, type ContentCoding };
import { createLocalCdn, LOCAL_CDN_API_PREFIX, type LocalCdn } from './local-cdn.ts';
import { pageFunctionDirOf } from './site-build.ts';
import { installCdnPurgeTarget } from '../netlify/functions/_shared/cdn-purge.ts';

export interface LocalServerOptions {
  /** Port on both loopback addresses (default: any free one). */
  port?: number;
  /** The build to serve; without one only functions answer. */
  siteDir?: string;
  /** Folder of the Blobs store; without one Blobs are not set up. */
  blobsDir?: string;
  /** Tests may name a client address in `x-test-client-ip` to act as several clients (rate limits). */
  trustTestClientIp?: boolean;
  /** Called with a superseded build folder once no request uses it any more. */
  onRetired?: (dir: string) => void;
  /** Folder of the function modules (default netlify/functions; tests use fixtures). */
  functionsDir?: string;
  /** Until the first `swapTo`, pages answer 503 with this text (the first build is still running). */
  buildingMessage?: string;
  /** Call the scheduled functions on their `config.schedule`, as Netlify's scheduler does (`npm start`; tests leave it off). */
  runSchedules?: boolean;
}

export interface LocalServer {
  url: string;
  port: number;
  blobs?: LocalBlobs;
  /** The emulated CDN cache of function answers. */
  cdn: LocalCdn;
  /** The folder being served. */
  siteDir: () => string | undefined;
  /** Serves `dir` from now on; resolves when it is live. */
  swapTo: (dir: string) => Promise<void>;
  /** Calls the scheduled function `name` now, as the scheduler (and the `runSchedules` timer) does. */
  runScheduled: (name: string) => Promise<Response>;
  close: () => Promise<void>;
}

/** One build: its folder and the engines reading it, and how many requests still use it. */
interface SiteBuild {
  dir: string;
  redirects: RedirectsHandler;
  /** The `_headers` rules, parsed when the build is opened (it never changes while served). */
  headerRules: Header[];
  /** Redirect rules found per request key (or none: null), see matchRule. */
  rules: Map<string, RuleMatch | null>;
  /** Files found per path (or not: null), and the answers of small files, kept in memory. */
  matches: Map<string, StaticFile | null>;
  answers: Map<string, StaticAnswer>;
  answerBytes: number;
  inFlight: number;
  retired: boolean;
  /** The build's own function of on-demand pages (ADR 0037), when it has one. */
  pages?: FunctionRouter;
}

/** Statuses of a redirect rule that are not redirects but the status of the page served (`/x /y 404`). */
const isErrorStatus = (status: number) => status >= 400 && status < 600;

/** Paths whose file lookup a build remembers (it never changes while it is served). */
const MATCH_CACHE_PATHS = 20_000;
/** Static answers a build keeps in memory: files up to 1 MiB, 256 MiB in all (a build never changes while served). */
const ANSWER_CACHE_FILE_BYTES = 1 << 20;
const ANSWER_CACHE_TOTAL_BYTES = 256 << 20;

type RuleMatch = NonNullable<Awaited<ReturnType<RedirectsHandler['match']>>>;
/** Redirect answers a build remembers (least recently used go first). */
const RULE_CACHE_ENTRIES = 20_000;

/**
 * The redirect rule for a request, asked of @netlify/redirects once per build and per everything its
 * matcher reads: the URL (scheme, host, path, query), Accept-Language and the cookies (nf_lang,
 * nf_country, a role's JWT, Cookie conditions). netlify-redirector walks the rules in order, crossing
 * from WebAssembly to JavaScript per rule: under load that was most of a static page's cost (issue
 * 10, when ~4,800 slug and id rules stood before the final `/en/*` rule; the ~150 hand-written rules
 * left since issue 28 still cost a walk). The rules never change while a build is served.
 */
async function matchRule(build: SiteBuild, request: Request): Promise<RuleMatch | undefined> {
  const key = `${request.url}\u0000${request.headers.get('accept-language') ?? ''}\u0000${request.headers.get('cookie') ?? ''}`;
  const kept = build.rules.get(key);
  if (kept !== undefined) {
    build.rules.delete(key);
    build.rules.set(key, kept);
    return kept ?? undefined;
  }
  const rule = (await build.redirects.match(request)) ?? null;
  build.rules.set(key, rule);
  if (build.rules.size > RULE_CACHE_ENTRIES) build.rules.delete(build.rules.keys().next().value!);
  return rule ?? undefined;
}

/** A static file's answer as bytes: served without touching the disk again. */
interface StaticAnswer {
  headers: [string, string][];
  body: Buffer;
  /** `headers` as plain headers, made on first use. */
  plain?: PlainHeaders;
  /** The body compressed, per content coding, once asked for (text files only). */
  encoded?: Partial<Record<ContentCoding, Buffer>>;
}

/** A path segment that starts with a dot, also percent-encoded. */
const HIDDEN_SEGMENT = /\/(\.|%2e)/i;

/** A file of the build that answers a path. */
export interface StaticFile {
  path: string;
  size: number;
  /** Content-Type by the file's extension, when known. */
  contentType: string | false;
}

/** The names @netlify/static 4 tries for a path, in its order (index.html, .html, trailing slash). */
export function staticCandidates(pathname: string): string[] {
  const paths: string[] = [];
  if (pathname.endsWith('/')) {
    const end = pathname.length - 1;
    if (pathname !== '/') paths.push(`${pathname.slice(0, end)}.html`, `${pathname.slice(0, end)}.htm`);
    paths.push(`${pathname}index.html`, `${pathname}index.htm`);
  } else if (!/\.(html?|png|jpg|js|css|svg|gif|ico|woff|woff2)$/.test(pathname)) {
    paths.push(`${pathname}.html`, `${pathname}.htm`, `${pathname}/index.html`, `${pathname}/index.htm`);
  }
  return paths.includes(pathname) ? paths : [pathname, ...paths];
}

/** The file of `dir` that answers `pathname` as @netlify/static 4 finds it (first candidate that is a file). */
export function findStaticFile(dir: string, pathname: string): StaticFile | null {
  for (const candidate of staticCandidates(pathname)) {
    const file = path.resolve(dir, ...candidate.split('/').filter(Boolean));
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat?.isFile()) return { path: file, size: stat.size, contentType: mime.contentType(path.extname(file)) };
  }
  return null;
}

/**
 * The static file for a request's path, as @netlify/static finds it, asked once per path and build.
 * The lookups are synchronous: the library's four awaited stat calls and its web stream of a node
 * stream per file went through libuv's four threads, and under bench:load first requests of pages
 * queued there for most of a second (issue 10); a stat or a read of a cached page takes microseconds.
 */
function matchStatic(build: SiteBuild, request: Request): StaticFile | undefined {
  const { pathname } = new URL(request.url);
  // The build's own bookkeeping (.build-fingerprint, .catalogue-state.json) is not part of the site.
  if (HIDDEN_SEGMENT.test(pathname)) return undefined;
  let match = build.matches.get(pathname);
  if (match === undefined) {
    match = findStaticFile(build.dir, pathname);
    if (build.matches.size < MATCH_CACHE_PATHS) build.matches.set(pathname, match);
  }
  return match ?? undefined;
}

/** The headers every static file gets before `_headers` (as @netlify/static sets them). */
const STATIC_HEADERS = { age: '0', 'cache-control': 'public, max-age=0, must-revalidate' };

/**
 * The headers `_headers` gives a path: every matching rule's values, later rules winning (as
 * @netlify/headers merges them, from the rules parsed once per build instead of on every call: under
 * bench:load the file's read and parse per new path queued on libuv's threads, issue 10).
 */
export function headersForPath(rules: readonly Header[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) if (rule.forRegExp.test(pathname)) Object.assign(headers, rule.values);
  return headers;
}

/** The rules of a build's `_headers` file (none without one), syntax errors logged as @netlify/headers logs them. */
export async function readHeaderRules(dir: string): Promise<Header[]> {
  const parsed = await parseAllHeaders({ headersFiles: [path.join(dir, '_headers')], configHeaders: [], minimal: false });
  if (parsed.errors.length) console.error(`Headers syntax errors:\n${parsed.errors.map(({ message }) => message).join('\n\n')}`);
  return parsed.headers.filter((rule: MinimalHeader | Header): rule is Header => 'forRegExp' in rule);
}

/** A static file with the headers `_headers` gives its path, as Netlify's CDN serves it; the bytes of files up to ANSWER_CACHE_FILE_BYTES are kept per build. */
async function serveStatic(build: SiteBuild, file: StaticFile, request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const kept = build.answers.get(pathname);
  if (kept) return bufferedResponse(build, kept, request);
  const rules = headersForPath(build.headerRules, pathname);
  const headers: PlainHeaders = { ...STATIC_HEADERS, ...(file.contentType ? { 'content-type': file.contentType } : {}) };
  for (const [name, value] of Object.entries(rules)) headers[name.toLowerCase()] = value;
  if (file.size <= ANSWER_CACHE_FILE_BYTES) {
    const body = readFileSync(file.path);
    const answer: StaticAnswer = { headers: [...Object.entries(headers as Record<string, string>), ['content-length', String(body.length)]], body };
    if (build.answerBytes + body.length <= ANSWER_CACHE_TOTAL_BYTES) {
      build.answers.set(pathname, answer);
      build.answerBytes += body.length;
    }
    return bufferedResponse(build, answer, request);
  }
  return new Response(Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>, { status: 200, headers: Object.entries(headers as Record<string, string>) });
}

/** The kept answer, compressed when its type allows and the request accepts it, as a plain answer (see send). */
function bufferedResponse(build: SiteBuild, answer: StaticAnswer, request: Request): Response {
  answer.plain ??= Object.fromEntries(answer.headers.map(([name, value]) => [name.toLowerCase(), value]));
  const headers: PlainHeaders = { ...answer.plain };
  let body = answer.body;
  if (isCompressible(headers['content-type'] as string | undefined ?? null, body.length)) {
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
    const coding = contentCoding(request.headers.get('accept-encoding'));
    if (coding) {
      let encoded = answer.encoded?.[coding];
      if (!encoded) {
        encoded = compress(body, coding);
        (answer.encoded ??= {})[coding] = encoded;
        if (build.answers.get(new URL(request.url).pathname) === answer) build.answerBytes += encoded.length;
      }
      body = encoded;
      headers['content-encoding'] = coding;
      headers['content-length'] = String(body.length);
    }
  }
  return plainResponse(body, 200, headers);
}

async function openBuild(dir: string): Promise<SiteBuild> {
  const redirects = new RedirectsHandler({ projectDir: dir, publicDir: dir, configRedirects: [], jwtRoleClaim: '', jwtSecret: '' });
  // Parse `_redirects` now, so the swap never makes a request wait for (or fail on) it.
  await redirects.match(new Request('http://localhost/'));
  const headerRules = await readHeaderRules(dir);
  // Loaded from the build's own bundle, as Netlify deploys it: new page code with each build.
  const pageFunctions = pageFunctionDirOf(dir);
  const pages = pageFunctions ? await FunctionRouter.load(path.join(pageFunctions, 'ssr')) : undefined;
  return { dir, redirects, headerRules, rules: new Map(), matches: new Map(), answers: new Map(), answerBytes: 0, inFlight: 0, retired: false, pages };
}

/**
 * The request as the redirect engine may read it. It decodes the path with decodeURIComponent, which
 * throws on a broken escape (`%zz`, a lone surrogate), and its wildcards stop at a decoded line break:
 * such segments are matched as the literal text they are, so `/api/%zz` still meets the `/api/*`
 * rule (a JSON 404) and `/en/%zz` the locale's 404 page, never a bare 400 or a plain-text 404.
 */
function matchable(request: Request): Request {
  const url = new URL(request.url);
  const literal = (segment: string) => {
    try {
      // eslint-disable-next-line no-control-regex
      return /[\u0000-\u001f\u007f]/.test(decodeURIComponent(segment)) ? segment.replaceAll('%', '%25') : segment;
    } catch {
      return segment.replaceAll('%', '%25');
    }
  };
  const pathname = url.pathname.split('/').map(literal).join('/');
  if (pathname === url.pathname) return request;
  url.pathname = pathname;
  return new Request(url, { method: request.method, headers: request.headers });
}

/** The loopback names the local server answers to (it listens on 127.0.0.1 and ::1 only). */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The request's URL: always one of this server's own loopback addresses (the Host header's if it
 * names one of them on this port, else localhost), and the request target always a path (issue 26
 * point 2). `new URL('//evil.example/', base)` would read the target as another host; a Host header
 * could name any host. Functions read the site's address from the environment, and only the local
 * runtime falls back to this origin (netlify/functions/_shared/site.ts).
 */
export function requestUrl(target: string, hostHeader: string | undefined, port: number): URL {
  let host = `localhost:${port}`;
  try {
    const named = hostHeader ? new URL(`http://${hostHeader}`) : undefined;
    if (named && LOOPBACK_HOSTS.has(named.hostname) && Number(named.port || 80) === port) host = named.host;
  } catch {
    // A Host that is no host at all: this server's own name.
  }
  const url = new URL(`http://${host}`);
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  // A target that is not a path (`*`, an absolute URL) names nothing here: its path part, or `/`.
  url.pathname = path.startsWith('/') ? path : '/';
  url.search = queryAt === -1 ? '' : target.slice(queryAt);
  return url;
}

function toRequest(req: http.IncomingMessage, port: number): Request {
  const url = requestUrl(req.url ?? '/', req.headers.host, port);
  // Node's view of the headers (repeats joined as Node joins them), as pairs: one copy into the Request.
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (typeof value === 'string') headers.push([name, value]);
    else for (const v of value) headers.push([name, v]);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: 'half',
  } as RequestInit);
}

const isJson = (type: string | string[] | undefined) => typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);

async function send(response: Response, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  // An answer of ours (src/lib/response-headers.ts) is sent from its plain values: no web stream to
  // read back, no iteration of undici's header list (a quarter of a cached answer's CPU).
  const plain = plainAnswerOf(response);
  let headers: Record<string, string | string[]>;
  let buffered: Buffer | undefined;
  if (plain) {
    headers = { ...plain.headers };
    buffered = plain.body === null ? undefined : typeof plain.body === 'string' ? Buffer.from(plain.body) : plain.body;
  } else {
    headers = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') headers[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) headers['set-cookie'] = cookies;
    // A JSON answer is complete in memory when the function returns it: read it at once and send head and
    // body in one write (piping a web stream costs a node stream, microtasks and a write per chunk).
    buffered = isJson(headers['content-type']) && req.method !== 'HEAD' && response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  }
  if (buffered) headers['content-length'] = String(buffered.length);
  res.writeHead(response.status, headers);
  if (buffered || plain) {
    // Done once the client has it (or left): the build stays in use until then, as with a stream.
    await new Promise<void>((resolve) => {
      res.once('close', resolve);
      res.end(req.method === 'HEAD' ? undefined : buffered);
    });
    return;
  }
  if (!response.body || req.method === 'HEAD') {
    await response.body?.cancel();
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
    body.once('error', (error) => {
      console.error('Response stream failed:', error);
      res.destroy();
      resolve();
    });
    res.once('close', () => {
      body.destroy();
      resolve();
    });
    body.pipe(res);
  });
}

export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  const functions = await FunctionRouter.load(options.functionsDir);
  const blobs = options.blobsDir ? await startLocalBlobs(options.blobsDir) : undefined;
  const cdn = createLocalCdn();
  let site = options.siteDir ? await openBuild(path.resolve(options.siteDir)) : undefined;
  const pending = new Set<Promise<unknown>>();
  /** Tracks `waitUntil` work (and scheduled runs) until it settles; `close` awaits it. */
  const track = (promise: Promise<unknown>) => {
    const tracked = promise.catch((error: unknown) => console.error('waitUntil work failed:', error)).finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  const release = (build: SiteBuild | undefined) => {
    if (!build) return;
    build.inFlight--;
    if (build.retired && build.inFlight === 0) options.onRetired?.(build.dir);
  };

  /** Netlify's request chain for one request against one build. */
  async function respond(request: Request, build: SiteBuild | undefined, invocation: Invocation): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith(`${LOCAL_CDN_API_PREFIX}/`)) return (await cdn.handleApi(request))!;
    const fn = functions.match(pathname) ?? build?.pages?.match(pathname);
    if (fn && !fn.fn.preferStatic) return cdn.serve(request, () => invokeFunction(fn, request, invocation));
    if (fn) {
      // `preferStatic`: a file of the build at the path answers first; the function, not the rules, after it.
      const file = build ? matchStatic(build, request) : undefined;
      return file && build ? serveStatic(build, file, request) : cdn.serve(request, () => invokeFunction(fn, request, invocation));
    }
    if (build) {
      const rule = await matchRule(build, matchable(request));
      if (rule) {
        const rewritten = !rule.redirect && !rule.external ? functions.match(rule.target.pathname) : undefined;
        if (rewritten) return cdn.serve(request, () => invokeFunction(rewritten, request, invocation));
        // @netlify/redirects serves the target of `/x /y 404` with 200: the rule's status is the answer's
        // when the rule's target was served (not the requested file itself, which an unforced rule lets win).
        let servedTarget = false;
        const getStaticFile = async (r: Request) => {
          const file = matchStatic(build, r);
          if (!file) return undefined;
          return () => {
            servedTarget = r !== request;
            return serveStatic(build, file, r);
          };
        };
        const response = await build.redirects.handle(request, rule, getStaticFile);
        if (response) {
          if (servedTarget && isErrorStatus(rule.statusCode)) {
            const plain = plainAnswerOf(response);
            return plain ? plainResponse(plain.body, rule.statusCode, { ...plain.headers }) : new Response(response.body, { status: rule.statusCode, headers: response.headers });
          }
          return response;
        }
      }
      const file = matchStatic(build, request);
      if (file) return serveStatic(build, file, request);
    } else if (options.buildingMessage) {
      const page = `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Phantastika</title><p>${options.buildingMessage}</p>`;
      return new Response(page, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': '5' } });
    }
    return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }

  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const build = site;
    if (build) build.inFlight++;
    let released = false;
    const done = () => {
      if (released) return;
      released = true;
      release(build);
    };
    res.once('close', done);
    void (async () => {
      let request: Request;
      try {
        request = toRequest(req, port);
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad Request');
        return;
      }
      const named = options.trustTestClientIp ? req.headers['x-test-client-ip'] : undefined;
      const ip = (typeof named === 'string' ? named : req.socket.remoteAddress ?? '').replace(/^::ffff:/, '') || 'unknown';
      const invocation: Invocation = { ip, waitUntil: track };
      try {
        await send(await respond(request, build, invocation), req, res);
        // A body the function did not read (e.g. refused as too large) must still be drained, or the
        // next request on this keep-alive connection waits behind it.
        if (!req.complete) {
          req.removeAllListeners('data');
          req.on('data', () => undefined);
          req.resume();
        }
      } catch (error) {
        // A path that is not valid percent-encoding cannot name a page or a rule: the client's fault.
        const malformed = error instanceof URIError;
        if (!malformed) console.error('Local server error on', req.method, req.url, error);
        if (!res.headersSent) res.writeHead(malformed ? 400 : 500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(malformed ? 'Bad Request' : undefined);
      } finally {
        done();
      }
    })();
  };

  // Both loopback addresses: browsers and Node resolve `localhost` to either; nothing else can reach it.
  const servers = [http.createServer(handler)];
  await new Promise<void>((resolve, reject) => servers[0]!.once('error', reject).listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (servers[0]!.address() as AddressInfo).port;
  const v6 = http.createServer(handler);
  const v6Listening = await new Promise<boolean>((resolve) => {
    v6.once('error', () => resolve(false)).listen(port, '::1', () => resolve(true));
  });
  if (v6Listening) servers.push(v6);
  const uninstallCdn = installCdnPurgeTarget({ apiURL: `http://127.0.0.1:${port}${LOCAL_CDN_API_PREFIX}`, token: cdn.token });

  const runScheduled = (name: string): Promise<Response> => {
    const fn = functions.scheduled.find((f) => f.name === name);
    if (!fn) return Promise.reject(new Error(`No function in ${options.functionsDir ?? 'netlify/functions'} has a config.schedule named ${name}.`));
    return invokeScheduled(fn, `http://127.0.0.1:${port}`, { ip: '127.0.0.1', waitUntil: track });
  };
  // The scheduler of `npm start`: one timer per scheduled function, set for its next run. Node's
  // timers reach ~24 days at most, so a later run is waited for in steps.
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;
  const plan = (name: string, schedule: string, due = nextRunOf(schedule, new Date())) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (closing) return;
      if (Date.now() < due.getTime()) return plan(name, schedule, due);
      const run = runScheduled(name).then((response) => {
        if (!response.ok) console.error(`Scheduled function ${name} answered ${response.status}.`);
      });
      track(run);
      void run.catch(() => undefined).finally(() => {
        if (!closing) plan(name, schedule);
      });
    }, Math.min(Math.max(due.getTime() - Date.now(), 0), 2 ** 31 - 1));
    timer.unref();
    timers.add(timer);
  };
  if (options.runSchedules) for (const fn of functions.scheduled) plan(fn.name, fn.schedule!);

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    blobs,
    cdn,
    siteDir: () => site?.dir,
    async swapTo(dir) {
      const next = await openBuild(path.resolve(dir));
      const previous = site;
      site = next;
      // A deploy going live invalidates every kept answer (Netlify's atomic deploys).
      cdn.purge();
      if (previous && previous.dir !== next.dir) {
        previous.retired = true;
        if (previous.inFlight === 0) options.onRetired?.(previous.dir);
      }
    },
    runScheduled,
    async close() {
      closing = true;
      uninstallCdn();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeIdleConnections();
            }),
        ),
      );
      await Promise.all(pending);
      await blobs?.close();
    },
  };
}
