/**
 * Astro integration: after the static build, writes the generated redirect rules into
 * `<outDir>/_redirects` (copied from public/_redirects) under its marker line, before the catch-all
 * rules (src/domain/redirect-rules.ts): the spec's id routes of authors, series, genres and awards.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { getCatalogueSnapshot } from '../../db/queries/catalogue.ts';
import { entityIdRules, insertGeneratedRules } from '../domain/redirect-rules.ts';

export default function redirectRules(): AstroIntegration {
  return {
    name: 'phantastika:redirect-rules',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const file = path.join(fileURLToPath(dir), '_redirects');
        const blocks = entityIdRules(await getCatalogueSnapshot());
        await writeFile(file, insertGeneratedRules(await readFile(file, 'utf8'), blocks));
        logger.info(`_redirects: ${blocks.reduce((n, b) => n + b.lines.length, 0)} generated rules`);
      },
    },
  };
}
