/**
 * Deployed rebuilds coordinated in the database (issue 26 point 7; ADR 0027), against a real database
 * and a local HTTP server standing in for Netlify's build hook (it counts the POSTs and can hold its
 * answer): edits on any number of instances send one hook; the POST goes through waitUntil after the
 * answer; the deploy-succeeded event marks the deploy live and sends one follow-up only when an edit
 * came after its build started; /api/admin/rebuild shows the row.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from '@netlify/functions';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../../db/client.ts';
import adminRebuild from '../../../netlify/functions/admin-rebuild.mts';
import deployEvents from '../../../netlify/functions/deploy-succeeded.mts';
import { installRebuilder, rebuildStatus, requestRebuild } from '../../../netlify/functions/_shared/rebuild.ts';
import { RebuildStatusSchema, type RebuildStatus } from '../../../src/domain/schemas/rebuild.ts';
import { editorForTests } from '../../support/editorial.ts';
import { dataOf, errorOf, serveForTests } from '../../support/readers.ts';

const server = serveForTests();
const call = server.call;
const editor = editorForTests(server);

/** Netlify's build hook, played by a server on 127.0.0.1: counts POSTs; `hold()` keeps the answers back until released. */
const hook = {
  server: undefined as Server | undefined,
  posts: 0,
  status: 200,
  held: null as Promise<void> | null,
  release: () => undefined as void,
  hold() {
    this.held = new Promise((resolve) => (this.release = () => ((this.held = null), resolve())));
  },
  url: () => `http://127.0.0.1:${(hook.server!.address() as AddressInfo).port}/build_hooks/test`,
};

beforeAll(async () => {
  hook.server = createServer(async (req, res) => {
    if (req.method === 'POST') hook.posts++;
    if (hook.held) await hook.held;
    res.writeHead(hook.status).end();
  });
  await new Promise<void>((resolve) => hook.server!.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  delete process.env.BUILD_HOOK_URL;
  hook.release();
  await new Promise((resolve) => hook.server?.close(resolve));
});

beforeEach(async () => {
  // editorForTests installs a local rebuilder for its block; these tests are the deployed path.
  installRebuilder(undefined);
  process.env.BUILD_HOOK_URL = hook.url();
  await (await getDb()).execute(sql`DELETE FROM site_rebuild`);
  hook.posts = 0;
  hook.status = 200;
});

afterEach(() => hook.release());

/** Waits until the hook server has seen `count` POSTs (the POST runs after the answer), then a little more to catch extra ones. */
async function postsSettle(count: number): Promise<void> {
  for (let i = 0; i < 200 && hook.posts < count; i++) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 100));
  expect(hook.posts).toBe(count);
}

const status = async (): Promise<RebuildStatus> => dataOf(await call('GET', '/api/admin/rebuild', { cookie: editor().cookie }), RebuildStatusSchema);
const askForRebuild = async () => dataOf(await call('POST', '/api/admin/rebuild', { cookie: editor().cookie }), RebuildStatusSchema, 202);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A deploy event as Netlify's runtime hands it to the handler (`DeploySucceededEvent`). */
const deployEvent = (id: string, createdAt: Date, context = 'production') => ({
  deploy: { id, context, createdAt: createdAt.toISOString(), state: 'ready', errorMessage: null },
  site: { id: 'site', name: 'phantastika', url: 'https://phantastika.example', adminUrl: '' },
}) as unknown as Parameters<typeof deployEvents.deploySucceeded>[0];

describe('requests from several instances', () => {
  it('coalesce to one hook POST: concurrent admin requests, an editorial write and a direct call share only the row', async () => {
    const answers = await Promise.all([askForRebuild(), askForRebuild(), askForRebuild(), requestRebuild({})]);
    for (const answer of answers) expect(answer).toMatchObject({ mode: 'hook', state: 'running' });
    const genre = await call('POST', '/api/genres', { cookie: editor().cookie, body: { name: `Rebuild genre ${Date.now()}` } });
    expect(genre.status).toBe(201);
    expect((genre.json as { data: { rebuild: RebuildStatus } }).data.rebuild).toMatchObject({ mode: 'hook', state: 'running', queued: true });
    await postsSettle(1);
    expect(await status()).toMatchObject({ mode: 'hook', state: 'running', queued: true, liveSince: null });
  });

  it('answers before the hook answers, with the POST registered through waitUntil', async () => {
    hook.hold();
    const registered: Promise<unknown>[] = [];
    const context = { params: {}, waitUntil: (promise: Promise<unknown>) => registered.push(promise) } as unknown as Context;
    const request = new Request(`${server.url()}/api/admin/rebuild`, { method: 'POST', headers: { cookie: editor().cookie } });
    const answer = await adminRebuild(request, context);
    expect(answer.status).toBe(202);
    expect(registered).toHaveLength(1);
    await postsSettle(1);
    let settled = false;
    void registered[0]!.then(() => (settled = true));
    await sleep(50);
    expect(settled, 'the hook still holds its answer').toBe(false);
    hook.release();
    await registered[0];
    expect(await status()).toMatchObject({ state: 'running', error: null });
  });

  it('records a refused hook as failed, and the next request sends again', async () => {
    hook.status = 404;
    await askForRebuild();
    await postsSettle(1);
    for (let i = 0; i < 50 && (await status()).state !== 'failed'; i++) await sleep(20);
    expect(await status()).toMatchObject({ state: 'failed', error: { message: 'The build hook answered 404.' } });
    hook.status = 200;
    expect(await askForRebuild()).toMatchObject({ state: 'running' });
    await postsSettle(2);
  });
});

