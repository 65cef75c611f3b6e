import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, driverFor, isDatabaseUnavailable } from '../../db/client.ts';
import { startWsRelay, type Relay } from '../support/ws-relay.ts';

describe('driver selection', () => {
  it('uses pg for a plain postgres URL and neon for Neon hosts or when forced', () => {
    expect(driverFor('postgres://u:p@127.0.0.1:5432/db')).toBe('pg');
    expect(driverFor('postgresql://u:p@ep-cool-42.eu-central-1.aws.neon.tech/db?sslmode=require')).toBe('neon');
    expect(driverFor('postgres://u:p@127.0.0.1:5432/db', 'neon')).toBe('neon');
  });
});

describe('the Neon serverless driver against a real server through a WebSocket relay', () => {
  let relay: Relay;
  beforeAll(async () => {
    relay = await startWsRelay();
    process.env.NEON_WS_PROXY = relay.proxy;
  });
  afterAll(async () => {
    delete process.env.NEON_WS_PROXY;
    await relay.close();
  });

  it('reads the seeded catalogue and runs a transaction', async () => {
    const connection = connect(inject('databaseUrl'), { driver: 'neon', max: 2 });
    try {
      expect(connection.driver).toBe('neon');
      const result = await connection.db.execute(sql`SELECT count(*)::int AS n FROM books`);
      expect(result.rows[0]).toEqual({ n: 3329 });
      const inTx = await connection.db.transaction(async (tx) => (await tx.execute(sql`SELECT immutable_unaccent('Laßwitz') AS v`)).rows[0]);
      expect(inTx).toEqual({ v: 'Lasswitz' });
      expect(relay.connections()).toBeGreaterThan(0);
    } finally {
      await connection.close();
    }
  });

  it('applies the statement timeout on the Neon path too (issue 26 point 5)', async () => {
    const connection = connect(inject('databaseUrl'), { driver: 'neon', max: 1, statementMs: 300 });
    try {
      const shown = await connection.db.execute(sql`SHOW statement_timeout`);
      expect(shown.rows[0]).toEqual({ statement_timeout: '300ms' });
      const started = Date.now();
      const error = await connection.db.execute(sql`SELECT pg_sleep(3)`).then(() => null, (e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(isDatabaseUnavailable(error)).toBe(true);
      const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
      expect(cause.code).toBe('57014');
    } finally {
      await connection.close();
    }
  });
});

