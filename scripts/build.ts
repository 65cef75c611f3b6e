/**
 * `npm run build` (also Netlify's build command): migrate the configured database, seed an empty
 * catalogue, then build every static page from it.
 */
import { prepareDatabase } from './db-prepare.ts';
import { buildSite } from './site-build.ts';

const prepared = await prepareDatabase();
await prepared.connection.close();
try {
  await buildSite(prepared.url);
} finally {
  await prepared.release();
}
