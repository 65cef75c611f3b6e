/**
 * `node --experimental-transform-types scripts/serve-functions.ts` (the handlers use TypeScript
 * parameter properties, which plain type stripping refuses): every Netlify Function of netlify/functions on one warm HTTP
 * server (PORT, default 8899), against the configured database (DATABASE_URL, else the embedded
 * one). `npm run bench:search` starts it as its production-like target: a deployed function instance
 * stays loaded between requests, while `netlify dev` starts a fresh worker for each one.
 */
import { closeSharedConnection } from '../db/client.ts';
import { stopOwnedEmbeddedServers } from '../db/embedded.ts';
import { startFunctionServer } from './function-server.ts';

const server = await startFunctionServer({ port: Number(process.env.PORT ?? 8899), trustTestClientIp: false });
console.log(`functions ready at ${server.url}`);

async function stop() {
  await server.close();
  await closeSharedConnection();
  await stopOwnedEmbeddedServers();
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
