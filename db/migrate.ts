import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as migrateNeon } from 'drizzle-orm/neon-serverless/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Connection } from './client.ts';

/**
 * Our SQL migrations, applied only by `migrateDatabase` (drizzle's journal). Never under
 * `netlify/database/migrations`, where Netlify Database would apply the same SQL a second time
 * (docs/decisions/0028-production-environment-and-migrations.md).
 */
export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'db', 'migrations');
/** Where drizzle's migrators record what ran (their default). */
const JOURNAL = sql`drizzle.__drizzle_migrations`;

/** Applies the generated SQL migrations that have not run yet (drizzle's journal table tracks them). */
export async function migrateDatabase(connection: Connection): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  // Both migrators take the drizzle instance of their own driver; the cast only undoes our common type.
  if (connection.driver === 'neon') await migrateNeon(connection.db as never, config);
  else await migratePg(connection.db as never, config);
}

/** The tags of the migrations the database has not run (all of them on an empty database). */
export async function pendingMigrations(connection: Connection): Promise<string[]> {
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const journal = readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8');
  const tags = (JSON.parse(journal) as { entries: { tag: string }[] }).entries.map((entry) => entry.tag);
  const exists = await connection.db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  const applied = new Set<string>();
  if ((exists.rows[0] as { present: boolean }).present) {
    for (const row of (await connection.db.execute(sql`SELECT hash FROM ${JOURNAL}`)).rows as { hash: string }[]) applied.add(row.hash);
  }
  return files.flatMap((file, index) => (applied.has(file.hash) ? [] : [tags[index] ?? String(index)]));
}
