// `npm run db:seed`: migrate, then import the real catalogue idempotently.
import './local-runtime.ts';
import { prepareDatabase } from './db-prepare.ts';

const { release, seed } = await prepareDatabase();
console.log(`Seed import done in ${seed?.ms} ms; rows inserted:`, seed?.inserted);
await release();
