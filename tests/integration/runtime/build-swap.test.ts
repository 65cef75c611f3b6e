/**
 * Live build swaps and coalesced rebuilds (issue 9): under a steady stream of requests no request
 * gets a 404 or 5xx while builds are swapped; a request keeps the build it started with; superseded
 * folders go once drained; a failed rebuild leaves the served site alone and reports its log; the
 * admin endpoint checks the role on the server.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { installRebuilder } from '../../../netlify/functions/_shared/rebuild.ts';
import { createLocalRebuilder } from '../../../scripts/local-rebuild.ts';
import { startLocalServer, type LocalServer } from '../../../scripts/local-server.ts';
import { BuildFolders, run } from '../../../scripts/site-build.ts';
import { BIG_FILE_BYTES, makeFixtureSite } from '../../support/fixture-site.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'build-swap-'));
const servers: LocalServer[] = [];

afterEach(async () => {
  installRebuilder(undefined);
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The pages and rules a visitor hits; every one answers 200 or a redirect in every build. */
const STEADY = [
  ['/en/', 200],
  ['/de/books/', 200],
  ['/en/books/dune', 200],
  ['/favicon.svg', 200],
  ['/books', 302],
  ['/home', 301],
] as const;

/** A real child process writes the next build, as `astro build` would. */
const childBuild = (label: string) => async (outDir: string) => {
  await run(process.execPath, ['--input-type=module', '-e', `import { writeFixtureSite } from '${path.join(process.cwd(), 'tests/support/fixture-site.ts')}'; writeFixtureSite('${outDir}', '${label}');`], {});
};

/** A server on the first build of a fresh set of build folders, removing superseded builds as `npm start` does. */
async function serveFirstBuild(name: string, label: string) {
  const folders = new BuildFolders(0, path.join(scratch, name));
  const first = folders.next();
  await childBuild(label)(first);
  folders.publish(first);
  const server = await startLocalServer({ siteDir: first, onRetired: (dir) => void folders.remove(dir) });
  servers.push(server);
  return { folders, first, server };
}

describe('live build swap', () => {
  it('serves every request of a steady stream during repeated swaps, then the newest build', async () => {
    const retired: string[] = [];
    const first = makeFixtureSite('build0', scratch);
    const server = await startLocalServer({
      siteDir: first,
      onRetired: (dir) => {
        retired.push(dir);
        rmSync(dir, { recursive: true, force: true });
      },
    });
    servers.push(server);
    const builds = Array.from({ length: 8 }, (_, i) => makeFixtureSite(`build${i + 1}`, scratch));

    const failures: string[] = [];
    let requests = 0;
    let swapping = true;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const client = async (offset: number) => {
      for (let i = offset; swapping; i++) {
        const [url, expected] = STEADY[i % STEADY.length]!;
        const status = await new Promise<number>((resolve) =>
          http
            .get(`${server.url}${url}`, { agent }, (res) => {
              res.resume();
              res.once('end', () => resolve(res.statusCode ?? 0));
            })
            .once('error', () => resolve(0)),
        );
        requests++;
        if (status !== expected) failures.push(`${url}: ${status}`);
      }
    };
    const clients = Array.from({ length: 6 }, (_, c) => client(c));
    // Each swap happens under load: at least 25 requests since the previous one, whatever the machine's speed.
    const afterRequests = async (count: number) => {
      const target = requests + count;
      while (requests < target) await new Promise((r) => setTimeout(r, 5));
    };
    for (const dir of builds) {
      await afterRequests(25);
      await server.swapTo(dir);
    }
    await afterRequests(25);
    swapping = false;
    await Promise.all(clients);
    agent.destroy();

    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(25 * (builds.length + 1));
    expect(await (await fetch(`${server.url}/en/`)).text()).toContain('build8 en/index.html');
    expect(server.siteDir()).toBe(builds.at(-1));
    // Every superseded build was handed over once drained, and only those.
    await new Promise((r) => setTimeout(r, 50));
    expect(retired.sort()).toEqual([first, ...builds.slice(0, -1)].sort());
  });

  it('keeps a superseded build until the response reading from it has been sent', async () => {
    const retired: string[] = [];
    const first = makeFixtureSite('slow-a', scratch, { bigFile: true });
    const server = await startLocalServer({ siteDir: first, onRetired: (dir) => retired.push(dir) });
    servers.push(server);

    let received = 0;
    const finished = new Promise<number>((resolve, reject) => {
      http
        .get(`${server.url}/big.bin`, (res) => {
          res.pause();
          res.on('data', (chunk: Buffer) => (received += chunk.length));
          res.once('end', () => resolve(res.statusCode ?? 0));
          setTimeout(() => res.resume(), 300);
        })
        .once('error', reject);
    });
    await new Promise((r) => setTimeout(r, 100));
    await server.swapTo(makeFixtureSite('slow-b', scratch));
    expect(retired).toEqual([]);
    expect(await finished).toBe(200);
    expect(received).toBe(BIG_FILE_BYTES);
    await new Promise((r) => setTimeout(r, 20));
    expect(retired).toEqual([first]);
  });
});

