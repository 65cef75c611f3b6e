/**
 * Support of the reader API tests (issue 12): verified readers of any role, created in the database
 * (the registration flow has its own tests in auth.test.ts) and signed in through the real
 * `POST /api/auth/login`, so every request carries a genuine session cookie; and a small HTTP client
 * whose answers the tests parse with the contract's schemas.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { closeSharedConnection, getDb } from '../../db/client.ts';
import { realSiteBuild } from './real-site.ts';
import { startLocalServer, type LocalServer } from '../../scripts/local-server.ts';
import { createUser } from '../../db/queries/accounts.ts';
import { hashPassword } from '../../netlify/functions/_shared/passwords.ts';
import type { Role } from '../../src/domain/enums.ts';
import { ErrorEnvelopeSchema, successEnvelope, type ErrorBody } from '../../src/domain/envelope.ts';

export const READER_PASSWORD = 'Leser-Passwort-2026!';
let passwordHash: Promise<string> | undefined;
let sequence = 0;
/** The readers this test file created: serveForTests removes them (and so their ratings, lists and
 * reviews) when the file ends, so no file's readers feed the co-likes or counts another file sees. */
const createdReaders: string[] = [];

export interface Reader {
  id: string;
  email: string;
  cookie: string;
}

export interface ReaderOptions {
  role?: Role;
  firstName?: string | null;
  lastName?: string | null;
  email?: string;
}

/** A fresh verified reader of `role`, signed in on `baseUrl`. */
export async function createReader(baseUrl: string, options: ReaderOptions = {}): Promise<Reader> {
  const n = ++sequence;
  const email = options.email ?? `reader-${Date.now()}-${process.pid}-${n}@example.org`;
  passwordHash ??= hashPassword(READER_PASSWORD);
  const row = await createUser(await getDb(), {
    email,
    passwordHash: await passwordHash,
    firstName: options.firstName === undefined ? 'Ursula' : options.firstName,
    lastName: options.lastName ?? null,
    language: 'en',
    role: options.role ?? 'NORMAL_USER',
    verified: true,
  });
  if (!row) throw new Error(`Could not create ${email}`);
  createdReaders.push(row.id);
  // Each reader signs in from an address of its own (192.0.2.0/24, TEST-NET-1), so no address limit is shared.
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-test-client-ip': `192.0.${2 + (n >> 8)}.${n & 255}` },
    body: JSON.stringify({ email, password: READER_PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`Signing in ${email} answered ${login.status}: ${await login.text()}`);
  return { id: row.id, email, cookie };
}

/** Book ids by slug, for tests that need real books. */
export async function bookIds(slugs: string[]): Promise<Map<string, number>> {
  const list = sql.join(slugs.map((slug) => sql`${slug}`), sql`, `);
  const result = await (await getDb()).execute(sql`SELECT slug, id FROM books WHERE slug IN (${list})`);
  return new Map((result.rows as { slug: string; id: number }[]).map((r) => [r.slug, r.id]));
}

export interface CallOptions {
  body?: unknown;
  raw?: string;
  cookie?: string;
  lang?: string;
  contentType?: string;
  /** More request headers (If-Match, issue 27). */
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined for an empty one (204). */
  json: unknown;
}

/** `call(method, path, options)` against the server `baseUrl()` names (read per call: servers start in beforeAll). */
export function apiClient(baseUrl: () => string) {
  return async (method: string, path: string, options: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { 'accept-language': options.lang ?? 'en', ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
    const res = await fetch(`${baseUrl()}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
  };
}

/**
 * The local server (scripts/local-server.ts, as `npm start` composes it) for one test file, with no
 * pages or, with `realSite`, the real build's (built once per change, ADR 0037): started
 * before its tests, closed after them with the shared database connection. Hooks registered after
 * this call run before its closing (vitest runs after-hooks as a stack).
 */
export function serveForTests({ realSite = false }: { realSite?: boolean } = {}) {
  let server: LocalServer | undefined;
  beforeAll(async () => {
    // With `realSite`, the site's real build (tests/support/real-site.ts) with its on-demand pages.
    server = await startLocalServer({ trustTestClientIp: true, siteDir: realSite ? await realSiteBuild() : undefined });
  }, 600_000);
  afterAll(async () => {
    await server?.close();
    if (createdReaders.length > 0) {
      const ids = createdReaders.splice(0);
      await (await getDb()).execute(sql`DELETE FROM users WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])`);
    }
    await closeSharedConnection();
  });
  const url = () => server!.url;
  return { url, call: apiClient(url) };
}

/** The data of a success answer with `status`, parsed with the contract's schema. */
export function dataOf<T extends z.ZodType>(answer: Answer, schema: T, status = 200): z.infer<T> {
  expect(answer.status, JSON.stringify(answer.json)).toBe(status);
  const envelope = successEnvelope(schema).parse(answer.json) as { data: z.infer<T> };
  return envelope.data;
}

/** The error of an error answer with `status`, parsed with the envelope's schema. */
export function errorOf(answer: Answer, status: number): ErrorBody {
  expect(answer.status, JSON.stringify(answer.json)).toBe(status);
  return ErrorEnvelopeSchema.parse(answer.json).error;
}

export interface TestBook {
  id: number;
  remove: () => Promise<void>;
}

/**
 * Books of a test's own, `slugs` in one statement (each write to books recomputes the title table,
 * book_titles, once per statement). No ratings yet; removing them removes their ratings and list
 * entries too.
 */
export async function createBooks(slugs: string[]): Promise<TestBook[]> {
  const db = await getDb();
  const values = sql.join(slugs.map((slug) => sql`(${slug}, ${slug}, 'en')`), sql`, `);
  const rows = (await db.execute(sql`INSERT INTO books (slug, original_title, original_language) VALUES ${values} RETURNING id`)).rows as { id: number }[];
  return rows.map(({ id }) => ({ id, remove: async () => void (await db.execute(sql`DELETE FROM books WHERE id = ${id}`)) }));
}

/** One book of a test's own (see createBooks). */
export async function createBook(slug: string): Promise<TestBook> {
  return (await createBooks([slug]))[0]!;
}

/** Removes test books in one statement. */
export async function removeBooks(books: TestBook[]): Promise<void> {
  const ids = sql.join(books.map((b) => sql`${b.id}`), sql`, `);
  await (await getDb()).execute(sql`DELETE FROM books WHERE id IN (${ids})`);
}
