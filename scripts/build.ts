/**
 * `npm run build` (Netlify's build command): check the site's address, then, in the production
 * context, migrate the configured database and import the seed catalogue; in any other deploy context
 * only check that the database has every migration (issue 26 point 5); then build every static page.
 * Not the local runtime: a missing DATABASE_URL or site address fails the build (issue 26 point 1).
 */
import { connect } from '../db/client.ts';
import { resolveLocalDatabaseUrl, stopOwnedEmbeddedServers } from '../db/embedded.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { buildDatabaseWork, requireSiteUrl } from '../src/domain/runtime/environment.ts';
import { prepareDatabase } from './db-prepare.ts';
import { buildSite } from './site-build.ts';

const site = requireSiteUrl(process.env);
const work = buildDatabaseWork(process.env);
console.log(`Building for ${site} (context ${process.env.CONTEXT ?? 'none'}): database ${work === 'migrate-and-seed' ? 'migrated and seeded' : 'read only'}.`);
const url = await resolveLocalDatabaseUrl();
if (work === 'migrate-and-seed') {
  const prepared = await prepareDatabase({ url });
  await prepared.connection.close();
} else {
  const connection = connect(url, { max: 1 });
  try {
    const pending = await pendingMigrations(connection);
    if (pending.length > 0) {
      throw new Error(
        `The database lacks ${pending.length} migration(s) (${pending.join(', ')}), and context ${process.env.CONTEXT ?? '(none)'} never migrates: ` +
          'only the production context does. Point this context at its own Neon branch and run `npm run db:migrate` against it (README: Deploy to Netlify).',
      );
    }
  } finally {
    await connection.close();
  }
}
try {
  await buildSite(url);
} finally {
  await stopOwnedEmbeddedServers();
}
