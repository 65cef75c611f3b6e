/**
 * Writes under an `Idempotency-Key` (issue 27 point 7; ADR 0031), for `handle()`: the first request
 * with a key claims it, runs, and keeps its answer; a repeat within 24 hours with the same method,
 * path and body gets that answer again without running (`Idempotent-Replayed: true`), so the client
 * may retry a write after a 5xx or a lost connection (spec §8) and it is written once. The same key
 * with another request is a 400; a repeat while the first still runs waits for it a little, then is a
 * 409 with Retry-After. Rules: `src/domain/runtime/idempotency.ts`.
 *
 * Costs nothing without the header: `handle()` looks for it and calls nothing here.
 */
import { createHash } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { getDb } from '../../../db/client.ts';
import { claimIdempotencyKey, keepIdempotentAnswer, releaseIdempotencyKey, type KeyedRequest } from '../../../db/queries/runtime/idempotency-keys.ts';
import { ApiError } from '../../../src/domain/envelope.ts';
import { PLATFORM_MAX_BODY_BYTES } from '../../../src/domain/runtime/platform-limits.ts';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyCutoffs,
  idempotencyKeyOf,
  idempotencyScope,
  isKeptAnswer,
  repeatOutcome,
  type StoredAnswer,
} from '../../../src/domain/runtime/idempotency.ts';
import { plainAnswerOf } from '../../../src/lib/response-headers.ts';
import { clientAddress } from './rate-limit.ts';
import { sessionRef } from './session.ts';

/** How long a repeat waits, in steps, for the first request of its key to finish (1.55 s in all). */
const WAIT_STEPS_MS = [50, 100, 200, 400, 800];
/** What a repeat that waited in vain asks the client to wait before it tries again. */
const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;

/**
 * Answers `req` (a write carrying the key header `header`) once per key: `run` is the handler,
 * called with the request (its body read once and given again).
 */
export async function answerOnce(req: Request, header: string, context: Context | undefined, run: (req: Request) => Promise<Response>): Promise<Response> {
  const key = idempotencyKeyOf(header);
  if (key === null) throw new ApiError('VALIDATION', 'api.error.idempotencyKeyInvalid');
  const body = await readBody(req);
  // A body over the platform's limit is refused by the handler with its own 413; nothing is written.
  if ('request' in body) return run(body.request);
  const url = new URL(req.url);
  const path = url.pathname + url.search;
  const fingerprint = createHash('sha256').update(`${req.method} ${path}\n`).update(body.bytes).digest('hex');
  const ref = await sessionRef(req);
  const keyed: KeyedRequest = { scope: idempotencyScope(ref?.userId ?? null, clientAddress(context)), key, method: req.method, path, fingerprint };
  const db = await getDb();
  for (let step = 0; ; step += 1) {
    const now = new Date();
    const claim = await claimIdempotencyKey(db, keyed, now, idempotencyCutoffs(now));
    if (claim.claimed) return runClaimed(keyed, new Request(req.url, { method: req.method, headers: req.headers, body: req.body ? body.bytes : null }), run);
    const outcome = repeatOutcome(claim.kept, fingerprint);
    if (outcome === 'reused') throw new ApiError('VALIDATION', 'api.error.idempotencyKeyReused');
    if (outcome === 'replay') return replay(claim.kept.answer!);
    const wait = WAIT_STEPS_MS[step];
    if (wait === undefined) {
      throw new ApiError('CONFLICT', 'api.error.idempotencyInProgress', undefined, { 'retry-after': String(IN_PROGRESS_RETRY_AFTER_SECONDS) });
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Runs the claimed request, then keeps its answer or frees the key. */
async function runClaimed(keyed: KeyedRequest, req: Request, run: (req: Request) => Promise<Response>): Promise<Response> {
  const db = await getDb();
  let response: Response;
  try {
    response = await run(req);
  } catch (error) {
    // A refusal or a failure (handle() makes it the answer): nothing to keep, a retry runs afresh.
    await releaseIdempotencyKey(db, keyed.scope, keyed.key).catch((releaseError: unknown) => console.error('Freeing an idempotency key failed:', releaseError));
    throw error;
  }
  const answer = storedAnswerOf(response);
  try {
    if (answer) await keepIdempotentAnswer(db, keyed.scope, keyed.key, answer);
    else await releaseIdempotencyKey(db, keyed.scope, keyed.key);
  } catch (error) {
    // The write is done: its answer goes to the client even if it could not be kept (a repeat then
    // waits, and after IDEMPOTENCY_CLAIM_ABANDONED_SECONDS runs again).
    console.error('Keeping an idempotent answer failed:', error);
  }
  return response;
}

/** The answer as kept for the repeats, or null when it is not kept (isKeptAnswer; a streamed or binary body). */
function storedAnswerOf(response: Response): StoredAnswer | null {
  const plain = plainAnswerOf(response);
  const headers: Record<string, string> = {};
  if (plain) {
    for (const [name, value] of Object.entries(plain.headers)) {
      if (typeof value !== 'string') return null; // only Set-Cookie is a list
      headers[name] = value;
    }
  } else {
    if (response.body !== null || response.headers.getSetCookie().length > 0) return null;
    response.headers.forEach((value, name) => void (headers[name] = value));
  }
  if (!isKeptAnswer(response.status, Object.keys(headers))) return null;
  const body = plain?.body ?? null;
  if (body === null || typeof body === 'string') return { status: response.status, headers, body };
  return /^(application\/(?:[\w.+-]+\+)?json|text\/)/i.test(headers['content-type'] ?? '') ? { status: response.status, headers, body: body.toString('utf8') } : null;
}

/** The kept answer, again (handle() adds the security headers a bodiless answer's headers lacked). */
function replay(answer: StoredAnswer): Response {
  const headers = new Headers(answer.headers);
  headers.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return new Response(answer.body, { status: answer.status, headers });
}

/**
 * The request's body as bytes, to hash and to give to the handler; or, past the platform's limit, a
 * request with the same body (what was read, then the rest) for the handler to refuse.
 */
async function readBody(req: Request): Promise<{ bytes: Uint8Array<ArrayBuffer> } | { request: Request }> {
  if (!req.body) return { bytes: new Uint8Array(0) };
  if (Number(req.headers.get('content-length') ?? 0) > PLATFORM_MAX_BODY_BYTES) return { request: req };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > PLATFORM_MAX_BODY_BYTES) {
      const rest = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
        },
        async pull(controller) {
          const next = await reader.read();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return { request: new Request(req.url, { method: req.method, headers: req.headers, body: rest, duplex: 'half' } as RequestInit) };
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes };
}
