/**
 * The scheduled prune (issue 26 point 6) against the real database: stale rows of every kind go and
 * fresh ones stay when the scheduler calls `prune-expired` (as the local server's timer calls it),
 * and calling a scheduled function by URL in production does nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedConnection, getDb } from '../../../db/client.ts';
import analyticsRollup from '../../../netlify/functions/analytics-rollup.mts';
import pruneExpired from '../../../netlify/functions/prune-expired.mts';
import { startLocalServer, type LocalServer } from '../../../scripts/local-server.ts';
import { LOCAL_RUNTIME_VALUE, LOCAL_RUNTIME_VARIABLE } from '../../../src/domain/runtime/environment.ts';
import { EMAIL_TOKEN_KEPT_DAYS, IMPORT_JOB_MAX_AGE_DAYS, IMPORT_JOBS_KEPT } from '../../../src/domain/runtime/retention.ts';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(async () => {
  await server.close();
  await closeSharedConnection();
});
// The local server says "local" (scripts/local-runtime.ts); the production tests take it away.
afterEach(() => {
  process.env[LOCAL_RUNTIME_VARIABLE] = LOCAL_RUNTIME_VALUE;
});

const run = randomUUID().slice(0, 8);
const ago = (interval: string) => sql`now() - ${interval}::interval`;
const ahead = (interval: string) => sql`now() + ${interval}::interval`;

async function insertUser(name: string): Promise<string> {
  const { rows } = await (await getDb()).execute(sql`
    INSERT INTO users (email, password_hash, email_verified_at) VALUES (${`prune-${run}-${name}@example.test`}, 'not-a-hash', now()) RETURNING id`);
  return (rows[0] as { id: string }).id;
}

async function insertSession(userId: string, expiresAt: ReturnType<typeof sql>, revokedAt: ReturnType<typeof sql> | null = null): Promise<string> {
  const { rows } = await (await getDb()).execute(sql`
    INSERT INTO sessions (user_id, expires_at, revoked_at) VALUES (${userId}, ${expiresAt}, ${revokedAt ?? sql`NULL`}) RETURNING id`);
  return (rows[0] as { id: string }).id;
}

async function insertToken(userId: string, expiresAt: ReturnType<typeof sql>, usedAt: ReturnType<typeof sql> | null): Promise<string> {
  const { rows } = await (await getDb()).execute(sql`
    INSERT INTO email_tokens (user_id, purpose, token_hash, expires_at, used_at)
    VALUES (${userId}, 'verify_email', ${randomUUID()}, ${expiresAt}, ${usedAt ?? sql`NULL`}) RETURNING id`);
  return (rows[0] as { id: string }).id;
}

async function insertCounter(name: string, windowStart: ReturnType<typeof sql>): Promise<string> {
  const key = `prune-test:${run}:${name}`;
  await (await getDb()).execute(sql`INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${windowStart}, 3)`);
  return key;
}

async function insertSubscription(name: string, facts: { consentAt: ReturnType<typeof sql>; confirmedAt?: ReturnType<typeof sql>; unsubscribedAt?: ReturnType<typeof sql> }): Promise<string> {
  const { rows } = await (await getDb()).execute(sql`
    INSERT INTO newsletter_subscriptions (email, language, consent_at, consent_text_version, confirmed_at, unsubscribed_at)
    VALUES (${`prune-${run}-${name}@example.test`}, 'en', ${facts.consentAt}, '1', ${facts.confirmedAt ?? sql`NULL`}, ${facts.unsubscribedAt ?? sql`NULL`}) RETURNING id`);
  return (rows[0] as { id: string }).id;
}

async function insertJob(userId: string, name: string, status: string, createdDaysAgo: number, updatedDaysAgo = createdDaysAgo): Promise<string> {
  const { rows } = await (await getDb()).execute(sql`
    INSERT INTO import_jobs (user_id, source, file_name, encoding, total, status, created_at, updated_at)
    VALUES (${userId}, 'goodreads', ${name}, 'utf-8', 1, ${status}::import_job_status, ${ago(`${createdDaysAgo} days`)}, ${ago(`${updatedDaysAgo} days`)}) RETURNING id`);
  const id = (rows[0] as { id: string }).id;
  await (await getDb()).execute(sql`INSERT INTO import_rows (job_id, line, title, author) VALUES (${id}, 2, 'A Title', 'An Author')`);
  return id;
}

async function insertIdempotencyKey(name: string, createdAt: ReturnType<typeof sql>, status: number | null = 201): Promise<string> {
  const key = `prune-${run}-${name}`;
  await (await getDb()).execute(sql`
    INSERT INTO idempotency_keys (scope, key, method, path, fingerprint, status, headers, body, created_at)
    VALUES ('client:prune-test', ${key}, 'POST', '/api/reading-list', 'x', ${status}, '{}'::jsonb, '{}', ${createdAt})`);
  return key;
}

/** Which of `ids` are still in `table` (by `column`). */
async function remaining(table: string, column: string, ids: string[]): Promise<string[]> {
  const { rows } = await (await getDb()).execute(sql`SELECT ${sql.identifier(column)} AS id FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)}::text IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return (rows as { id: string }[]).map((r) => r.id).sort();
}

const sorted = (ids: string[]) => [...ids].sort();
const scheduledBody = () => JSON.stringify({ next_run: new Date(Date.now() + 3600_000).toISOString() });
/** A Functions v2 context with only what the scheduled handlers read. */
const contextFor = (deploy: { context: string; published: boolean }) => ({ deploy, params: {} }) as unknown as Context;

describe('the hourly prune', () => {
  it('removes exactly the stale rows of every kind when the scheduler calls it', async () => {
    const [reader, other] = [await insertUser('reader'), await insertUser('other')];

    const staleSessions = [await insertSession(reader, ago('1 minute')), await insertSession(reader, ahead('1 day'), ago('1 minute'))];
    const liveSessions = [await insertSession(reader, ahead('1 day'))];

    const staleTokens = [
      await insertToken(reader, ago(`${EMAIL_TOKEN_KEPT_DAYS} days 1 minute`), ago(`${EMAIL_TOKEN_KEPT_DAYS} days 10 minutes`)),
      await insertToken(reader, ago(`${EMAIL_TOKEN_KEPT_DAYS} days 1 minute`), null),
    ];
    const keptTokens = [
      // Used and expired, but recently: a second click must still say "already used".
      await insertToken(reader, ago('10 minutes'), ago('20 minutes')),
      await insertToken(reader, ago(`${EMAIL_TOKEN_KEPT_DAYS - 1} days`), null),
      await insertToken(reader, ahead('30 minutes'), null),
    ];

    const staleCounters = [await insertCounter('old', ago('2 hours'))];
    const freshCounters = [await insertCounter('fresh', ago('10 minutes'))];

    const staleSubscriptions = [
      await insertSubscription('never-confirmed', { consentAt: ago('31 days') }),
      await insertSubscription('long-gone', { consentAt: ago('5 years'), confirmedAt: ago('5 years'), unsubscribedAt: ago('3 years 1 day') }),
    ];
    const keptSubscriptions = [
      await insertSubscription('pending', { consentAt: ago('1 day') }),
      await insertSubscription('subscriber', { consentAt: ago('400 days'), confirmedAt: ago('400 days') }),
      await insertSubscription('recently-gone', { consentAt: ago('2 years'), confirmedAt: ago('2 years'), unsubscribedAt: ago('1 year') }),
    ];

    // The reader: a running job (the newest), then settled ones a day apart; only the latest IMPORT_JOBS_KEPT jobs stay.
    const running = await insertJob(reader, 'running.csv', 'matching', 0);
    const settled = [];
    for (let day = 1; day <= IMPORT_JOBS_KEPT + 1; day++) settled.push(await insertJob(reader, `old-${day}.csv`, 'done', day));
    const applying = await insertJob(reader, 'applying.csv', 'applying', IMPORT_JOBS_KEPT + 5);
    // Someone else: one settled job past the age limit, one in review, one stuck in matching for as long.
    const ancient = await insertJob(other, 'ancient.csv', 'done', IMPORT_JOB_MAX_AGE_DAYS + 1);
    const recent = await insertJob(other, 'recent.csv', 'review', 10, 1);
    const stuck = await insertJob(other, 'stuck.csv', 'matching', IMPORT_JOB_MAX_AGE_DAYS + 1);
    const keptJobs = [running, ...settled.slice(0, IMPORT_JOBS_KEPT - 1), applying, recent, stuck];
    const staleJobs = [...settled.slice(IMPORT_JOBS_KEPT - 1), ancient];

    // Idempotency keys (ADR 0031): kept for 24 hours, answered or still claimed.
    const staleKeys = [await insertIdempotencyKey('old', ago('24 hours 1 minute')), await insertIdempotencyKey('old-claim', ago('25 hours'), null)];
    const keptKeys = [await insertIdempotencyKey('recent', ago('23 hours')), await insertIdempotencyKey('running', ago('1 second'), null)];

    const response = await server.runScheduled('prune-expired');
    expect(response.status).toBe(204);

    expect(await remaining('sessions', 'id', [...staleSessions, ...liveSessions])).toEqual(sorted(liveSessions));
    expect(await remaining('email_tokens', 'id', [...staleTokens, ...keptTokens])).toEqual(sorted(keptTokens));
    expect(await remaining('rate_limits', 'key', [...staleCounters, ...freshCounters])).toEqual(sorted(freshCounters));
    expect(await remaining('newsletter_subscriptions', 'id', [...staleSubscriptions, ...keptSubscriptions])).toEqual(sorted(keptSubscriptions));
    expect(await remaining('import_jobs', 'id', [...staleJobs, ...keptJobs])).toEqual(sorted(keptJobs));
    expect(await remaining('idempotency_keys', 'key', [...staleKeys, ...keptKeys])).toEqual(sorted(keptKeys));
    // A pruned job's rows go with it.
    expect(await remaining('import_rows', 'job_id', [...staleJobs, ...keptJobs])).toEqual(sorted(keptJobs));

    // A second run finds nothing more of these.
    expect((await server.runScheduled('prune-expired')).status).toBe(204);
    expect(await remaining('sessions', 'id', liveSessions)).toEqual(sorted(liveSessions));
  });
});

describe('a scheduled function called by URL', () => {
  it('does nothing locally unless the call is the scheduler’s (a POST with next_run)', async () => {
    const stale = await insertSession(await insertUser('local-url'), ago('1 minute'));
    const url = `${server.url}/.netlify/functions/prune-expired`;
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(url, { method: 'POST' })).status).toBe(404);
    expect((await fetch(url, { method: 'POST', body: '{"next_run": "soon"}' })).status).toBe(404);
    expect(await remaining('sessions', 'id', [stale])).toEqual([stale]);
  });

  it('does nothing in production (no PHANTASTIKA_RUNTIME), whatever it sends, outside the published production deploy', async () => {
    delete process.env[LOCAL_RUNTIME_VARIABLE];
    const stale = await insertSession(await insertUser('production-url'), ago('1 minute'));
    const url = `${server.url}/.netlify/functions/prune-expired`;
    // Through the server: its context is no published production deploy, as on a deploy preview.
    const viaServer = await fetch(url, { method: 'POST', body: scheduledBody(), headers: { 'user-agent': 'Netlify Clockwork', 'x-nf-event': 'schedule' } });
    expect(viaServer.status).toBe(404);
    expect((await fetch(url)).status).toBe(404);
    // The handler itself, with each deploy a URL can reach.
    for (const deploy of [
      { context: 'deploy-preview', published: false },
      { context: 'branch-deploy', published: false },
      { context: 'production', published: false },
    ]) {
      const answer = await pruneExpired(new Request(url, { method: 'POST', body: scheduledBody() }), contextFor(deploy));
      expect(answer.status, deploy.context).toBe(404);
    }
    // The published deploy, but a plain request: not the scheduler's.
    expect((await pruneExpired(new Request(url), contextFor({ context: 'production', published: true }))).status).toBe(404);
    expect((await analyticsRollup(new Request(url.replace('prune-expired', 'analytics-rollup')), contextFor({ context: 'production', published: true }))).status).toBe(404);
    expect(await remaining('sessions', 'id', [stale])).toEqual([stale]);

    // The scheduler's own call on the published production deploy does the work.
    const scheduled = await pruneExpired(new Request(url, { method: 'POST', body: scheduledBody() }), contextFor({ context: 'production', published: true }));
    expect(scheduled.status).toBe(204);
    expect(await remaining('sessions', 'id', [stale])).toEqual([]);
  });
});
