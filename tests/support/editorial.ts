/**
 * Support of the admin editing tests (issue 13): removing what a test's super user created, found
 * through the admin history, so the shared test database holds the seeded catalogue again for the
 * test files after them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { getDb } from '../../db/client.ts';
import { installRebuilder } from '../../netlify/functions/_shared/rebuild.ts';
import { createRebuildQueue } from '../../src/domain/runtime/rebuild-queue.ts';
import { createReader, type Reader } from './readers.ts';

/** Deletes every book, author, series, genre, award and affiliate service `actorId` created, with their old slugs; books first (they name the others). */
export async function removeCreatedBy(actorId: string): Promise<void> {
  const db = await getDb();
  const ids = (type: string) => sql`SELECT entity_id::int FROM admin_history WHERE actor_id = ${actorId} AND action = 'create' AND entity_type = ${type}::history_entity_type`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM books WHERE id IN (${ids('book')})`);
    for (const [kind, table] of [['book', 'books'], ['author', 'authors'], ['series', 'series']] as const) {
      await tx.execute(sql`DELETE FROM slug_redirects WHERE kind = ${kind}::slug_kind AND entity_id IN (${ids(kind)})`);
      if (kind !== 'book') await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE id IN (${ids(kind)})`);
    }
    await tx.execute(sql`DELETE FROM genres WHERE id IN (${ids('genre')})`);
    // Awards and affiliate services (issue 13 points 4 and 6): their categories, entries and locales go with them.
    await tx.execute(sql`DELETE FROM awards WHERE id IN (${ids('award')})`);
    await tx.execute(sql`DELETE FROM affiliate_services WHERE id IN (${ids('affiliate_service')})`);
  });
}

/**
 * A super user on `server` for the tests of a describe block, with rebuilds recorded but not run;
 * what they created is removed after the block. Read `editor()` inside the tests.
 */
export function editorForTests(server: { url: () => string }): () => Reader {
  let admin: Reader | undefined;
  beforeAll(async () => {
    admin = await createReader(server.url(), { role: 'SUPER_USER' });
    installRebuilder(createRebuildQueue('local', async () => undefined, () => new Date()));
  });
  afterAll(async () => {
    installRebuilder(undefined);
    if (admin) await removeCreatedBy(admin.id);
  });
  return () => admin!;
}
