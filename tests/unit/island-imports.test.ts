/**
 * Browser code loads no server code: every module the islands (src/islands) reach through their
 * value imports is walked, and none may be a Node built-in, a server-only package, or a module of
 * db/ or netlify/. A server module in an island's graph fails in the browser, not in the build (the
 * import tab once took a limit from import-file.ts, whose csv-stringify stopped the profile island).
 * Type-only imports are skipped: they vanish when compiled.
 */
import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ISLANDS = path.join(ROOT, 'src/islands');
/** Packages that only run on the server (database, mail, tokens, CSV files, Netlify's runtime). */
const SERVER_ONLY = ['pg', 'drizzle-orm', '@neondatabase/serverless', 'ws', 'bcryptjs', 'jose', 'nodemailer', 'csv-parse', 'csv-stringify', '@netlify/blobs', '@netlify/functions', 'sharp'];
const SERVER_FOLDERS = ['db', 'netlify', 'scripts'].map((folder) => path.join(ROOT, folder) + path.sep);

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return filesUnder(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });

/** The specifiers a module imports for their values (not `import type`, not `import { type A, type B }`). */
function valueImports(source: string): string[] {
  const specifiers: string[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const match of source.matchAll(statement)) {
    const [, , clause, from, bare, dynamic] = match;
    if (bare || dynamic) {
      specifiers.push((bare ?? dynamic)!);
      continue;
    }
    const what = clause!.trim();
    if (/^type\s/.test(what)) continue;
    const named = /^\{([^}]*)\}$/.exec(what);
    if (named && named[1]!.split(',').map((n) => n.trim()).filter(Boolean).every((n) => n.startsWith('type '))) continue;
    specifiers.push(from!);
  }
  return specifiers;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

const packageName = (specifier: string) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);

/** Every forbidden import reachable from the islands, as "importer -> specifier" (with the path that reached it). */
function forbiddenImports(): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const queue = filesUnder(ISLANDS).map((file) => ({ file, via: [path.relative(ROOT, file)] }));
  while (queue.length) {
    const { file, via } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const target = resolveLocal(file, specifier);
        if (!target) continue; // CSS, JSON and other assets
        if (SERVER_FOLDERS.some((folder) => target.startsWith(folder))) problems.push(`${via.join(' > ')} > ${specifier}`);
        else queue.push({ file: target, via: [...via, path.relative(ROOT, target)] });
        continue;
      }
      const name = packageName(specifier);
      if (specifier.startsWith('node:') || builtinModules.includes(name) || SERVER_ONLY.includes(name)) problems.push(`${via.join(' > ')} > ${specifier}`);
    }
  }
  return problems;
}

describe('browser islands', () => {
  it('reach no Node built-in, server-only package or server folder through their imports', () => {
    expect(forbiddenImports()).toEqual([]);
  });

  it('tell value imports from type-only ones', () => {
    const source = [
      "import type { A } from 'pg';",
      "import { type B, type C } from 'drizzle-orm';",
      "import { csvField, type D } from './csv.ts';",
      "import x from 'react';",
      "import './styles.css';",
      "export { E } from '../limits.ts';",
      "const lazy = () => import('./Dialog.tsx');",
    ].join('\n');
    expect(valueImports(source)).toEqual(['./csv.ts', 'react', './styles.css', '../limits.ts', './Dialog.tsx']);
  });
});
