/**
 * Ratings and reviews of books (`ratings`) and authors (`author_reviews`), issue 12. The two tables
 * have the same shape (one row per reader and target: rating 1..5, optional review text), so one set
 * of queries serves both through a `RatingTarget`. Every write names the reader's own id: there is
 * no way to address another reader's row.
 *
 * Speed: a book's summary is read from the trigger-kept counters in book_stats (migrations 0008 and 0017:
 * rating_count, rating_sum), never averaged over its rows; an author's from an aggregate over
 * author_reviews_author_idx (authors have few reviews). Reviews with text come newest first from the
 * partial indexes `*_reviews_idx` (`review IS NOT NULL AND hidden_at IS NULL`: a review a moderator hid,
 * issue 13 point 5, is in no public list; the lists name that predicate so the index serves them;
 * created_at DESC NULLS LAST, id DESC NULLS LAST: the queries order
 * exactly so, or the index would not serve the order).
 */
import { sql, type SQL } from 'drizzle-orm';
import { displayName } from '../../../src/domain/display-name.ts';
import { summarizeRatings, totalsAfterChange, type RatingTotals } from '../../../src/domain/rating.ts';
import { REVIEWS_PAGE_SIZE, type OwnRating, type Review, type ReviewPage } from '../../../src/domain/schemas/reader.ts';
import { executePrepared, statementOf, type Database } from '../../client.ts';
import { findIdByRef, refPlaceholderCondition, refShape, type RefShape, type RefTable } from '../refs.ts';
import { guardValues, WRITER_GUARD_COLUMNS, WRITER_GUARD_CTES, writerVerdict, type Guarded, type WriterGuard, type WriterGuardRow } from '../writer-guard.ts';

/** Which table a rating belongs to, the column naming what it rates, and the table of what it rates. */
export interface RatingTarget {
  readonly table: 'ratings' | 'author_reviews';
  readonly column: 'book_id' | 'author_id';
  readonly rated: RefTable;
}
export const BOOK_RATINGS: RatingTarget = { table: 'ratings', column: 'book_id', rated: 'books' };
export const AUTHOR_REVIEWS: RatingTarget = { table: 'author_reviews', column: 'author_id', rated: 'authors' };

const table = (t: RatingTarget) => sql.identifier(t.table);
const column = (t: RatingTarget) => sql.identifier(t.column);

/** Timestamps leave as ISO 8601 in UTC, whatever the session's time zone (they arrive as Date or as json text). */
export const isoTime = (value: Date | string): string => new Date(value).toISOString();

/** A review row as the queries select it: the reviewer's names stay here, only the display name leaves (spec §3). */
export interface ReviewRow {
  id: number;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  rating: number;
  review: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export const toReview = (row: ReviewRow): Review => ({
  id: row.id,
  userId: row.userId,
  displayName: displayName(row),
  rating: row.rating,
  review: row.review,
  date: isoTime(row.createdAt),
  updatedAt: isoTime(row.updatedAt),
});

/**
 * The reviews with text of one book or author, newest first (as a subquery of json rows): the
 * pop-up's two and a page of the review list share it.
 * @example reviewsJson(BOOK_RATINGS, sql`${bookId}`, 2, 0)
 */
export function reviewsJson(target: RatingTarget, id: SQL, limit: number, offset: number): SQL {
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset) || limit < 0 || offset < 0) throw new RangeError(`Bad page: limit ${limit}, offset ${offset}`);
  // LIMIT and OFFSET as literals, not parameters: with parameters the generic plan of a prepared
  // statement guesses a tenth of the rows and costs 25 times the real one, so PostgreSQL planned the
  // pop-up's statement afresh on every execution (0.3 of its 0.4 ms; issue 12 point 11).
  return sql`coalesce((
    SELECT json_agg(json_build_object('id', r.id, 'userId', r.user_id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email,
                                      'rating', r.rating, 'review', r.review, 'createdAt', r.created_at, 'updatedAt', r.updated_at)
                    ORDER BY r.created_at DESC, r.id DESC)
    FROM (SELECT * FROM ${table(target)} x WHERE x.${column(target)} = ${id} AND x.review IS NOT NULL AND x.hidden_at IS NULL
          ORDER BY x.created_at DESC NULLS LAST, x.id DESC NULLS LAST LIMIT ${sql.raw(String(limit))} OFFSET ${sql.raw(String(offset))}) r
    JOIN users u ON u.id = r.user_id), '[]'::json)`;
}

