import { describe, expect, it } from 'vitest';
import { createRebuildQueue } from './rebuild-queue.ts';

/** A build the test finishes by hand, counting how often it started. */
function manualBuilds() {
  const pending: { resolve: () => void; reject: (e: unknown) => void }[] = [];
  let started = 0;
  const build = () => {
    started++;
    return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return { build, started: () => started, finish: () => pending.shift()!.resolve(), fail: (e: unknown) => pending.shift()!.reject(e) };
}

const clock = () => {
  let t = Date.parse('2026-11-25T10:00:00Z');
  return () => new Date((t += 1000));
};

describe('createRebuildQueue', () => {
  it('starts a build at once when none runs', () => {
    const builds = manualBuilds();
    const queue = createRebuildQueue('local', builds.build, clock());
    expect(queue.status()).toMatchObject({ mode: 'local', state: 'idle', queued: false, startedAt: null });
    expect(queue.request()).toMatchObject({ state: 'running', queued: false, startedAt: '2026-11-25T10:00:01.000Z' });
    expect(builds.started()).toBe(1);
  });

  it('with settleMs, holds a burst as queued and builds it once (ten saves in a row, one build)', async () => {
    const builds = manualBuilds();
    const queue = createRebuildQueue('local', builds.build, clock(), { settleMs: 20 });
    for (let i = 0; i < 10; i++) expect(queue.request()).toMatchObject({ state: 'idle', queued: true });
    expect(builds.started()).toBe(0);
    await new Promise((r) => setTimeout(r, 40));
    expect(builds.started()).toBe(1);
    expect(queue.status()).toMatchObject({ state: 'running', queued: false });
    builds.finish();
    await queue.idle();
    expect(builds.started()).toBe(1);
    expect(queue.status()).toMatchObject({ state: 'done', queued: false });
  });

  it('coalesces a burst into one running and one queued build', async () => {
    const builds = manualBuilds();
    const queue = createRebuildQueue('local', builds.build, clock());
    queue.request();
    for (let i = 0; i < 5; i++) expect(queue.request()).toMatchObject({ state: 'running', queued: true });
    expect(builds.started()).toBe(1);
    builds.finish();
    await new Promise((r) => setTimeout(r, 0));
    expect(builds.started()).toBe(2);
    expect(queue.status()).toMatchObject({ state: 'running', queued: false });
    builds.finish();
    await queue.idle();
    expect(builds.started()).toBe(2);
    expect(queue.status()).toMatchObject({ state: 'done', queued: false, error: null });
    expect(queue.status().finishedAt).not.toBeNull();
  });

  it('reports a failure with the last lines of the build log, and a later success clears it', async () => {
    const builds = manualBuilds();
    const queue = createRebuildQueue('local', builds.build, clock());
    queue.request();
    builds.fail(Object.assign(new Error('astro build exited with 1'), { logTail: ['[build] error', 'Cannot read properties of undefined'] }));
    await queue.idle();
    expect(queue.status()).toMatchObject({ state: 'failed', error: { message: 'astro build exited with 1', logTail: ['[build] error', 'Cannot read properties of undefined'] } });
    queue.request();
    builds.finish();
    await queue.idle();
    expect(queue.status()).toMatchObject({ state: 'done', error: null });
  });

  it('says since when the served pages are live: the latest success, kept through a later failure (issue 13)', async () => {
    const builds = manualBuilds();
    const queue = createRebuildQueue('local', builds.build, clock());
    expect(queue.status().liveSince).toBeNull();
    queue.request();
    builds.finish();
    await queue.idle();
    const live = queue.status().liveSince;
    expect(live).toBe(queue.status().finishedAt);
    queue.request();
    builds.fail(new Error('astro build exited with 1'));
    await queue.idle();
    expect(queue.status()).toMatchObject({ state: 'failed', liveSince: live });
    expect(queue.status().finishedAt).not.toBe(live);
  });

  it('runs the queued build after a failed one', async () => {
    const builds = manualBuilds();
    const queue = createRebuildQueue('hook', builds.build, clock());
    queue.request();
    queue.request();
    builds.fail('refused');
    await new Promise((r) => setTimeout(r, 0));
    expect(builds.started()).toBe(2);
    expect(queue.status()).toMatchObject({ mode: 'hook', state: 'running', error: { message: 'refused', logTail: [] } });
    builds.finish();
    await queue.idle();
    expect(queue.status().state).toBe('done');
  });
});