describe('a request the row cannot record', () => {
  it('answers a failed status instead of throwing, so an edit already saved is still answered as saved', async () => {
    const db = await getDb();
    await db.execute(sql`ALTER TABLE site_rebuild RENAME TO site_rebuild_away`);
    try {
      const answer = await requestRebuild({});
      expect(answer).toMatchObject({ mode: 'hook', state: 'failed', error: { message: expect.stringContaining('could not be recorded') } });
    } finally {
      await db.execute(sql`ALTER TABLE site_rebuild_away RENAME TO site_rebuild`);
    }
    expect(hook.posts).toBe(0);
  });
});

describe('the deploy-succeeded event', () => {
  it('marks the deploy live and sends one follow-up only when an edit came after its build started', async () => {
    await askForRebuild();
    await postsSettle(1);
    const firstBuild = new Date();
    await sleep(20);
    expect(await askForRebuild()).toMatchObject({ state: 'running', queued: true });

    await deployEvents.deploySucceeded(deployEvent('deploy-1', firstBuild));
    expect(hook.posts, 'one follow-up for the edit after the build started').toBe(2);
    const afterFirst = await status();
    expect(afterFirst).toMatchObject({ state: 'running', queued: false });
    expect(afterFirst.liveSince).not.toBeNull();

    const secondBuild = new Date();
    await deployEvents.deploySucceeded(deployEvent('deploy-2', secondBuild));
    expect(hook.posts, 'no edit after the second build started: no more hooks').toBe(2);
    const done = await status();
    expect(done).toMatchObject({ state: 'done', queued: false, error: null });
    expect(Date.parse(done.liveSince!)).toBeGreaterThan(Date.parse(afterFirst.liveSince!));
    const row = (await (await getDb()).execute<{ live_deploy_id: string }>(sql`SELECT live_deploy_id FROM site_rebuild`)).rows[0];
    expect(row?.live_deploy_id).toBe('deploy-2');
  });

  it('sends no follow-up when every edit came before the build started', async () => {
    await askForRebuild();
    await sleep(20);
    await deployEvents.deploySucceeded(deployEvent('deploy-1', new Date()));
    await postsSettle(1);
    expect(await status()).toMatchObject({ state: 'done' });
  });

  it('ignores deploy previews, and a failed deploy settles the hook as failed', async () => {
    await askForRebuild();
    await sleep(20);
    await deployEvents.deploySucceeded(deployEvent('preview', new Date(), 'deploy-preview'));
    expect(await status()).toMatchObject({ state: 'running', liveSince: null });
    const failed = { ...deployEvent('deploy-1', new Date()), deploy: { ...deployEvent('deploy-1', new Date()).deploy, state: 'error', errorMessage: 'Build script returned non-zero exit code: 2' } };
    await deployEvents.deployFailed(failed);
    expect(await status()).toMatchObject({ state: 'failed', error: { message: 'Build script returned non-zero exit code: 2' } });
    await postsSettle(1);
  });

  it('marks nothing for a request from outside or an event that is not a deploy', async () => {
    const answer = await deployEvents.fetch();
    expect(answer.status).toBe(404);
    await deployEvents.deploySucceeded({ deploy: { id: 'x' } } as never);
    expect(await status()).toMatchObject({ state: 'idle', liveSince: null });
    expect((await fetch(`${server.url()}/.netlify/functions/deploy-succeeded`, { method: 'POST', body: JSON.stringify(deployEvent('forged', new Date())) })).status).toBe(404);
    expect(await status()).toMatchObject({ state: 'idle', liveSince: null });
    expect(hook.posts).toBe(0);
  });
});

describe('without BUILD_HOOK_URL', () => {
  it('the status is unavailable, a manual request is a 503, and deploy events record nothing', async () => {
    delete process.env.BUILD_HOOK_URL;
    expect(await rebuildStatus()).toMatchObject({ mode: 'unavailable' });
    expect(await status()).toMatchObject({ mode: 'unavailable', state: 'idle' });
    errorOf(await call('POST', '/api/admin/rebuild', { cookie: editor().cookie }), 503);
    await deployEvents.deploySucceeded(deployEvent('deploy-1', new Date()));
    expect((await (await getDb()).execute(sql`SELECT 1 FROM site_rebuild`)).rows).toHaveLength(0);
    expect(hook.posts).toBe(0);
  });
});