/** Count and sum of the ratings of one book (counters) or author (aggregate), as a one-row subquery with columns n and s. */
export function totalsSql(target: RatingTarget, id: SQL): SQL {
  return target.table === 'ratings'
    ? sql`(SELECT coalesce(max(p.rating_count), 0)::int AS n, coalesce(max(p.rating_sum), 0)::int AS s FROM book_stats p WHERE p.book_id = ${id})`
    : sql`(SELECT count(*)::int AS n, coalesce(sum(a.rating), 0)::int AS s FROM author_reviews a WHERE a.author_id = ${id})`;
}

/** The reader's own rating as a json value (null without one). */
export function ownJson(target: RatingTarget, userId: string | SQL, id: SQL): SQL {
  return sql`(SELECT json_build_object('rating', o.rating, 'review', o.review, 'updatedAt', o.updated_at)
              FROM ${table(target)} o WHERE o.user_id = ${userId} AND o.${column(target)} = ${id})`;
}

export interface OwnJson {
  rating: number;
  review: string | null;
  updatedAt: Date | string;
}
export const toOwnRating = (own: OwnJson | null): OwnRating | null => (own ? { rating: own.rating, review: own.review, updatedAt: isoTime(own.updatedAt) } : null);

/**
 * One page of the reviews with text of the book or author `ref` names (id or slug), newest first,
 * their total and the summary of all ratings, and `readerId`'s own rating (null without a reader or a
 * rating); null when there is no such book or author. `page` is 1-based.
 */
export async function listReviews(db: Database, target: RatingTarget, ref: number | string, page: number, readerId: string | null = null): Promise<ReviewPage | null> {
  const id = await findIdByRef(db, target.rated, ref);
  if (id === null) return null;
  const result = await db.execute(sql`
    SELECT t.n, t.s,
           (SELECT count(*)::int FROM ${table(target)} x WHERE x.${column(target)} = ${id} AND x.review IS NOT NULL AND x.hidden_at IS NULL) AS total,
           ${reviewsJson(target, sql`${id}`, REVIEWS_PAGE_SIZE, (page - 1) * REVIEWS_PAGE_SIZE)} AS items,
           ${readerId ? ownJson(target, readerId, sql`${id}`) : sql`NULL::json`} AS own
    FROM ${totalsSql(target, sql`${id}`)} t`);
  const row = result.rows[0] as { n: number; s: number; total: number; items: ReviewRow[]; own: OwnJson | null };
  return { items: row.items.map(toReview), total: row.total, page, pageSize: REVIEWS_PAGE_SIZE, summary: summarizeRatings(row.n, row.s), own: toOwnRating(row.own) };
}

/** What a rating write answers: the reader's rating and the new summary (RatingResultSchema). */
export interface RatingWrite {
  own: OwnRating | null;
  summary: RatingTotals;
  /** The id of the book or author rated (its page's cache tag is purged: ADR 0037); not part of the answer. */
  targetId: number;
}

/** PostgreSQL's foreign_key_violation: the book or author went away between lookup and write. */
const isMissingTarget = (error: unknown) => (error as { code?: string } | null)?.code === '23503';

/**
 * Rates (and reviews) the book or author `ref` names, as the guard's writer (writer-guard.ts: the
 * session checked and the write counted in the same statement): one row per reader and target,
 * upserted on its unique index, so concurrent writes of one reader never make two rows. `review`:
 * undefined keeps the stored text (spec §7: POST with only a rating), a string or null replaces it
 * (null: no review). The result is null when there is no such book or author.
 */
