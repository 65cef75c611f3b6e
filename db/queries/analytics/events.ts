/**
 * Writing analytics (issue 14 point 1): events, searches and the day's salt. Nothing that identifies
 * a visitor reaches these functions: the visitor hash is computed before (src/domain/analytics/visitor.ts).
 */
import { sql } from 'drizzle-orm';
import { newSalt, rotateSalts } from '../../../src/domain/analytics/visitor.ts';
import type { AnalyticsEventType } from '../../../src/domain/enums.ts';
import type { Database } from '../../client.ts';
import { analyticsEvents, analyticsSalts, analyticsSearches } from '../../schema/index.ts';

export interface StoredEvent {
  eventType: AnalyticsEventType;
  route: string;
  locale: string | null;
  entityType: string | null;
  entityId: string | null;
  metadata: Record<string, unknown>;
  visitorHash: string;
}

export async function insertEvent(db: Database, event: StoredEvent): Promise<void> {
  await db.insert(analyticsEvents).values(event);
}

export interface SearchRecord {
  query: string;
  hits: number;
  visitorHash: string;
  at: Date;
}

/** One statement for a batch of searches (search-endpoint.ts collects them after answering). */
export async function insertSearches(db: Database, records: readonly SearchRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.insert(analyticsSearches).values(records.map((r) => ({ query: r.query, hits: r.hits, visitorHash: r.visitorHash, createdAt: r.at })));
}

/**
 * The salt of `today` (a UTC day, 'YYYY-MM-DD'): every other day's salt is deleted, and today's is made
 * when missing. Concurrent instances agree: the first insert wins and the others read it.
 */
export async function saltOfDay(db: Database, today: string): Promise<string> {
  const stored = (await db.execute(sql`SELECT day::text AS day, salt FROM analytics_salts`)).rows as { day: string; salt: string }[];
  const { keep, drop } = rotateSalts(
    stored.map((s) => s.day),
    today,
  );
  if (drop.length > 0) await db.execute(sql`DELETE FROM analytics_salts WHERE day::text IN (${sql.join(drop.map((d) => sql`${d}`), sql`, `)})`);
  if (keep) return stored.find((s) => s.day === keep)!.salt;
  const inserted = await db.insert(analyticsSalts).values({ day: today, salt: newSalt() }).onConflictDoNothing().returning({ salt: analyticsSalts.salt });
  if (inserted[0]) return inserted[0].salt;
  const row = (await db.execute(sql`SELECT salt FROM analytics_salts WHERE day = ${today}::date`)).rows[0] as { salt: string };
  return row.salt;
}
