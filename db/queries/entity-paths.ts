/**
 * The lookup behind the entity paths that are no page (issue 28 point 4; src/domain/entity-paths.ts):
 * an id of an author, series or award, an id or slug of a genre, an old slug of a book, author or
 * series. One indexed statement per request; the rules are those the `_redirects` rules had
 * (an id that is also a slug of that kind is that slug's page; an old slug that a record now has is
 * that record's page).
 */
import { sql } from 'drizzle-orm';
import type { EntityPathSection, EntityPathTarget } from '../../src/domain/entity-paths.ts';
import type { Database } from '../client.ts';

const SLUG_KIND = { books: 'book', authors: 'author', series: 'series' } as const;

/** Where `key` (already read by `keyOfEntityPath`) leads in `section`, or null when it names nothing there. */
export async function lookupEntityPath(db: Database, section: EntityPathSection, key: { id: number | null; slug: string }): Promise<EntityPathTarget | null> {
  const first = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)).rows as T[])[0] ?? null;
  if (section === 'genres') {
    const genre = await first<{ name: string }>(sql`SELECT name FROM genres WHERE slug = ${key.slug} OR id = ${key.id ?? -1} ORDER BY (slug = ${key.slug}) DESC LIMIT 1`);
    return genre ? { genreName: genre.name } : null;
  }
  const table = sql.identifier(section);
  if (key.id !== null) {
    // An id that is also a slug is that page (a static file answered it); here it is the id.
    const byId = await first<{ slug: string }>(sql`SELECT slug FROM ${table} WHERE id = ${key.id}`);
    if (byId) return { slug: byId.slug };
  }
  if (section === 'awards') return null;
  const moved = await first<{ slug: string }>(sql`
    SELECT c.slug FROM slug_redirects r JOIN ${table} c ON c.id = r.entity_id
    WHERE r.kind = ${SLUG_KIND[section]}::slug_kind AND r.old_slug = ${key.slug} AND c.slug <> r.old_slug
      AND NOT EXISTS (SELECT 1 FROM ${table} p WHERE p.slug = r.old_slug)
    LIMIT 1`);
  return moved ? { slug: moved.slug } : null;
}
