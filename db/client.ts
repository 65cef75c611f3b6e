/**
 * The only place a database connection is made (DESIGN.md §3). The URL comes from the environment
 * (`requireDatabaseUrl`: DATABASE_URL, or Netlify DB's NETLIFY_DB_URL when deployed) and nothing else:
 * this module never starts the embedded server, so no function bundle carries it (issue 26 point 3);
 * the local runtime's scripts start it (db/embedded.ts `resolveLocalDatabaseUrl`) and hand its URL over.
 * The driver follows the URL:
 * - a Neon URL (host *.neon.tech) or DATABASE_DRIVER=neon: @neondatabase/serverless over WebSockets;
 * - any other postgres:// URL: node-postgres (`pg`).
 */
import { createHash } from 'node:crypto';
import { neonConfig, Pool as NeonPool } from '@neondatabase/serverless';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNeon } from 'drizzle-orm/neon-serverless';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import ws from 'ws';
import { requireDatabaseUrl } from '../src/domain/runtime/environment.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/**
 * One database type for both drivers: the Neon pool speaks the node-postgres interface, so its drizzle
 * instance behaves like the node-postgres one (results have `rows`).
 */
export type Database = NodePgDatabase<Schema>;
export type Driver = 'pg' | 'neon';

export interface Connection {
  db: Database;
  driver: Driver;
  close: () => Promise<void>;
}

/** Which driver serves a URL; DATABASE_DRIVER overrides the guess (tests use it for the Neon path). */
export function driverFor(url: string, override?: string): Driver {
  if (override === 'neon' || override === 'pg') return override;
  const host = new URL(url).hostname;
  return host.endsWith('.neon.tech') || host.endsWith('.neon.build') ? 'neon' : 'pg';
}

/**
 * How long a request may wait for the database (issue 10): for a connection (including a free slot
 * in the pool) and for one statement. A request never hangs longer; past them it is a 503.
 */
export function databaseTimeouts(env: NodeJS.ProcessEnv = process.env): { connectMs: number; statementMs: number } {
  const connect = Number(env.DB_CONNECT_TIMEOUT_MS);
  const statement = Number(env.DB_STATEMENT_TIMEOUT_MS);
  // DB_STATEMENT_TIMEOUT_MS=0 turns the statement limit off (the static build's long catalogue reads).
  return { connectMs: connect > 0 ? connect : 2_000, statementMs: statement >= 0 && env.DB_STATEMENT_TIMEOUT_MS ? statement : 5_000 };
}

/** Error codes of a database that cannot be reached or refuses work for now (not of a bad query). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  '57P01', '57P02', '57P03', // admin_shutdown, crash_shutdown, cannot_connect_now
  '53300', // too_many_connections
  '57014', // query_canceled (statement_timeout)
  '08000', '08001', '08003', '08004', '08006', '08007', // connection exceptions
]);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection error|Cannot use a pool after calling end|WebSocket/i;

/** Whether an error (or its cause, as drizzle wraps driver errors) means the database is unreachable for now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** A dropped connection is reported, never thrown: the pool discards it and opens a new one on demand. */
function onPoolError(error: Error): void {
  console.warn(`Database connection lost (${(error as { code?: string }).code ?? error.message}); the pool replaces it.`);
}

/**
 * The pool listens for errors of idle clients only: a client checked out by a request (a transaction
 * in progress) that loses its connection emits 'error' with nobody listening, and Node ends the
 * process. Every client gets its own listener for its whole life; the request's query still fails
 * (a 503) and the pool drops the client when it is released.
 */
function listenToClients(pool: { on: (event: 'connect', listener: (client: { on: (event: 'error', listener: (error: Error) => void) => unknown }) => void) => unknown }): void {
  pool.on('connect', (client) => client.on('error', onPoolError));
}

