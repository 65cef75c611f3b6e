import { defineConfig } from 'drizzle-kit';

// Migrations are flat NNNN_name.sql files, which Netlify DB also accepts (DESIGN.md §2).
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  strict: true,
});
