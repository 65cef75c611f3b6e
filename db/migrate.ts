import path from 'node:path';
import { migrate as migrateNeon } from 'drizzle-orm/neon-serverless/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Connection } from './client.ts';

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'netlify', 'database', 'migrations');

/** Applies the generated SQL migrations that have not run yet (drizzle's journal table tracks them). */
export async function migrateDatabase(connection: Connection): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  // Both migrators take the drizzle instance of their own driver; the cast only undoes our common type.
  if (connection.driver === 'neon') await migrateNeon(connection.db as never, config);
  else await migratePg(connection.db as never, config);
}
