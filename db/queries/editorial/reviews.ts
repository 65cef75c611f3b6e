/**
 * Review moderation by super users (issue 13 point 5; migration 0010). A review is the text of a
 * book's `ratings` row or of an `author_reviews` row:
 * - hide: the text stays, `hidden_at`/`hidden_reason`/`hidden_by` are set, and the review leaves every
 *   public list (ratings.ts names `hidden_at IS NULL` beside the partial indexes' predicate). It stays
 *   hidden when its writer edits it, until a super user shows it again.
 * - unhide: clears the three columns.
 * - remove: the text goes (`review = NULL`), the star rating stays (it is the reader's own vote and
 *   moves no counter: book_popularity's trigger only counts ratings), and any hiding is cleared so a
 *   later review of the writer is public again; the removed text and the reason stay in the history.
 * Each write is one transaction with its admin_history row (entity book_review / author_review).
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '../../../src/domain/enums.ts';
import { USER_REVIEWS_LIMIT, type ModeratedReview, type ReviewKind, type UserReviews } from '../../../src/domain/schemas/moderation.ts';
import type { Database } from '../../client.ts';
import { localizedTitleSql } from '../book-title.ts';
import { fitsSerial } from '../refs.ts';
import { isoTime } from '../reader/ratings.ts';
import { Refusal, rows, type Executor, type Outcome } from './common.ts';
import { recordHistory, type Actor } from './history.ts';

const TABLES: Readonly<Record<ReviewKind, { table: string; column: string; entity: 'book_review' | 'author_review' }>> = {
  book: { table: 'ratings', column: 'book_id', entity: 'book_review' },
  author: { table: 'author_reviews', column: 'author_id', entity: 'author_review' },
};

interface ReviewRow {
  kind: ReviewKind;
  id: number;
  userId: string;
  targetId: number;
  slug: string;
  title: string;
  rating: number;
  review: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  hiddenAt: Date | string | null;
  hiddenReason: string | null;
  hiddenBy: string | null;
}

const bookTitle = (locale: Locale) => localizedTitleSql({ id: sql`b.id`, originalTitle: sql`b.original_title`, originalLanguage: sql`b.original_language` }, locale);

/** The reviews of both kinds, as one SELECT with the columns ReviewRow names; `where` filters the union. */
function reviewsSql(locale: Locale, bookWhere: ReturnType<typeof sql>, authorWhere: ReturnType<typeof sql>) {
  const common = sql`r.rating, r.review, r.created_at AS "createdAt", r.updated_at AS "updatedAt",
                     r.hidden_at AS "hiddenAt", r.hidden_reason AS "hiddenReason", hb.email AS "hiddenBy"`;
  return sql`
    SELECT 'book' AS kind, r.id, r.user_id AS "userId", b.id AS "targetId", b.slug, ${bookTitle(locale)} AS title, ${common}
    FROM ratings r JOIN books b ON b.id = r.book_id LEFT JOIN users hb ON hb.id = r.hidden_by WHERE ${bookWhere}
    UNION ALL
    SELECT 'author', r.id, r.user_id, a.id, a.slug, a.name, ${common}
    FROM author_reviews r JOIN authors a ON a.id = r.author_id LEFT JOIN users hb ON hb.id = r.hidden_by WHERE ${authorWhere}`;
}

const toModerated = (row: ReviewRow): ModeratedReview => ({
  kind: row.kind,
  id: row.id,
  target: { id: row.targetId, slug: row.slug, title: row.title },
  rating: row.rating,
  review: row.review,
  createdAt: isoTime(row.createdAt),
  updatedAt: isoTime(row.updatedAt),
  hidden: row.hiddenAt === null ? null : { at: isoTime(row.hiddenAt), reason: row.hiddenReason ?? '', by: row.hiddenBy },
});

/**
 * A user's reviews with text (hidden ones too), newest change first, at most USER_REVIEWS_LIMIT, and
 * their number; null when there is no such user. Served by the (user_id, ...) unique indexes.
 */
export async function listUserReviews(db: Database, userId: string, locale: Locale): Promise<UserReviews | null> {
  const [user] = await rows<{ id: string }>(db, sql`SELECT id FROM users WHERE id = ${userId}`);
  if (!user) return null;
  const where = sql`r.user_id = ${userId} AND r.review IS NOT NULL`;
  const found = await rows<ReviewRow & { total: number }>(
    db,
    sql`SELECT x.*, count(*) OVER ()::int AS total FROM (${reviewsSql(locale, where, where)}) x
        ORDER BY x."updatedAt" DESC, x.kind, x.id DESC LIMIT ${USER_REVIEWS_LIMIT}`,
  );
  return { items: found.map(toModerated), total: found[0]?.total ?? 0 };
}

async function lockReview(tx: Executor, kind: ReviewKind, id: number, locale: Locale): Promise<ModeratedReview & { userId: string }> {
  if (!fitsSerial(id)) throw new Refusal({ ok: false, reason: 'notFound' });
  const { table } = TABLES[kind];
  const locked = await rows(tx, sql`SELECT id FROM ${sql.identifier(table)} WHERE id = ${id} AND review IS NOT NULL FOR UPDATE`);
  if (!locked.length) throw new Refusal({ ok: false, reason: 'notFound' });
  const where = sql`r.id = ${id}`;
  const none = sql`false`;
  const [row] = await rows<ReviewRow>(tx, reviewsSql(locale, kind === 'book' ? where : none, kind === 'author' ? where : none));
  return { ...toModerated(row!), userId: row!.userId };
}

type Change = { kind: 'hide'; reason: string } | { kind: 'unhide' } | { kind: 'remove'; reason: string };

/** Hides, shows or removes one review; notFound when there is no such review with text. */
export async function moderateReview(db: Database, actor: Actor, kind: ReviewKind, id: number, change: Change, locale: Locale): Promise<Outcome<ModeratedReview | { id: number; kind: ReviewKind; removed: true }>> {
  const { table, entity } = TABLES[kind];
  try {
    const value = await db.transaction(async (tx) => {
      const { userId, ...before } = await lockReview(tx, kind, id, locale);
      const record = (action: 'update' | 'delete', after: unknown) =>
        recordHistory(tx, { actor, entityType: entity, entityId: String(id), action, before: { ...before, userId }, after });
      if (change.kind === 'remove') {
        await tx.execute(sql`UPDATE ${sql.identifier(table)} SET review = NULL, hidden_at = NULL, hidden_reason = NULL, hidden_by = NULL WHERE id = ${id}`);
        // The removed text is in `before`; the reason is what the record keeps of the removal.
        await record('delete', { reason: change.reason });
        return { id, kind, removed: true as const };
      }
      if (change.kind === 'hide') {
        await tx.execute(sql`UPDATE ${sql.identifier(table)} SET hidden_at = coalesce(hidden_at, now()), hidden_reason = ${change.reason}, hidden_by = ${actor.id} WHERE id = ${id}`);
      } else {
        await tx.execute(sql`UPDATE ${sql.identifier(table)} SET hidden_at = NULL, hidden_reason = NULL, hidden_by = NULL WHERE id = ${id}`);
      }
      const { userId: _, ...after } = await lockReview(tx, kind, id, locale);
      if (JSON.stringify(after.hidden) !== JSON.stringify(before.hidden)) await record('update', { ...after, userId });
      return after;
    });
    return { ok: true, value };
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    throw error;
  }
}
