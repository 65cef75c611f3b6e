/**
 * `npm run fuzz:api`: the API fuzz with the full lists (issue 10, point 5). Every value of every list
 * (the Big List of Naughty Strings, the injection lists of tests/fixtures/fuzz, control characters,
 * unicode edge cases, wrong types, boundaries) in every field of every endpoint's request schema,
 * plus the whole-request cases: about 50,000 requests, built by tests/support/fuzz-cases.ts (the
 * integration test `api-fuzz.test.ts` sends a fixed sample of them on every `npm test`).
 *
 * It starts the local runtime itself (`startLocalServer`, functions plus the site's `_redirects`)
 * against its own database `phantastika_fuzz` (FUZZ_DATABASE), recreated, migrated and seeded on the
 * configured server (DATABASE_URL, else the embedded PostgreSQL), so the few hundred accounts and
 * rate-limit rows the fuzz creates never land in the database `npm start` uses; it is dropped at the
 * end (FUZZ_KEEP_DATABASE=1 keeps it). Each request comes from its own client address, so rate
 * limits (per address) never hide what is behind them. Mail goes to a temporary outbox, bcrypt uses
 * 4 rounds unless BCRYPT_ROUNDS says otherwise.
 *
 * Prints the number of answers per status, per endpoint, then every answer that broke the contract
 * (a 5xx, no JSON envelope, an envelope whose code does not match the status, a connection left
 * broken), and exits 1 if there was any.
 *
 *   npm run fuzz:api                 # the full lists (a few minutes on 2 cores)
 *   npm run fuzz:api -- --sample     # the test's sample only (about 3,400 requests)
 *   CONCURRENCY=8 (requests in flight), FUZZ_SEED (seed of --sample)
 */
import './local-runtime.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { closeSharedConnection, getDb } from '../db/client.ts';
import { resolveLocalDatabaseUrl, stopOwnedEmbeddedServers } from '../db/embedded.ts';
import { removeCreatedBy } from '../tests/support/editorial.ts';
import { describeResult, fuzzUserSession, generateCases, loadEndpoints, redirectsOnlySite, runCases, statusCounts, unlistedFunctions, type FuzzResult } from '../tests/support/fuzz-cases.ts';
import { prepareDatabase } from './db-prepare.ts';
import { startLocalServer } from './local-server.ts';

const { values } = parseArgs({ options: { sample: { type: 'boolean', default: false } } });
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const DATABASE = process.env.FUZZ_DATABASE ?? 'phantastika_fuzz';

process.env.BCRYPT_ROUNDS ??= '4';
const outbox = mkdtempSync(path.join(os.tmpdir(), 'phantastika-fuzz-outbox-'));
process.env.OUTBOX_DIR = outbox;
// Reader writes are limited per user (issue 12): the one fuzz user would meet a 429 before the database.
process.env.READER_WRITES_PER_MINUTE ??= '1000000';
// One line per mail the fuzz causes would bury the report.
const log = console.log;
console.log = (...args: unknown[]) => (typeof args[0] === 'string' && args[0].startsWith('[mail]') ? undefined : log(...args));

/** The configured server's URL with another database. */
const configured = await resolveLocalDatabaseUrl();
const urlOf = (database: string) => Object.assign(new URL(configured), { pathname: `/${database}` }).href;
async function onMaintenance(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: urlOf('postgres') });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

await onMaintenance(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
await onMaintenance(`CREATE DATABASE "${DATABASE}"`);
const databaseUrl = urlOf(DATABASE);
process.env.DATABASE_URL = databaseUrl;
const t0 = performance.now();
const prepared = await prepareDatabase({ url: databaseUrl });
await prepared.connection.close();
log(`Database ${DATABASE} on ${new URL(configured).host}: migrated and seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);

const site = redirectsOnlySite();
const server = await startLocalServer({ siteDir: site, trustTestClientIp: true });
let exitCode = 1;
try {
  const unlisted = unlistedFunctions();
  if (unlisted.length) log(`Not in the fuzz table (tests/support/fuzz-cases.ts ENDPOINTS), so not fuzzed: ${unlisted.join(', ')}`);
  const session = await fuzzUserSession(server.url, async (email) => {
    await (await getDb()).execute(sql`UPDATE users SET email_verified_at = now() WHERE email = ${email}`);
  });
  // The admin endpoints (issue 13) go as a super user of their own; what their creates add is removed after the run.
  const adminSession = await fuzzUserSession(
    server.url,
    async (email) => void (await (await getDb()).execute(sql`UPDATE users SET email_verified_at = now(), role = 'SUPER_USER' WHERE email = ${email}`)),
    'admin',
  );
  const adminId = ((await (await getDb()).execute(sql`SELECT id FROM users WHERE email = ${adminSession.email}`)).rows[0] as { id: string }).id;
  const cases = generateCases(await loadEndpoints(), { mode: values.sample ? 'sample' : 'full', seed: process.env.FUZZ_SEED });
  log(`Sending ${cases.length} requests (${values.sample ? 'the sample' : 'full lists'}, ${CONCURRENCY} in flight) to ${server.url} ...`);
  const started = performance.now();
  const step = Math.max(1000, Math.round(cases.length / 10));
  const { results, renewals } = await runCases(server.url, cases, {
    concurrency: CONCURRENCY,
    session,
    adminSession,
    rotateClientIp: true,
    onProgress: (done, total) => {
      if (done % step === 0 || done === total) log(`  ${done}/${total} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    },
  });
  await removeCreatedBy(adminId);
  const seconds = (performance.now() - started) / 1000;

  log(`\n${results.length} requests in ${seconds.toFixed(1)} s (${(results.length / seconds).toFixed(0)}/s); session renewals: ${renewals}`);
  log(`Statuses: ${statusCounts(results)}`);
  const byEndpoint = new Map<string, FuzzResult[]>();
  for (const r of results) byEndpoint.set(r.case.endpoint, [...(byEndpoint.get(r.case.endpoint) ?? []), r]);
  log('\nPer endpoint:');
  for (const [endpoint, list] of byEndpoint) {
    const slowest = Math.max(...list.map((r) => r.ms));
    log(`  ${endpoint.padEnd(42)} ${String(list.length).padStart(6)}  ${statusCounts(list)}  (slowest ${slowest.toFixed(0)} ms)`);
  }

  const failures = results.filter((r) => r.problem);
  if (failures.length) {
    const kinds = new Map<string, number>();
    for (const r of failures) {
      const kind = `${r.case.endpoint}: ${r.problem!.replace(/ \(.*$|: .*$/, '')}`;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    log(`\n${failures.length} answers broke the contract:`);
    for (const [kind, n] of kinds) log(`  ${String(n).padStart(5)}  ${kind}`);
    log('');
    for (const r of failures) log(describeResult(r, 200));
  } else {
    log('\nEvery answer kept the contract: no 5xx, the JSON envelope on each.');
  }
  exitCode = failures.length ? 1 : 0;
} finally {
  await server.close();
  await closeSharedConnection();
  if (process.env.FUZZ_KEEP_DATABASE !== '1') await onMaintenance(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
  await stopOwnedEmbeddedServers();
  console.log = log;
  for (const dir of [outbox, site]) rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode);
