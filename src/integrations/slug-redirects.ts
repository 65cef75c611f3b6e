/**
 * Astro integration: after the static build, writes a 301 rule for every old slug of a book, author
 * or series (issue 11.4: slugs follow the spec rule now, so /en/books/ender-s-game moved to
 * /en/books/enders-game) into `<outDir>/_redirects`, under the generated-rules marker with the id
 * routes (src/integrations/redirect-rules.ts), before the catch-all rules. The old slugs come from
 * slug_redirects, which the seed importer fills whenever a slug changes; the sitemaps list only the
 * current slugs.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { getDb } from '../../db/client.ts';
import { loadSlugRedirects, type SlugKind, type SlugRedirect } from '../../db/queries/catalogue.ts';
import { LOCALES } from '../domain/enums.ts';
import { insertGeneratedRules, rule, type RuleBlock } from '../domain/redirect-rules.ts';

const SECTIONS: Readonly<Record<SlugKind, string>> = { book: 'books', author: 'authors', series: 'series' };

/**
 * The rules of every locale: `/en/books/ender-s-game  /en/books/enders-game  301`, one block per kind.
 * @example slugRedirectRules([{ kind: 'book', oldSlug: 'ender-s-game', slug: 'enders-game' }])[0].lines[0]
 */
export function slugRedirectRules(redirects: readonly SlugRedirect[]): RuleBlock[] {
  return (Object.keys(SECTIONS) as SlugKind[]).map((kind) => {
    const section = SECTIONS[kind];
    const moved = redirects.filter((r) => r.kind === kind);
    return {
      title: `old /${section}/{slug} to the current slug`,
      lines: LOCALES.flatMap((locale) => moved.map((r) => rule(`/${locale}/${section}/${r.oldSlug}`, `/${locale}/${section}/${r.slug}`))),
    };
  });
}

export default function slugRedirects(): AstroIntegration {
  return {
    name: 'phantastika:slug-redirects',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const file = path.join(fileURLToPath(dir), '_redirects');
        const blocks = slugRedirectRules(await loadSlugRedirects(await getDb()));
        await writeFile(file, insertGeneratedRules(await readFile(file, 'utf8'), blocks));
        logger.info(`_redirects: ${blocks.reduce((n, b) => n + b.lines.length, 0)} rules from old slugs`);
      },
    },
  };
}