describe('local rebuilds', () => {
  it('builds into a new folder, swaps it in, publishes it and removes the superseded one', async () => {
    const { folders, first, server } = await serveFirstBuild('folders-ok', 'first');
    const queue = createLocalRebuilder(server, folders, childBuild('second'), { settleMs: 0 });

    expect(queue.request()).toMatchObject({ mode: 'local', state: 'running', queued: false });
    expect(queue.request()).toMatchObject({ state: 'running', queued: true });
    await queue.idle();

    expect(queue.status()).toMatchObject({ state: 'done', queued: false, error: null });
    expect(await (await fetch(`${server.url}/de/`)).text()).toContain('second de/index.html');
    expect(folders.current()).toBe(server.siteDir());
    // The superseded folder is removed in the background.
    await expect.poll(() => readdirSync(folders.root).filter((e) => e.startsWith('build-'))).toEqual([path.basename(server.siteDir()!)]);
  });

  it('keeps serving the old build when a rebuild fails, and reports the end of its log', async () => {
    const { folders, first, server } = await serveFirstBuild('folders-fail', 'stable');
    const queue = createLocalRebuilder(server, folders, async (outDir) => {
      await run(process.execPath, ['-e', `require('fs').mkdirSync('${outDir}'); console.log('building pages'); console.error('[build] Failed to load the catalogue'); process.exit(3);`], {});
    });

    queue.request();
    await queue.idle();
    const status = queue.status();
    expect(status.state).toBe('failed');
    expect(status.error?.message).toMatch(/exited with 3/);
    expect(status.error?.logTail).toEqual(['building pages', '[build] Failed to load the catalogue']);
    expect(await (await fetch(`${server.url}/en/`)).text()).toContain('stable en/index.html');
    expect(folders.current()).toBe(first);
    expect(readdirSync(folders.root).filter((e) => e.startsWith('build-'))).toEqual([path.basename(first)]);
  });
});

describe('/api/admin/rebuild', () => {
  const login = async (server: LocalServer, email: string, password: string) => {
    const response = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(response.status).toBe(200);
    return response.headers.getSetCookie()[0]!.split(';')[0]!;
  };

  it('answers signed-out visitors 401 and asks a super user for the rebuild', async () => {
    const { folders, first, server } = await serveFirstBuild('folders-admin', 'admin-a');

    expect((await fetch(`${server.url}/api/admin/rebuild`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/admin/rebuild`, { method: 'POST' })).status).toBe(401);

    const cookie = await login(server, 'admin@phantastika.local', 'Phantastika-Admin-2026!');
    const unavailable = await fetch(`${server.url}/api/admin/rebuild`, { method: 'POST', headers: { cookie, 'accept-language': 'de' } });
    expect(unavailable.status).toBe(503);
    expect((await unavailable.json()).error.code).toBe('UNAVAILABLE');

    const queue = createLocalRebuilder(server, folders, childBuild('admin-b'), { settleMs: 0 });
    installRebuilder(queue);
    const asked = await fetch(`${server.url}/api/admin/rebuild`, { method: 'POST', headers: { cookie } });
    expect(asked.status).toBe(202);
    expect((await asked.json()).data).toMatchObject({ mode: 'local', state: 'running' });
    await queue.idle();
    const status = await (await fetch(`${server.url}/api/admin/rebuild`, { headers: { cookie } })).json();
    expect(status.data).toMatchObject({ mode: 'local', state: 'done', error: null });
    expect(await (await fetch(`${server.url}/en/`)).text()).toContain('admin-b en/index.html');
    await expect.poll(() => existsSync(first)).toBe(false);
  });
});
