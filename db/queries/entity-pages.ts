/**
 * What an on-demand book, author or series page reads (issue 28 point 1, ADR 0037): the record by its
 * slug, then the catalogue snapshot scoped to what the page shows (db/queries/catalogue.ts). The
 * page then renders from the same shapes as a prebuilt one. Three round trips of indexed statements,
 * whatever the catalogue size.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { loadCatalogueSnapshot, type CatalogueAuthor, type CatalogueBook, type CatalogueSeries, type CatalogueSnapshot } from './catalogue.ts';

export interface EntityPage<T> {
  record: T;
  snapshot: CatalogueSnapshot;
}

async function first<T>(db: Database, query: ReturnType<typeof sql>): Promise<T | null> {
  return ((await db.execute(query)).rows as T[])[0] ?? null;
}

/** A book's page data, or null when no book has this slug. */
export async function loadBookPage(db: Database, slug: string): Promise<EntityPage<CatalogueBook> | null> {
  const row = await first<{ id: number }>(db, sql`SELECT id FROM books WHERE slug = ${slug}`);
  if (!row) return null;
  const snapshot = await loadCatalogueSnapshot(db, { bookIds: [row.id] });
  const record = snapshot.bookById.get(row.id);
  return record ? { record, snapshot } : null;
}

/** A record with all its books (an author or a series) and the scope that holds them, or null when no record has this slug. */
async function loadGroupPage(db: Database, slug: string, group: 'authors' | 'series', link: 'book_authors' | 'book_series', column: 'author_id' | 'series_id') {
  const row = await first<{ id: number; bookIds: number[] }>(
    db,
    sql`SELECT g.id, coalesce((SELECT array_agg(l.book_id) FROM ${sql.identifier(link)} l WHERE l.${sql.identifier(column)} = g.id), '{}') AS "bookIds" FROM ${sql.identifier(group)} g WHERE g.slug = ${slug}`,
  );
  if (!row) return null;
  const snapshot = await loadCatalogueSnapshot(db, group === 'authors' ? { bookIds: row.bookIds, authorIds: [row.id] } : { bookIds: row.bookIds, seriesIds: [row.id] });
  return { id: row.id, snapshot };
}

/** An author's page data (the author with every book of theirs), or null when no author has this slug. */
export async function loadAuthorPage(db: Database, slug: string): Promise<EntityPage<CatalogueAuthor> | null> {
  const page = await loadGroupPage(db, slug, 'authors', 'book_authors', 'author_id');
  const record = page?.snapshot.authorById.get(page.id);
  return page && record ? { record, snapshot: page.snapshot } : null;
}

/** A series' page data (the series with every book in it), or null when no series has this slug. */
export async function loadSeriesPage(db: Database, slug: string): Promise<EntityPage<CatalogueSeries> | null> {
  const page = await loadGroupPage(db, slug, 'series', 'book_series', 'series_id');
  const record = page?.snapshot.seriesById.get(page.id);
  return page && record ? { record, snapshot: page.snapshot } : null;
}

/**
 * The records whose on-demand pages a write to this one may change beyond the pages that already
 * show it (those carry its tag): a book's authors and series as they are after the write (a book just
 * added to an author is on that author's page now), a series' books. Read after the write committed.
 */
export async function pagesShowingNow(db: Database, kind: 'book' | 'author' | 'series' | 'genre', id: number): Promise<{ kind: 'book' | 'author' | 'series'; id: number }[]> {
  const ids = async (query: ReturnType<typeof sql>) => ((await db.execute(query)).rows as { id: number }[]).map((r) => r.id);
  if (kind === 'book') {
    const [authors, series] = await Promise.all([
      ids(sql`SELECT author_id AS id FROM book_authors WHERE book_id = ${id}`),
      ids(sql`SELECT series_id AS id FROM book_series WHERE book_id = ${id}`),
    ]);
    return [...authors.map((a) => ({ kind: 'author' as const, id: a })), ...series.map((s) => ({ kind: 'series' as const, id: s }))];
  }
  if (kind === 'series') return (await ids(sql`SELECT book_id AS id FROM book_series WHERE series_id = ${id}`)).map((b) => ({ kind: 'book' as const, id: b }));
  return [];
}
