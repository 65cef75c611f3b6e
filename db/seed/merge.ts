/**
 * The seed importer's merge rules (pure): how a record of the catalogue files reaches a database that
 * may already hold an older import of it and edits made in the app since. Three values per fact: what
 * the data says now (`want`), what the last import wrote (`base`, from seed_records; absent on a
 * database imported before seed_records existed) and what the row holds now (`current`).
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Facts = Record<string, Json>;

/** JSON text with object keys sorted, so two equal values compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const sameJson = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/**
 * The values a row should hold, field by field: the data's value where the data changed since the
 * last import and the row still holds what that import wrote; otherwise the row's own value (an edit
 * made in the app wins). Without a base (a database imported before seed_records) the data wins.
 * @example mergeFacts({ year: 1991 }, { year: 1992 }, { year: 1992 }) // { year: 1991 }
 */
export function mergeFacts<F extends Facts>(want: F, base: Facts | undefined, current: F): F {
  if (!base) return { ...want };
  const merged: Facts = {};
  for (const field of Object.keys(want)) {
    const dataChanged = !sameJson(want[field], base[field]);
    merged[field] = dataChanged && sameJson(current[field], base[field]) ? want[field]! : (current[field] ?? null);
  }
  return merged as F;
}

export interface ItemChanges<F extends Facts> {
  insert: [key: string, facts: F][];
  update: [key: string, facts: F][];
  remove: string[];
}

/**
 * Changes that bring a keyed collection (a book's authors, award entries, alternative titles; or all
 * seeded rows of a table) to the data. An item the data has:
 * - present in the database: updated field by field (mergeFacts);
 * - missing, but in the base: deleted in the app since the last import, so it stays deleted;
 * - missing and not in the base: inserted.
 * An item the data no longer has is removed when the last import wrote it (or there is no base at
 * all); one the last import never wrote was added in the app and is kept.
 */
export function mergeItems<F extends Facts>(
  want: ReadonlyMap<string, F>,
  base: ReadonlyMap<string, Facts> | undefined,
  current: ReadonlyMap<string, F>,
): ItemChanges<F> {
  const changes: ItemChanges<F> = { insert: [], update: [], remove: [] };
  for (const [key, facts] of want) {
    const now = current.get(key);
    if (now) {
      const merged = mergeFacts(facts, base?.get(key), now);
      if (!sameJson(merged, now)) changes.update.push([key, merged]);
    } else if (!base?.has(key)) {
      changes.insert.push([key, facts]);
    }
  }
  for (const key of current.keys()) {
    if (!want.has(key) && (!base || base.has(key))) changes.remove.push(key);
  }
  return changes;
}

/** Whether a collection's changes are empty. */
export const noChanges = (changes: ItemChanges<Facts>) => changes.insert.length + changes.update.length + changes.remove.length === 0;
