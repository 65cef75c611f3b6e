/**
 * The book pop-up's data (spec §2 "Book detail pop-up", §7 `GET /api/books/{id}/modal-data`; issue 12
 * point 1) in two parts, so that nothing personal is ever cached:
 * - `loadModalCatalogue`: the book as every reader sees it in one language (two queries run side by
 *   side: the editions, and the book with its authors, genres, series and awards as json). The
 *   endpoint may keep it in its per-instance answer cache;
 * - `loadModalLive`: what changes with every rating and is the reader's own: the rating summary (from
 *   the book_stats counters), the two newest reviews with text (partial index), and, signed in,
 *   the reader's rating and reading-list entry (unique-index lookups). One statement, which also checks
 *   that the session is live (liveSessionUserIdSql): a signed-in pop-up costs one round trip, not two.
 */
import { sql, type SQL } from 'drizzle-orm';
import { localized } from '../../../src/domain/catalogue-view.ts';
import { markdownToPlainText, stripLeadingHeading, truncateText } from '../../../src/domain/description.ts';
import type { Locale, ReadingStatus, Role } from '../../../src/domain/enums.ts';
import { summarizeRatings } from '../../../src/domain/rating.ts';
import { POPUP_BIO_LENGTH, POPUP_REVIEW_LIMIT, type ModalData } from '../../../src/domain/schemas/reader.ts';
import type { LocalizedText } from '../../schema/localized.ts';
import { executePrepared, type Database } from '../../client.ts';
import { liveSessionUserSql, SESSION_PLACEHOLDERS, type SessionRef } from '../sessions.ts';
import { localizedTitleSql } from '../book-title.ts';
import { listEditions } from '../editions.ts';
import { BOOK_RATINGS, ownJson, reviewsJson, toOwnRating, toReview, totalsSql, type OwnJson, type ReviewRow } from './ratings.ts';

export type ModalCatalogue = Pick<ModalData, 'book' | 'author'>;
/** The live half, and the role of the reader whose live session asked (null signed out): not part of the answer. */
export type ModalLive = Omit<ModalData, 'book' | 'author'> & { viewerRole: Role | null };

/** A jsonb text in the request language, else English, else null (DESIGN.md §6), as SQL. */
const localizedName = (column: 'g.names' | 'aw.names' | 'c.names', locale: Locale) =>
  sql`coalesce(nullif(btrim(${sql.raw(column)}->>${locale}::text), ''), nullif(btrim(${sql.raw(column)}->>'en'), ''))`;

interface BookRow extends Omit<ModalData['book'], 'description' | 'authors' | 'editions'> {
  description: LocalizedText;
  authors: { id: number; slug: string; name: string; profileImageUrl: string | null; bio: LocalizedText }[];
}

/** The bio as the pop-up shows it: in the request language (else en), plain text, cut at 400 characters plus '...' (spec §2, §9). */
function popupBio(bio: LocalizedText, locale: Locale): string | null {
  const text = localized(bio, locale)?.text;
  if (!text) return null;
  // Plain text before cutting: a cut through markdown could leave half a link or an open emphasis.
  return truncateText(markdownToPlainText(stripLeadingHeading(text)), POPUP_BIO_LENGTH) || null;
}

