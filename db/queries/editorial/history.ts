/**
 * The admin history (issue 13 point 8; migration 0009): one row per admin write, written by the
 * write's own transaction (common.ts `editorialWrite`), read newest first for an entity's edit page.
 */
import { sql } from 'drizzle-orm';
import type { HistoryAction, HistoryEntityType } from '../../../src/domain/enums.ts';
import { HISTORY_PAGE_SIZE, type HistoryPage, type HistoryQuery } from '../../../src/domain/schemas/editorial.ts';
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

/** One page of an entity's history, newest first, with the number of records (one statement, served by admin_history_entity_idx). */
export async function listHistory(db: Database, query: HistoryQuery): Promise<HistoryPage> {
  const result = await db.execute(sql`
    SELECT (SELECT count(*)::int FROM admin_history WHERE entity_type = ${query.entity}::history_entity_type AND entity_id = ${query.id}) AS total,
           coalesce((SELECT json_agg(json_build_object('id', h.id, 'action', h.action, 'at', h.created_at,
                                                       'actor', json_build_object('id', h.actor_id, 'email', h.actor_email),
                                                       'before', h.before, 'after', h.after) ORDER BY h.created_at DESC, h.id DESC)
                     FROM (SELECT * FROM admin_history
                           WHERE entity_type = ${query.entity}::history_entity_type AND entity_id = ${query.id}
                           ORDER BY created_at DESC, id DESC
                           LIMIT ${HISTORY_PAGE_SIZE} OFFSET ${(query.page - 1) * HISTORY_PAGE_SIZE}) h), '[]') AS items`);
  const row = result.rows[0] as { total: number; items: (HistoryPage['items'][number] & { at: string | Date })[] };
  return { items: row.items.map((item) => ({ ...item, at: isoTime(item.at) })), page: query.page, pageSize: HISTORY_PAGE_SIZE, total: row.total };
}
