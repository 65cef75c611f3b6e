// Runs in each integration worker before the test file: point the shared client at the test database.
import { inject } from 'vitest';

process.env.DATABASE_URL = inject('databaseUrl');
// Cheap bcrypt in tests (production uses 11 rounds) and a private outbox folder for the mail tests.
process.env.BCRYPT_ROUNDS = '4';
process.env.OUTBOX_DIR = `${process.cwd()}/.data/test-outbox`;
// The in-memory search index checks the catalogue's version on every request (in production at most
// every second): a test that writes and then searches sees its write at once.
process.env.CATALOGUE_CHECK_MS = '0';
process.env.CATALOGUE_RELOAD_SPACING = '0';
