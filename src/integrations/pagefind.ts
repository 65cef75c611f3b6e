/**
 * Astro integration: after the static build, pagefind indexes the built pages for the full-text part
 * of /search (issue 5, item 4). Only regions marked `data-pagefind-body` are indexed (book synopses
 * and author bios: the structured search covers titles and names); pagefind splits the index by the
 * page's `<html lang>`, so /de/search searches German pages only. Output: `<outDir>/pagefind/`.
 * Book and author pages that were not prebuilt (issue 28 point 5, ADR 0037) are indexed from the
 * database: their indexed region as a document of its own (src/domain/search-pages.ts), at the
 * page's address, so search finds every page whether or not the build wrote it.
 *
 * An incremental rebuild under `npm start` may defer the index (PAGEFIND_DEFERRED=1, ADR 0020): it
 * then takes over its base's index and leaves SEARCH_INDEX_PENDING in the build, and the rebuilder
 * indexes the whole site into a linked copy of it (`writeSearchIndex`, scripts/search-index.ts) that
 * it swaps in next. Pagefind cannot update an index, and indexing every page is most of such a build.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';
import { getCatalogueSnapshot } from '../../db/queries/catalogue.ts';
import { LOCALES } from '../domain/enums.ts';
import { authorSearchPage, bookSearchPage, type SearchPage } from '../domain/search-pages.ts';
import { filesTakenOver, linkTree, SEARCH_INDEX_PENDING } from './incremental-build.ts';

/** Indexes every page of a built site, and the pages it did not build, into `<site>/pagefind/`; answers the number of pages. */
export async function writeSearchIndex(site: string): Promise<number> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  try {
    // Only book and author pages have an indexed region. Where none is built (PREBUILD_TOP=0) and the
    // catalogue had no text at all, pagefind would index every other page whole: it never sees them.
    const added = await index.addDirectory({ path: site, glob: `{${LOCALES.join(',')}}/{books,authors}/*/index.html` });
    if (added.errors.length) throw new Error(`pagefind: ${added.errors.join('; ')}`);
    let pages = added.page_count;
    // The pages rendered on demand, from the database (the build's snapshot when it has one).
    const { books, authors } = await getCatalogueSnapshot();
    const onDemand = [
      ...books.flatMap((book) => LOCALES.map((locale) => bookSearchPage(book, locale))),
      ...authors.flatMap((author) => LOCALES.map((locale) => authorSearchPage(author, locale))),
    ].filter((page): page is SearchPage => page !== null && !existsSync(path.join(site, page.url, 'index.html')));
    // A few at a time: each is a message to pagefind's indexer process.
    for (let at = 0; at < onDemand.length; at += 64) {
      const batch = onDemand.slice(at, at + 64);
      for (const [i, one] of (await Promise.all(batch.map((page) => index.addHTMLFile({ url: page.url, content: page.html })))).entries()) {
        if (one.errors.length) throw new Error(`pagefind: ${batch[i]!.url}: ${one.errors.join('; ')}`);
      }
      pages += batch.length;
    }
    const written = await index.writeFiles({ outputPath: path.join(site, 'pagefind') });
    if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
    return pages;
  } finally {
    await pagefind.close();
  }
}

export default function pagefindIndex(): AstroIntegration {
  return {
    name: 'phantastika:pagefind',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = Date.now();
        const site = fileURLToPath(dir);
        const taken = filesTakenOver();
        if (taken && process.env.PAGEFIND_DEFERRED === '1' && existsSync(path.join(taken.base, 'pagefind'))) {
          linkTree(path.join(taken.base, 'pagefind'), path.join(site, 'pagefind'));
          writeFileSync(path.join(site, SEARCH_INDEX_PENDING), `${taken.base}\n`);
          logger.info(`search index deferred: took over ${path.basename(taken.base)}'s, the rebuilder indexes this build next`);
          return;
        }
        const pages = await writeSearchIndex(site);
        logger.info(`indexed ${pages} pages for full-text search in ${Date.now() - started} ms`);
      },
    },
  };
}
