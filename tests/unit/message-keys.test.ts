import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };

/** Every message key the server or the domain can send must exist in the source locale. */
function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|mts|tsx)$/.test(entry) && !entry.endsWith('.test.ts')) yield full;
  }
}

describe('message keys', () => {
  const keys = new Set<string>();
  for (const dir of ['src/domain', 'netlify/functions', 'db/queries']) {
    for (const file of sourceFiles(path.join(process.cwd(), dir))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/'((?:api\.error|validation)\.[A-Za-z0-9_.]+)'/g)) keys.add(match[1]!);
    }
  }

  it('finds the keys the code uses', () => {
    expect(keys.size).toBeGreaterThan(10);
  });

  it.each([...keys].sort())('%s is translated', (key) => {
    // A plural family (issue 29 point 9) is translated as its forms: `key_other` at least.
    expect(Object.keys(en)).toContain(key in en ? key : `${key}_other`);
  });
});
