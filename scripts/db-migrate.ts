// `npm run db:migrate`: apply pending SQL migrations to the configured database.
import './local-runtime.ts';
import { prepareDatabase } from './db-prepare.ts';

const { release } = await prepareDatabase({ seed: false });
console.log('Migrations applied.');
await release();
