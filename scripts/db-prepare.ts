/**
 * Opens the configured database (embedded by default), applies migrations and imports the seed
 * catalogue. Used by `npm start`, `npm run dev`, the build and the test set-up, so every entry point
 * sees the same, ready database.
 */
import { connect, type Connection } from '../db/client.ts';
import { isProduction } from '../src/domain/runtime/environment.ts';
import { resolveLocalDatabaseUrl, stopOwnedEmbeddedServers } from '../db/embedded.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { importSeedCatalogue, type SeedReport } from '../db/seed/import.ts';
import { loadSeedCatalogue } from '../db/seed/seed-data.ts';
import { affiliateTagAmazonDe, ensureAffiliateServices } from '../db/seed/affiliate-services.ts';
import { adminCredentials, ensureSuperUser } from '../db/seed/super-user.ts';
import { hashPassword } from '../netlify/functions/_shared/passwords.ts';

export interface PreparedDatabase {
  url: string;
  connection: Connection;
  seed?: SeedReport;
  /** Closes the pool and stops the embedded server if this process started it. */
  release: () => Promise<void>;
}

export async function prepareDatabase(options: { url?: string; seed?: boolean } = {}): Promise<PreparedDatabase> {
  const url = options.url ?? (await resolveLocalDatabaseUrl());
  const connection = connect(url, { max: 4 });
  await migrateDatabase(connection);
  const seed = options.seed === false ? undefined : await importSeedCatalogue(connection.db, loadSeedCatalogue());
  if (options.seed !== false) {
    const admin = adminCredentials(process.env, isProduction(process.env));
    await ensureSuperUser(connection.db, admin.email, () => hashPassword(admin.password));
    await ensureAffiliateServices(connection.db, affiliateTagAmazonDe(process.env, isProduction(process.env)));
  }
  const release = async () => {
    await connection.close();
    await stopOwnedEmbeddedServers();
  };
  return { url, connection, seed, release };
}