/** The book in one language, or null when there is no book with this id. */
export async function loadModalCatalogue(db: Database, bookId: number, locale: Locale): Promise<ModalCatalogue | null> {
  const title = localizedTitleSql({ id: sql`b.id`, originalTitle: sql`b.original_title`, originalLanguage: sql`b.original_language` }, locale);
  const [result, editions] = await Promise.all([
    db.execute(sql`
      SELECT b.id, b.slug, ${title} AS title, b.original_title AS "originalTitle", b.cover_image_url AS "coverImage",
             b.description, b.publication_date::text AS "publicationDate", b.publication_year AS "publicationYear",
             b.publisher, b.pages,
             coalesce((SELECT json_agg(json_build_object('id', a.id, 'slug', a.slug, 'name', a.name,
                                                         'profileImageUrl', a.profile_image_url, 'bio', a.bio) ORDER BY ba.position, a.id)
                       FROM book_authors ba JOIN authors a ON a.id = ba.author_id WHERE ba.book_id = b.id), '[]') AS authors,
             coalesce((SELECT json_agg(json_build_object('id', g.id, 'slug', g.slug, 'name', coalesce(${localizedName('g.names', locale)}, g.name),
                                                         'canonicalName', g.name, 'category', g.category) ORDER BY g.id)
                       FROM book_genres bg JOIN genres g ON g.id = bg.genre_id WHERE bg.book_id = b.id), '[]') AS genres,
             coalesce((SELECT json_agg(json_build_object('id', s.id, 'slug', s.slug, 'name', s.name, 'position', bs.position::float8)
                                       ORDER BY s.name, s.id)
                       FROM book_series bs JOIN series s ON s.id = bs.series_id WHERE bs.book_id = b.id), '[]') AS "allSeries",
             coalesce((SELECT json_agg(json_build_object('awardId', aw.id, 'awardSlug', aw.slug,
                                                         'awardName', coalesce(${localizedName('aw.names', locale)}, aw.name),
                                                         'category', coalesce(${localizedName('c.names', locale)}, nullif(btrim(e.custom_category), '')),
                                                         'year', e.year, 'isWinner', e.is_winner, 'asTitle', e.as_title)
                                       ORDER BY e.year DESC, e.is_winner DESC, aw.id, e.id)
                       FROM book_awards e JOIN awards aw ON aw.id = e.award_id LEFT JOIN award_categories c ON c.id = e.category_id
                       WHERE e.book_id = b.id), '[]') AS awards
      FROM books b WHERE b.id = ${bookId}`),
    listEditions(db, bookId),
  ]);
  const row = result.rows[0] as BookRow | undefined;
  if (!row) return null;
  const { authors, description, ...book } = row;
  const synopsis = localized(description, locale)?.text;
  const first = authors[0];
  return {
    book: {
      ...book,
      description: synopsis ? stripLeadingHeading(synopsis) || null : null,
      authors: authors.map(({ id, slug, name }) => ({ id, slug, name })),
      editions,
    },
    author: first ? { id: first.id, slug: first.slug, name: first.name, profileImageUrl: first.profileImageUrl, bio: popupBio(first.bio, locale) } : null,
  };
}

/**
 * The live statement, built once per shape with placeholders (drizzle's sql building cost as much
 * CPU per request as the rest of the handler; the text never changes, only the values).
 */
function modalLiveStatement(signedIn: boolean): SQL {
  const id = sql`${sql.placeholder('bookId')}`;
  // The session is checked in this statement (no `me` row unless it is live): one round trip for a signed-in reader too.
  const personal = signedIn
    ? sql`${ownJson(BOOK_RATINGS, sql`me.id`, id)} AS own, (SELECT l.status FROM reading_list l WHERE l.user_id = me.id AND l.book_id = ${id}) AS status,
          me.role AS "viewerRole"`
    : sql`NULL::json AS own, NULL::reading_status AS status, NULL::role AS "viewerRole"`;
  return sql`
    SELECT t.n, t.s, ${reviewsJson(BOOK_RATINGS, id, POPUP_REVIEW_LIMIT, 0)} AS reviews, ${personal}
    FROM ${totalsSql(BOOK_RATINGS, id)} t ${signedIn ? sql`LEFT JOIN LATERAL ${liveSessionUserSql(SESSION_PLACEHOLDERS)} me ON true` : sql``}`;
}
const MODAL_LIVE = { signedIn: modalLiveStatement(true), signedOut: modalLiveStatement(false) };

/**
 * The live part: summary, the newest reviews with text, and (for `userId`) the reader's rating and
 * reading-list status. Signed out (`userId` null): not in the list, no rating.
 */
export async function loadModalLive(db: Database, bookId: number, session: SessionRef | null): Promise<ModalLive> {
  const result = session
    ? await executePrepared(db, 'modal_live', MODAL_LIVE.signedIn, { bookId, ...session })
    : await executePrepared(db, 'modal_live', MODAL_LIVE.signedOut, { bookId });
  const row = result.rows[0] as { n: number; s: number; reviews: ReviewRow[]; own: OwnJson | null; status: ReadingStatus | null; viewerRole: Role | null };
  const own = toOwnRating(row.own);
  return {
    ratings: { ...summarizeRatings(row.n, row.s), reviews: row.reviews.map(toReview) },
    isInReadingList: row.status !== null,
    readingStatus: row.status,
    userRating: own?.rating ?? null,
    userReview: own?.review ?? null,
    viewerRole: row.viewerRole,
  };
}
