import '../../scripts/local-runtime.ts';
import type { TestProject } from 'vitest/node';
import { stopOwnedEmbeddedServers } from '../../db/embedded.ts';
import { prepareDatabase } from '../../scripts/db-prepare.ts';
import { recreateDatabase, TEST_DATABASE_NAME, testServerUrl } from '../support/test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseServerUrl: string;
  }
}

/** One fresh, migrated and seeded database for the whole integration run. */
export default async function setup(project: TestProject) {
  const { serverUrl, embedded } = await testServerUrl();
  const url = await recreateDatabase(serverUrl, TEST_DATABASE_NAME);
  const prepared = await prepareDatabase({ url });
  await prepared.connection.close();
  console.log(`Integration tests use ${embedded ? 'the embedded PostgreSQL' : serverUrl} (database ${TEST_DATABASE_NAME}).`);
  project.provide('databaseUrl', url);
  project.provide('databaseServerUrl', serverUrl);
  return async () => {
    await stopOwnedEmbeddedServers();
  };
}
