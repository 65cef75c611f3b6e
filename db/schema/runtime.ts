import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Deployed static rebuilds (issue 26 point 7; ADR 0027): one row that every function instance reads
 * and writes under a row lock (`db/queries/runtime/site-rebuild.ts`), so coalescing and the status
 * are the site's, not an instance's. The rules are `src/domain/runtime/site-rebuild.ts`. Under
 * `npm start` the local rebuilder runs instead and this row is not used.
 */
export const siteRebuild = pgTable(
  'site_rebuild',
  {
    id: smallint('id').primaryKey().default(1),
    /** The latest edit that asked for new pages. */
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    /** When the latest build-hook POST was decided (the instance that won the row sends it). */
    hookSentAt: timestamp('hook_sent_at', { withTimezone: true }),
    /** A hook was sent and no production deploy that covers it has succeeded or failed yet. */
    hookPending: boolean('hook_pending').notNull().default(false),
    /** When the latest production deploy went live (the deploy-succeeded event). */
    liveAt: timestamp('live_at', { withTimezone: true }),
    liveDeployId: text('live_deploy_id'),
    /** When the live deploy's build started (its createdAt): edits after it may be missing from it. */
    liveBuildStartedAt: timestamp('live_build_started_at', { withTimezone: true }),
    /** The latest failure: the hook refused, or a deploy failed. */
    error: text('error'),
    errorAt: timestamp('error_at', { withTimezone: true }),
  },
  (t) => [check('site_rebuild_one_row', sql`${t.id} = 1`)],
);

/**
 * Idempotency keys of writes (issue 27 point 7; ADR 0031): one row per scope (the signed-in user, or
 * the client address when signed out) and key. The first request claims the row (`status` null while
 * it runs), then keeps its answer in it; a repeat within 24 hours with the same fingerprint (method,
 * path and body) gets that answer. Rules: `src/domain/runtime/idempotency.ts`; queries:
 * `db/queries/runtime/idempotency-keys.ts`; the hourly prune removes rows past their 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 (hex) of method, path and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** The kept answer; null while the first request runs. */
    status: smallint('status'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pkey', columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
