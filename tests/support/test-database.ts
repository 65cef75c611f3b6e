/**
 * Where integration tests run: the PostgreSQL server on 127.0.0.1:5432 when one answers (CI and
 * these machines), else the embedded server. Either way a dedicated database, recreated per run.
 */
import net from 'node:net';
import pg from 'pg';

/** TEST_DATABASE_NAME lets two checkouts (or two people) run the integration suite on one server at once. */
export const TEST_DATABASE_NAME = process.env.TEST_DATABASE_NAME ?? 'phantastika_test';

function portOpen(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** A server URL (without database) for tests, and whether it is the embedded one. */
export async function testServerUrl(): Promise<{ serverUrl: string; embedded: boolean }> {
  if (process.env.TEST_DATABASE_SERVER_URL) return { serverUrl: process.env.TEST_DATABASE_SERVER_URL, embedded: false };
  if (await portOpen('127.0.0.1', 5432)) {
    const serverUrl = 'postgres://postgres@127.0.0.1:5432';
    const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
    try {
      await client.connect();
      await client.end();
      return { serverUrl, embedded: false };
    } catch {
      await client.end().catch(() => undefined);
    }
  }
  const { ensureEmbeddedServer } = await import('../../db/embedded.ts');
  const server = await ensureEmbeddedServer();
  return { serverUrl: server.serverUrl, embedded: true };
}

export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return `${serverUrl}/${name}`;
}
