/**
 * The admin history (issue 13 point 8; migration 0009): one row per admin write, written by the
 * write's own transaction (common.ts `editorialWrite`), read newest first for an entity's edit page.
 */
import { sql } from 'drizzle-orm';
import type { HistoryAction, HistoryEntityType, Locale } from '../../../src/domain/enums.ts';
import { HISTORY_PAGE_SIZE, type HistoryNames, type HistoryPage, type HistoryQuery } from '../../../src/domain/schemas/editorial.ts';
import type { Database } from '../../client.ts';
import { isoTime } from '../reader/ratings.ts';

/** Who made a change: the signed-in super user. */
export interface Actor {
  id: string;
  email: string;
}

export interface HistoryRecord {
  actor: Actor;
  entityType: HistoryEntityType;
  entityId: string;
  action: HistoryAction;
  before: unknown;
  after: unknown;
}

/** Records one change; call it inside the transaction that makes the change. */
export async function recordHistory(tx: Pick<Database, 'execute'>, entry: HistoryRecord): Promise<void> {
  const json = (value: unknown) => (value === null || value === undefined ? sql`NULL` : sql`${JSON.stringify(value)}::jsonb`);
  await tx.execute(sql`
    INSERT INTO admin_history (actor_id, actor_email, entity_type, entity_id, action, before, after)
    VALUES (${entry.actor.id}, ${entry.actor.email}, ${entry.entityType}::history_entity_type, ${entry.entityId}, ${entry.action}::history_action, ${json(entry.before)}, ${json(entry.after)})`);
}

/**
 * Which rows an entity's history shows: its own; for a book also the writes of its editions and the
 * award finalists saves that added, changed or removed it (issue 29 point 17: the book page's history
 * left them out). Edition records carry `bookId`; a finalists save records the slot's `entries`.
 */
function historyWhere(query: HistoryQuery) {
  const own = sql`(entity_type = ${query.entity}::history_entity_type AND entity_id = ${query.id})`;
  if (query.entity !== 'book' || !/^[0-9]{1,10}$/.test(query.id)) return own;
  const entry = sql`jsonb_build_array(jsonb_build_object('bookId', ${Number(query.id)}::bigint))`;
  return sql`(${own}
    OR (entity_type = 'edition' AND (before->>'bookId' = ${query.id} OR after->>'bookId' = ${query.id}))
    OR (entity_type = 'award' AND (before->'entries' @> ${entry} OR after->'entries' @> ${entry})))`;
}

/** Ids a page's records name (a book's relations, a finalists slot's award and category), to be named. */
function namedIds(items: readonly { before: unknown; after: unknown }[]): Record<keyof HistoryNames, number[]> {
  const ids = { authors: new Set<number>(), genres: new Set<number>(), series: new Set<number>(), awards: new Set<number>(), categories: new Set<number>() };
  const add = (set: Set<number>, value: unknown) => {
    if (typeof value === 'number' && Number.isInteger(value)) set.add(value);
  };
  for (const item of items) {
    for (const side of [item.before, item.after]) {
      if (typeof side !== 'object' || side === null) continue;
      const r = side as Record<string, unknown>;
      if (Array.isArray(r.authorIds)) r.authorIds.forEach((id) => add(ids.authors, id));
      if (Array.isArray(r.genreIds)) r.genreIds.forEach((id) => add(ids.genres, id));
      if (Array.isArray(r.series)) r.series.forEach((x) => add(ids.series, (x as { seriesId?: unknown })?.seriesId));
      if (Array.isArray(r.awards)) {
        r.awards.forEach((x) => {
          add(ids.awards, (x as { awardId?: unknown })?.awardId);
          add(ids.categories, (x as { categoryId?: unknown })?.categoryId);
        });
      }
      if (Array.isArray(r.entries)) {
        add(ids.awards, r.awardId);
        add(ids.categories, r.categoryId);
      }
    }
  }
  return { authors: [...ids.authors], genres: [...ids.genres], series: [...ids.series], awards: [...ids.awards], categories: [...ids.categories] };
}

/** The names (in `locale` where a thing has one per language) of the ids a page names: one statement. */
async function readNames(db: Database, ids: Record<keyof HistoryNames, number[]>, locale: Locale): Promise<HistoryNames> {
  const list = (values: number[]) => sql`(SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
  const result = await db.execute(sql`
    SELECT (SELECT coalesce(json_object_agg(id, name), '{}') FROM authors WHERE id IN ${list(ids.authors)}) AS authors,
           (SELECT coalesce(json_object_agg(id, coalesce(nullif(names->>${locale}, ''), name)), '{}') FROM genres WHERE id IN ${list(ids.genres)}) AS genres,
           (SELECT coalesce(json_object_agg(id, name), '{}') FROM series WHERE id IN ${list(ids.series)}) AS series,
           (SELECT coalesce(json_object_agg(id, coalesce(nullif(names->>${locale}, ''), name)), '{}') FROM awards WHERE id IN ${list(ids.awards)}) AS awards,
           (SELECT coalesce(json_object_agg(id, coalesce(nullif(names->>${locale}, ''), nullif(names->>'en', ''), slug)), '{}') FROM award_categories WHERE id IN ${list(ids.categories)}) AS categories`);
  return result.rows[0] as HistoryNames;
}

/**
 * One page of an entity's history, newest first, with the number of records (one statement, served by
 * admin_history_entity_idx), each record's own entity, and the names of the authors, genres, series,
 * awards and categories its values name by id, in `locale` (issue 29 point 17).
 */
export async function listHistory(db: Database, query: HistoryQuery, locale: Locale = 'en'): Promise<HistoryPage> {
  const where = historyWhere(query);
  const result = await db.execute(sql`
    SELECT (SELECT count(*)::int FROM admin_history WHERE ${where}) AS total,
           coalesce((SELECT json_agg(json_build_object('id', h.id, 'entity', h.entity_type, 'entityId', h.entity_id, 'action', h.action, 'at', h.created_at,
                                                       'actor', json_build_object('id', h.actor_id, 'email', h.actor_email),
                                                       'before', h.before, 'after', h.after) ORDER BY h.created_at DESC, h.id DESC)
                     FROM (SELECT * FROM admin_history
                           WHERE ${where}
                           ORDER BY created_at DESC, id DESC
                           LIMIT ${HISTORY_PAGE_SIZE} OFFSET ${(query.page - 1) * HISTORY_PAGE_SIZE}) h), '[]') AS items`);
  const row = result.rows[0] as { total: number; items: (HistoryPage['items'][number] & { at: string | Date })[] };
  const names = await readNames(db, namedIds(row.items), locale);
  return { items: row.items.map((item) => ({ ...item, at: isoTime(item.at) })), page: query.page, pageSize: HISTORY_PAGE_SIZE, total: row.total, names };
}