/** `statementMs` limits each statement (the functions' shared connection); scripts such as the seed run without. */
export function connect(url: string, options: { driver?: Driver; max?: number; statementMs?: number } = {}): Connection {
  const driver = options.driver ?? driverFor(url, process.env.DATABASE_DRIVER);
  const max = options.max ?? 10;
  const { connectMs } = databaseTimeouts();
  const statementMs = options.statementMs || undefined;
  // The same pool for both drivers (the Neon driver is a fork of pg). The server cancels a long
  // statement, on Neon too (issue 26 point 5: statement_timeout goes in the start-up message); the
  // client gives up a little later if the server is gone.
  const poolOptions = {
    connectionString: url,
    max,
    connectionTimeoutMillis: connectMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementMs,
    query_timeout: statementMs && statementMs + 1_000,
  };
  if (driver === 'neon') {
    neonConfig.webSocketConstructor = ws;
    const proxy = process.env.NEON_WS_PROXY;
    if (proxy) {
      // Local relay (tests): plain WebSocket to a WebSocket-to-TCP relay in front of a normal server.
      neonConfig.wsProxy = (host, port) => `${proxy}?address=${host}:${port}`;
      neonConfig.useSecureWebSocket = false;
      neonConfig.pipelineConnect = false;
      neonConfig.pipelineTLS = false;
    }
    const pool = new NeonPool(poolOptions);
    pool.on('error', onPoolError);
    listenToClients(pool as unknown as Parameters<typeof listenToClients>[0]);
    return { db: drizzleNeon({ client: pool, schema }) as unknown as Database, driver, close: closeOnce(() => pool.end()) };
  }
  const pool = new pg.Pool(poolOptions);
  pool.on('error', onPoolError);
  listenToClients(pool);
  return { db: drizzlePg({ client: pool, schema }) as unknown as Database, driver, close: closeOnce(() => pool.end()) };
}

/** A pool may be ended once; later calls (e.g. close, then release) are no-ops. */
function closeOnce(end: () => Promise<void>): () => Promise<void> {
  let ended: Promise<void> | undefined;
  return () => (ended ??= end());
}

let shared: Promise<Connection> | undefined;

/** The process-wide connection (functions, build): created on first use from the environment. */
export function getConnection(): Promise<Connection> {
  // A missing URL is a configuration error (the envelope and the log say which), never an embedded
  // server; it is not kept, so a corrected environment is read on the next call.
  if (shared) return shared;
  try {
    shared = Promise.resolve(connect(requireDatabaseUrl(process.env), { statementMs: databaseTimeouts().statementMs }));
  } catch (error) {
    return Promise.reject(error as Error);
  }
  return shared;
}

export async function getDb(): Promise<Database> {
  return (await getConnection()).db;
}

export async function closeSharedConnection(): Promise<void> {
  const current = shared;
  shared = undefined;
  if (current) await (await current).close();
}

/** What drizzle's database keeps inside that `executePrepared` uses (the same calls `db.execute` makes). */
interface DrizzleInternals {
  dialect: { sqlToQuery: (query: SQL) => { sql: string; params: unknown[] } };
  session: { prepareQuery: (query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean) => { execute: (values?: Record<string, unknown>) => Promise<{ rows: unknown[] }> } };
}

/**
 * `db.execute(query)` as a named prepared statement: each connection parses and analyses the
 * statement once and reuses it, where an unnamed one is parsed afresh every time. For the hot,
 * simple statements of the reader API (issue 12 point 11), whose text is fixed: the name carries a
 * hash of the text, so a statement built differently (another target table, a missing review) is
 * another prepared statement, never a clash. Not for statements whose text varies with input (lists
 * of ids) or whose best plan depends on the values (search patterns).
 */
/** Statement texts and their names (a handful: the texts are fixed in code). */
const statementNames = new Map<string, string>();
/** Statements built with placeholders, built once (their text and the places of their values). */
const builtStatements = new WeakMap<SQL, { sql: string; params: unknown[]; name: string }>();

/**
 * The statement of one shape (a key naming what varies in its text), made once with placeholders for
 * every value and kept: with executePrepared it is built into text once too.
 * @example executePrepared(db, 'x', statementOf(cache, `${table}:${shape}`, () => sql`...`), values)
 */
export function statementOf(cache: Map<string, SQL>, key: string, make: () => SQL): SQL {
  let statement = cache.get(key);
  if (!statement) cache.set(key, (statement = make()));
  return statement;
}

/**
 * `values` fill the statement's `sql.placeholder(name)`s: a statement made of placeholders (a
 * module-level constant) is built into text once, not on every call.
 */
export function executePrepared(db: Database, name: string, query: SQL, values?: Record<string, unknown>): Promise<{ rows: unknown[] }> {
  const internals = db as unknown as DrizzleInternals;
  let built = builtStatements.get(query);
  if (!built) {
    const { sql: text, params } = internals.dialect.sqlToQuery(query);
    let named = statementNames.get(text);
    if (!named) {
      named = `${name}_${createHash('sha1').update(text).digest('base64url').slice(0, 12)}`;
      statementNames.set(text, named);
    }
    built = { sql: text, params, name: named };
    // Only statements with placeholders are kept: others carry their values and are built per call.
    if (values) builtStatements.set(query, built);
  }
  return internals.session.prepareQuery({ sql: built.sql, params: built.params }, undefined, built.name, false).execute(values);
}
