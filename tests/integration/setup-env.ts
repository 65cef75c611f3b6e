// Runs in each integration worker before the test file: point the shared client at the test database.
import { inject } from 'vitest';

process.env.DATABASE_URL = inject('databaseUrl');
// Cheap bcrypt in tests (production uses 11 rounds) and a private outbox folder for the mail tests.
process.env.BCRYPT_ROUNDS = '4';
process.env.OUTBOX_DIR = `${process.cwd()}/.data/test-outbox`;
