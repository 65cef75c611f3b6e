/**
 * The server side of analytics (issue 14 points 1-2) that several functions share: who a client is
 * for today (the visitor hash; the address and user agent are read here and nowhere stored), the
 * per-client rate limit of events, the search recorder of the search endpoints, and the daily rollup.
 */
import type { Context } from '@netlify/functions';
import { getDb } from '../../../db/client.ts';
import { insertSearches, saltOfDay, type SearchRecord } from '../../../db/queries/analytics/events.ts';
import { rollUpFinishedDays } from '../../../db/queries/analytics/rollup.ts';
import { optedOut, utcDay, visitorHash } from '../../../src/domain/analytics/visitor.ts';
import { ApiError } from '../../../src/domain/envelope.ts';
import { getEnv } from './env.ts';
import { clientAddress } from './rate-limit.ts';

/** Whether the request asks not to be tracked (Sec-GPC: 1 or DNT: 1): then nothing of it is recorded. */
export const doesNotWantTracking = (req: Request) => optedOut((name) => req.headers.get(name));

let salt: { day: string; value: Promise<string> } | undefined;

/** Today's salt, read (or made) once per instance and day. */
function saltFor(day: string): Promise<string> {
  if (salt?.day !== day) {
    const value = getDb().then((db) => saltOfDay(db, day));
    salt = { day, value };
    value.catch(() => {
      if (salt?.value === value) salt = undefined;
    });
  }
  return salt.value;
}

/** The client's hash for today: address and user agent under the day's salt. */
export async function visitorOf(req: Request, context: Context | undefined, now = new Date()): Promise<string> {
  return visitorHash(await saltFor(utcDay(now)), [clientAddress(context), req.headers.get('user-agent') ?? '']);
}

/**
 * Events per client and minute, counted in this instance's memory (a fixed window per visitor hash):
 * analytics must not cost a database write per event for counting, and a client that sends more than
 * a page script ever would is refused with 429 before anything is stored. Another warm instance counts
 * apart, which bounds a flood rather than metering it exactly.
 */
const windows = new Map<string, { start: number; count: number }>();
const WINDOW_MS = 60_000;
const TRACKED_CLIENTS = 50_000;

export function enforceEventRateLimit(visitor: string, now = Date.now()): void {
  const limit = getEnv().ANALYTICS_EVENTS_PER_MINUTE;
  let window = windows.get(visitor);
  if (!window || now - window.start >= WINDOW_MS) {
    if (windows.size >= TRACKED_CLIENTS) for (const [key, w] of windows) if (now - w.start >= WINDOW_MS) windows.delete(key);
    if (windows.size >= TRACKED_CLIENTS) windows.clear();
    window = { start: now, count: 0 };
    windows.set(visitor, window);
  }
  window.count += 1;
  if (window.count > limit) {
    const seconds = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
    throw new ApiError('RATE_LIMITED', 'api.error.rateLimited', undefined, { 'retry-after': String(seconds) });
  }
}

/**
 * Searches are recorded after the answer went out, in batches (issue 14 point 1: the typeahead must not
 * wait): a query joins the queue and one insert writes what gathered within FLUSH_AFTER_MS (or at
 * FLUSH_AT entries). The visitor hash is computed in the flush; until then the queue holds the
 * address and agent in memory only.
 */
const FLUSH_AFTER_MS = 1_000;
const FLUSH_AT = 200;
const QUEUE_LIMIT = 5_000;
interface Pending {
  query: string;
  hits: number;
  address: string;
  agent: string;
  at: Date;
}
let queue: Pending[] = [];
let flushing: Promise<void> | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

async function flushSearches(): Promise<void> {
  timer = undefined;
  const batch = queue;
  queue = [];
  if (batch.length === 0) return;
  const records: SearchRecord[] = [];
  for (const p of batch) {
    const day = utcDay(p.at);
    records.push({ query: p.query, hits: p.hits, at: p.at, visitorHash: await visitorHash(await saltFor(day), [p.address, p.agent]) });
  }
  await insertSearches(await getDb(), records);
}

/** Maximum length of a recorded query (the endpoints accept 200 characters). */
const RECORDED_QUERY_LENGTH = 100;

/** Queues a search the endpoint answered with `hits` results; never throws, never delays the answer. */
export function recordSearch(req: Request, context: Context | undefined, query: string, hits: number): void {
  try {
    if (doesNotWantTracking(req) || queue.length >= QUEUE_LIMIT) return;
    queue.push({ query: query.toLowerCase().slice(0, RECORDED_QUERY_LENGTH), hits, address: clientAddress(context), agent: req.headers.get('user-agent') ?? '', at: new Date() });
    const run = () => {
      flushing = (flushing ?? Promise.resolve()).then(flushSearches).catch((error: unknown) => console.warn('Recording searches failed:', error));
      return flushing;
    };
    if (queue.length >= FLUSH_AT) {
      context?.waitUntil(run());
    } else if (!timer) {
      const done = new Promise<void>((resolve) => {
        timer = setTimeout(() => void run().then(resolve), FLUSH_AFTER_MS);
        timer.unref?.();
      });
      context?.waitUntil(done);
    }
  } catch (error) {
    console.warn('Recording a search failed:', error);
  }
}

/** Writes what the search queue holds now (tests; a server that stops). */
export async function flushRecordedSearches(): Promise<void> {
  await flushing;
  await flushSearches();
}

let rolledFor: { day: string; done: Promise<unknown> } | undefined;

/** The finished days rolled up and old raw rows removed, once per instance and day (the dashboard calls it before reading). */
export function ensureRollups(now = new Date()): Promise<unknown> {
  const day = utcDay(now);
  if (rolledFor?.day !== day) {
    const done = getDb().then((db) => rollUpFinishedDays(db, day, getEnv().ANALYTICS_RETENTION_DAYS));
    rolledFor = { day, done };
    done.catch(() => {
      if (rolledFor?.done === done) rolledFor = undefined;
    });
  }
  return rolledFor.done;
}
