import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/migrate.ts';

// ADR 0028: our migrator is the one owner of the migrations. Netlify Database applies every SQL file
// in netlify/database/migrations on each deploy by itself, so the same SQL there would run twice.
describe('the migrations have one owner', () => {
  it('live in db/migrations, never in the folder Netlify Database applies', () => {
    expect(MIGRATIONS_FOLDER.endsWith('db/migrations')).toBe(true);
    expect(existsSync(MIGRATIONS_FOLDER)).toBe(true);
    expect(existsSync('netlify/database/migrations')).toBe(false);
    expect(readFileSync('drizzle.config.ts', 'utf8')).toContain("out: './db/migrations'");
  });

  it('do not pull in Netlify Database, whose presence provisions a database and applies its migrations', () => {
    const { dependencies = {}, devDependencies = {} } = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, string>>;
    expect(Object.keys({ ...dependencies, ...devDependencies })).not.toContain('@netlify/database');
  });
});
