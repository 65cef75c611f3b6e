/**
 * No 5xx from any input, and the envelope on every answer (issue 10, point 5): a fixed sample of
 * about 5,000 requests generated from the zod schemas of every endpoint (tests/support/fuzz-cases.ts)
 * against the local runtime and the integration database. Naughty strings, injections, control
 * characters, unicode edge cases, wrong types, huge and deeply nested bodies, wrong Content-Types,
 * methods, cookies, Accept-Language and Origin headers. One run lists every request that broke the
 * contract. `npm run fuzz:api` sends the full lists.
 *
 * The signed-in endpoints are fuzzed as one user, registered, verified in the database and signed
 * in here. Nothing in the sample can end that user: DELETE /api/profile only ever gets a wrong
 * password, reset and verify only tokens that match nothing, logout never gets the cookie; should a
 * future case end the session, the runner signs in again and retries.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedConnection, getDb } from '../../../db/client.ts';
import { startLocalServer, type LocalServer } from '../../../scripts/local-server.ts';
import { removeCreatedBy } from '../../support/editorial.ts';
import { describeResult, fuzzUserSession, generateCases, loadEndpoints, redirectsOnlySite, runCases, statusCounts, unlistedFunctions } from '../../support/fuzz-cases.ts';

let server: LocalServer;
let site: string;
let outbox: string;
const previousOutbox = process.env.OUTBOX_DIR;
const log = console.log;

beforeAll(async () => {
  // The fuzz registers a few dozen accounts: their mail goes to a folder of its own, deleted after.
  outbox = mkdtempSync(path.join(os.tmpdir(), 'phantastika-fuzz-outbox-'));
  process.env.OUTBOX_DIR = outbox;
  // Reader writes are limited per user (issue 12): the one fuzz user would meet a 429 before the database.
  process.env.READER_WRITES_PER_MINUTE = '1000000';
  // The admin cases write the catalogue thousands of times: the search index checks its version and
  // spaces its reloads as in production (setup-env.ts checks on every request for the other tests).
  process.env.CATALOGUE_CHECK_MS = '1000';
  process.env.CATALOGUE_RELOAD_SPACING = '4';
  console.log = (...args: unknown[]) => (typeof args[0] === 'string' && args[0].startsWith('[mail]') ? undefined : log(...args));
  // Only the site's `_redirects`: unclaimed /api/* paths answer from api-not-found, as deployed.
  site = redirectsOnlySite();
  server = await startLocalServer({ siteDir: site, trustTestClientIp: true });
});

afterAll(async () => {
  await server?.close();
  await closeSharedConnection();
  console.log = log;
  if (previousOutbox === undefined) delete process.env.OUTBOX_DIR;
  else process.env.OUTBOX_DIR = previousOutbox;
  for (const dir of [outbox, site]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('API fuzz', () => {
  it('covers every function module', () => {
    expect(unlistedFunctions(), 'add these to ENDPOINTS in tests/support/fuzz-cases.ts').toEqual([]);
  });

  it('answers a fixed sample of about 5,000 hostile requests without a 5xx, always with the envelope', async () => {
    const session = await fuzzUserSession(server.url, async (email) => {
      await (await getDb()).execute(sql`UPDATE users SET email_verified_at = now() WHERE email = ${email}`);
    });
    // The admin endpoints (issue 13) are fuzzed as a super user, so their input reaches validation and the database.
    const adminSession = await fuzzUserSession(
      server.url,
      async (email) => void (await (await getDb()).execute(sql`UPDATE users SET email_verified_at = now(), role = 'SUPER_USER' WHERE email = ${email}`)),
      'admin',
    );
    const adminId = ((await (await getDb()).execute(sql`SELECT id FROM users WHERE email = ${adminSession.email}`)).rows[0] as { id: string }).id;

    const cases = generateCases(await loadEndpoints(), { mode: 'sample' });
    const t0 = performance.now();
    const { results, renewals } = await runCases(server.url, cases, { concurrency: 8, session, adminSession, rotateClientIp: true }).finally(() => removeCreatedBy(adminId));
    const seconds = (performance.now() - t0) / 1000;

    const failures = results.filter((r) => r.problem);
    log(`API fuzz: ${results.length} requests in ${seconds.toFixed(1)} s; statuses ${statusCounts(results)}; ${failures.length} broke the contract; ${renewals} session renewals`);

    expect(cases.length).toBeGreaterThan(1500);
    expect(failures.map((r) => describeResult(r)), `${failures.length} of ${results.length} answers broke the contract`).toEqual([]);
    // The signed-in cases reached their handlers as the fuzz user (a 401 there means the session was lost).
    expect(results.filter((r) => r.case.auth && r.status === 401).map((r) => describeResult(r))).toEqual([]);
    // The admin cases reached their handlers as a super user (a 403 there means the session was not the admin's).
    expect(results.filter((r) => r.case.admin && r.case.auth && r.status === 403 && r.case.group !== 'header').map((r) => describeResult(r))).toEqual([]);
    expect((await fetch(`${server.url}/api/auth/user`, { headers: { cookie: session.cookie() } })).status).toBe(200);
  }, 90_000);
});
