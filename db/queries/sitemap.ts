/**
 * The sitemap's routes from the database (issue 28 point 5): counts for the index, one window of a
 * section for a part. Nothing loads the whole catalogue: a part is one indexed range of at most
 * 16,666 slugs, so the sitemap of a 1,000,000-book catalogue costs what today's does per file.
 */
import { sql } from 'drizzle-orm';
import type { SitemapSection } from '../../src/domain/sitemap.ts';
import { awardRoute } from '../../src/domain/awards-view.ts';
import { slugify } from '../../src/domain/slug.ts';
import type { Database } from '../client.ts';

/** The records whose pages the sitemap lists: a slug per row, in id order. */
const RECORD_TABLES = { books: sql`books`, authors: sql`authors`, series: sql`series` } as const;

/** How many routes each section has; `pages` are the caller's (they are code, not data). */
export async function countSitemapRoutes(db: Database, pages: number): Promise<Record<SitemapSection, number>> {
  const result = await db.execute(sql`
    SELECT (SELECT count(*) FROM books)::int AS books, (SELECT count(*) FROM authors)::int AS authors, (SELECT count(*) FROM series)::int AS series`);
  const row = result.rows[0] as { books: number; authors: number; series: number };
  return { pages, books: row.books, authors: row.authors, series: row.series, awards: (await awardSitemapRoutes(db)).length };
}

/** One window of a section's routes (unprefixed, e.g. `/books/dune`), in id order. */
export async function sitemapRoutes(db: Database, section: Exclude<SitemapSection, 'pages'>, offset: number, limit: number): Promise<string[]> {
  if (section === 'awards') return (await awardSitemapRoutes(db)).slice(offset, offset + limit);
  const result = await db.execute(sql`SELECT slug FROM ${RECORD_TABLES[section]} ORDER BY id OFFSET ${offset} LIMIT ${limit}`);
  return (result.rows as { slug: string }[]).map((row) => `/${section}/${row.slug}`);
}

/**
 * Every award page and, after each, its category pages: the catalogue's categories, then the custom
 * ones of its entries and 'no award' years (`custom-{slug}`), as the award pages build them
 * (src/components/lists/awards-data.server.ts). Awards are few; this reads no book.
 */
export async function awardSitemapRoutes(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT a.slug AS award, NULL::text AS category, 0 AS kind, a.id, 0 AS position, NULL::text AS custom FROM awards a
    UNION ALL SELECT a.slug, c.slug, 1, a.id, c.position, NULL FROM award_categories c JOIN awards a ON a.id = c.award_id
    UNION ALL SELECT DISTINCT a.slug, NULL, 2, a.id, 0, trim(coalesce(x.custom_category, '')) FROM (
      SELECT award_id, custom_category FROM book_awards WHERE category_id IS NULL
      UNION ALL SELECT award_id, custom_category FROM award_no_award_years WHERE category_id IS NULL
    ) x JOIN awards a ON a.id = x.award_id
    ORDER BY id, kind, position, category, custom`);
  const routes: string[] = [];
  for (const row of result.rows as { award: string; category: string | null; kind: number; custom: string | null }[]) {
    if (row.kind === 0) routes.push(awardRoute(row.award));
    else if (row.kind === 1) routes.push(awardRoute(row.award, row.category!));
    else {
      const route = awardRoute(row.award, `custom-${slugify(row.custom ?? '')}`);
      if (!routes.includes(route)) routes.push(route);
    }
  }
  return routes;
}
