/**
 * Path references to catalogue rows: a numeric id or a slug (spec §7 `/api/books/{id}/...`, and the
 * same for authors), resolved with one indexed lookup. A well-formed id beyond the integer column
 * matches nothing (a 404), never a database error (issue 10).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';

/** The largest value of a PostgreSQL `serial`/`integer` id. */
export const MAX_SERIAL = 2_147_483_647;

/** Whether a number can be the id of a `serial` row at all (bigger ones would make PostgreSQL fail, not miss). */
export const fitsSerial = (id: number): boolean => Number.isInteger(id) && id >= 1 && id <= MAX_SERIAL;

/** The tables a path reference can name. */
export type RefTable = 'books' | 'authors';

/**
 * The condition "row `alias` is the one `ref` names" (id or slug, both unique-indexed), or null for an
 * id no row can have (beyond the integer column), which therefore matches nothing.
 * @example refCondition(sql`b`, 'dune') // sql`b.slug = 'dune'`
 */
export function refCondition(alias: SQL, ref: number | string): SQL | null {
  if (typeof ref === 'number') return fitsSerial(ref) ? sql`${alias}.id = ${ref}` : null;
  return sql`${alias}.slug = ${ref}`;
}

/** How a reference names its row: by id, by slug, or not at all (an id beyond the integer column). */
export type RefShape = 'id' | 'slug' | 'none';
export const refShape = (ref: number | string): RefShape => (typeof ref === 'string' ? 'slug' : fitsSerial(ref) ? 'id' : 'none');

/**
 * refCondition for a statement built once per shape: the reference as the placeholder `name`.
 * @example refPlaceholderCondition(sql`x`, refShape(ref)) // run with { ref }
 */
export function refPlaceholderCondition(alias: SQL, shape: RefShape, name = 'ref'): SQL {
  if (shape === 'none') return sql`false`;
  return shape === 'id' ? sql`${alias}.id = ${sql.placeholder(name)}` : sql`${alias}.slug = ${sql.placeholder(name)}`;
}

/** The id of the row of `table` that `ref` names, or null when there is none. */
export async function findIdByRef(db: Database, table: RefTable, ref: number | string): Promise<number | null> {
  const where = refCondition(sql`x`, ref);
  if (!where) return null;
  const result = await db.execute(sql`SELECT x.id FROM ${sql.identifier(table)} x WHERE ${where} LIMIT 1`);
  return (result.rows[0] as { id: number } | undefined)?.id ?? null;
}

/** The book's id for an id or slug reference, or null when there is no such book. */
export const findBookId = (db: Database, ref: number | string) => findIdByRef(db, 'books', ref);

/** The author's id for an id or slug reference, or null when there is no such author. */
export const findAuthorId = (db: Database, ref: number | string) => findIdByRef(db, 'authors', ref);

/** A list of ids as one `int[]` parameter (`= ANY(...)`), whatever its length, empty too. */
export const intArray = (ids: Iterable<number>): SQL => sql`${`{${[...ids].filter(fitsSerial).join(',')}}`}::int[]`;
