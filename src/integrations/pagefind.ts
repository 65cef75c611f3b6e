/**
 * Astro integration: after the static build, pagefind indexes the built pages for the full-text part
 * of /search (issue 5, item 4). Only regions marked `data-pagefind-body` are indexed (book synopses
 * and author bios: the structured search covers titles and names); pagefind splits the index by the
 * page's `<html lang>`, so /de/search searches German pages only. Output: `<outDir>/pagefind/`.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';

export default function pagefindIndex(): AstroIntegration {
  return {
    name: 'phantastika:pagefind',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = Date.now();
        const site = fileURLToPath(dir);
        const { index, errors } = await pagefind.createIndex({});
        if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
        try {
          const added = await index.addDirectory({ path: site });
          if (added.errors.length) throw new Error(`pagefind: ${added.errors.join('; ')}`);
          const written = await index.writeFiles({ outputPath: `${site.replace(/\/$/, '')}/pagefind` });
          if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
          logger.info(`indexed ${added.page_count} pages for full-text search in ${Date.now() - started} ms`);
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