export async function saveRating(db: Database, target: RatingTarget, guard: WriterGuard, ref: number | string, rating: number, review: string | null | undefined): Promise<Guarded<RatingWrite>> {
  const keep = review === undefined;
  const shape = refShape(ref);
  const statement = statementOf(statements, `save:${target.table}:${shape}:${keep}`, () => sql`
      WITH ${WRITER_GUARD_CTES}, ${targetCtes(target, shape)},
      prior AS (SELECT o.rating FROM ${table(target)} o, allowed, tr WHERE o.user_id = allowed.id AND o.${column(target)} = tr.id),
      w AS (
        INSERT INTO ${table(target)} AS t (user_id, ${column(target)}, rating, review)
        SELECT allowed.id, tr.id, ${sql.placeholder('rating')}, ${keep ? sql`NULL` : sql.placeholder('review')}::text FROM allowed, tr
        ON CONFLICT (user_id, ${column(target)}) DO UPDATE
          SET rating = EXCLUDED.rating, review = ${keep ? sql`t.review` : sql`EXCLUDED.review`}, updated_at = now()
        RETURNING t.${column(target)} AS "targetId", t.rating, t.review, t.updated_at AS "updatedAt")
      SELECT ${WRITER_GUARD_COLUMNS}, (SELECT row_to_json(w) FROM w) AS own, (SELECT rating FROM prior) AS prior, (SELECT n FROM before) AS n, (SELECT s FROM before) AS s`);
  try {
    const written = await executePrepared(db, 'save_rating', statement, { ...guardValues(guard), ref, rating, ...(keep ? {} : { review }) });
    const row = written.rows[0] as unknown as WriterGuardRow & TotalsBefore & { own: (OwnJson & { targetId: number }) | null };
    const verdict = writerVerdict(row, guard);
    if (verdict.kind !== 'allowed' || !row.own) return verdict.kind === 'allowed' ? { ...verdict, result: null } : verdict;
    return { ...verdict, result: { own: toOwnRating(row.own), summary: summaryAfter(row, row.own.rating), targetId: row.own.targetId } };
  } catch (error) {
    if (isMissingTarget(error)) return { kind: 'allowed', userId: guard.session.userId, result: null };
    throw error;
  }
}

/** Deletes the guard's writer's own rating and review of what `ref` names; the result is null when they had none (or there is no such target). */
export async function deleteRating(db: Database, target: RatingTarget, guard: WriterGuard, ref: number | string): Promise<Guarded<RatingWrite>> {
  const shape = refShape(ref);
  const statement = statementOf(statements, `delete:${target.table}:${shape}`, () => sql`
    WITH ${WRITER_GUARD_CTES}, ${targetCtes(target, shape)},
    w AS (
      DELETE FROM ${table(target)} t USING allowed, tr
      WHERE t.${column(target)} = tr.id AND t.user_id = allowed.id
      RETURNING t.${column(target)} AS "targetId", t.rating)
    SELECT ${WRITER_GUARD_COLUMNS}, (SELECT "targetId" FROM w) AS "targetId", (SELECT rating FROM w) AS prior, (SELECT n FROM before) AS n, (SELECT s FROM before) AS s`);
  const deleted = await executePrepared(db, 'delete_rating', statement, { ...guardValues(guard), ref });
  const row = deleted.rows[0] as unknown as WriterGuardRow & TotalsBefore & { targetId: number | null };
  const verdict = writerVerdict(row, guard);
  if (verdict.kind !== 'allowed') return verdict;
  return { ...verdict, result: row.targetId === null ? null : { own: null, summary: summaryAfter(row, null), targetId: row.targetId } };
}

/** The rating writes' statements, one per target, reference shape and kind of write (statementOf). */
const statements = new Map<string, SQL>();

/**
 * The CTEs `tr` (the book or author the placeholder `ref` names, or no row) and `before` (its rating count n and sum s
 * as the statement's snapshot sees them, the writer's previous rating included). A write answers
 * the summary from them and its own change (totalsAfterChange): the counters move in the write's
 * trigger, which no part of the same statement sees, and reading them again would cost a round trip.
 */
function targetCtes(target: RatingTarget, shape: RefShape): SQL {
  const named = refPlaceholderCondition(sql`x`, shape);
  return sql`tr AS (SELECT x.id FROM ${sql.identifier(target.rated)} x WHERE ${named}),
    before AS (SELECT t.n, t.s FROM tr, LATERAL ${totalsSql(target, sql`tr.id`)} t)`;
}

interface TotalsBefore {
  prior: number | null;
  n: number | null;
  s: number | null;
}

const summaryAfter = (row: TotalsBefore, next: number | null): RatingTotals => {
  const { count, sum } = totalsAfterChange(row.n ?? 0, row.s ?? 0, row.prior, next);
  return summarizeRatings(count, sum);
};
