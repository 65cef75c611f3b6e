// Runs in each integration worker before the test file: point the shared client at the test database.
import { inject } from 'vitest';

process.env.DATABASE_URL = inject('databaseUrl');
