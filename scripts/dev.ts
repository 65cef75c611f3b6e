/**
 * `npm run dev`: hot reload. Prepares the database like `npm start`, then runs `netlify dev`, which
 * starts `astro dev` behind its proxy so pages reload on change and /api/* reaches the functions.
 */
import './local-runtime.ts';
import { spawn } from 'node:child_process';
import { prepareDatabase } from './db-prepare.ts';

const port = Number(process.env.PORT ?? 8888);
const prepared = await prepareDatabase();
await prepared.connection.close();
const netlify = spawn(
  'netlify',
  ['dev', '--offline', '--internal-disable-edge-functions', '--command', 'astro dev --port 4321', '--target-port', '4321', '--functions', 'netlify/functions', '--port', String(port)],
  { stdio: 'inherit', env: { ...process.env, DATABASE_URL: prepared.url, BROWSER: 'none', ASTRO_TELEMETRY_DISABLED: '1' } },
);
const stop = async (code: number) => {
  netlify.kill('SIGTERM');
  await prepared.release();
  process.exit(code);
};
netlify.on('exit', (code) => void stop(code ?? 0));
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
