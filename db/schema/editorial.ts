import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { historyActionEnum, historyEntityTypeEnum } from './enums.ts';
import { users } from './users.ts';

/**
 * Every admin write (issue 13 point 8): who, when, which thing, what was done, and the thing before
 * and after as the admin API shows it. Written in the transaction of the write itself
 * (db/queries/editorial/history.ts), so a change and its record exist together or not at all. The
 * actor's e-mail is kept beside the id: the record outlives the account.
 */
export const adminHistory = pgTable(
  'admin_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    entityType: historyEntityTypeEnum('entity_type').notNull(),
    /** The thing's id as text: catalogue rows have integer ids, users uuids. */
    entityId: text('entity_id').notNull(),
    action: historyActionEnum('action').notNull(),
    /** Null for a create. */
    before: jsonb('before'),
    /** Null for a delete. */
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_history_entity_idx').on(t.entityType, t.entityId, t.createdAt.desc(), t.id.desc()), index('admin_history_time_idx').on(t.createdAt)],
);
