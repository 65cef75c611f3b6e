/**
 * The catalogue's own recommender (issue 15 point 3; ADR 0017): what the reader names in free text
 * (en/de/it), candidates scored by what they share with it, minus what the reader read, listed or
 * rated, each with one localized sentence. The model's chat tools call the same two functions.
 *
 * Queries per call, all set-based: recognition (one; plus up to six typeahead searches when no name
 * was found verbatim, for typos), the facts of the named books and their candidates (one), the titles
 * and names for the answer (one), the slugs of a named author, series, genre or award (one, only then).
 * The rules are pure: src/domain/recommend/ (recognize, scoring, explanation).
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '../../src/domain/enums.ts';
import { explainRecommendation, type ExplanationKey } from '../../src/domain/recommend/explanation.ts';
import { chooseMatches, fallbackPhrases, readHints, readYears, splitWords, unmetHints, type EntityKind, type Hints, type NameMatch } from '../../src/domain/recommend/recognize.ts';
import { NO_FOCUS, NO_HINTS, scoreCandidates, type BookFacts, type Focus, type ScoredBook } from '../../src/domain/recommend/scoring.ts';
import { translateKey } from '../../src/lib/i18n.ts';
import { executePrepared, type Database } from '../client.ts';
import { searchAuthors, searchBooks, searchSeries } from './search.ts';

export interface RecommendRequest {
  text: string;
  locale: Locale;
  userId: string | null;
  /** Default 5, at most 10. */
  limit?: number;
}
export interface RecognizedEntity {
  kind: 'book' | 'author' | 'series' | 'genre' | 'award';
  id: number;
  slug: string;
  name: string;
}
export interface Recommendation {
  bookId: number;
  slug: string;
  /** In the request locale by the edition-title rule the site uses (db/queries/book-title.ts). */
  title: string;
  authors: string[];
  /** One short localized sentence, e.g. "Shortlisted for the 1990 Hugo Award beside Hyperion; also science fiction". */
  explanation: string;
  score: number;
}
export interface RecommendAnswer {
  recognized: RecognizedEntity[];
  books: Recommendation[];
  /** Hints the reader gave that no book could follow (e.g. "shorter" without page counts): the answer says so. */
  unmetHints: (keyof Hints)[];
}

export const DEFAULT_LIMIT = 5;
export const MAX_LIMIT = 10;
/** Requests are at most 1,000 characters (issue 15 point 4); the words looked at are capped alike. */
const MAX_WORDS = 200;
/** Recent likers of a named book whose other likes are counted (co-ratings); bounds the query for a book with 10,000 ratings. */
const CO_LIKERS = 1000;
/** Candidates that share only genre and era with a named book, per call (the most awarded). */
const GENRE_ERA_CANDIDATES = 150;
/** Candidates for a genre or award named alone (the most awarded). */
const FOCUS_CANDIDATES = 300;

const clampLimit = (limit: number | undefined) => Math.max(1, Math.min(MAX_LIMIT, Math.trunc(limit ?? DEFAULT_LIMIT)));
const ints = (ids: Iterable<number>) => sql`${`{${[...ids].join(',')}}`}::int[]`;

/** A found name as the scan selects it: the domain's NameMatch (popularity arrives as text from numeric sums). */
type RecognizedRow = NameMatch;

/**
 * Every catalogue name that occurs word for word in the request: titles of all editions (and their
 * German transliteration), other titles, author names and surnames, series, genre and award names in
 * every language. Both sides are folded by search_fold and read as words (punctuation dropped), so
 * "Ender's Game", "enders game" and "Der Wüstenplanet" / "der wuestenplanet" are found. One query:
 * the names are a few thousand short strings, matched by position in the folded request.
 */
async function findNames(db: Database, words: string[]): Promise<RecognizedRow[]> {
  if (words.length === 0) return [];
  const norm = (column: ReturnType<typeof sql>) => sql`trim(regexp_replace(${column}, '[^[:alnum:]]+', ' ', 'g'))`;
  const result = await executePrepared(db, 'recommend_names', sql`
    WITH w AS (
      SELECT ' ' || array_to_string(array(
        SELECT coalesce(nullif(regexp_replace(search_fold(x), '[^[:alnum:]]+', '', 'g'), ''), '-')
        FROM unnest(${`{${words.map((w) => `"${w.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]) WITH ORDINALITY u(x, n) ORDER BY n), ' ') || ' ' AS t
    ), names AS (
      SELECT 'book' AS kind, e.book_id AS id, ${norm(sql`e.title_fold`)} AS n, false AS surname FROM editions e, w
      WHERE strpos(w.t, ' ' || left(e.title_fold, 3)) > 0 OR left(e.title_fold, 3) ~ '[^[:alnum:] ]'
      UNION ALL
      SELECT 'book', e.book_id, ${norm(sql`e.title_translit`)}, false FROM editions e, w
      WHERE e.title_translit <> e.title_fold AND strpos(w.t, ' ' || left(e.title_translit, 3)) > 0
      UNION ALL
      SELECT 'book', a.book_id, ${norm(sql`search_fold(a.title)`)}, false FROM book_alt_titles a
      UNION ALL
      SELECT 'author', a.id, ${norm(sql`a.name_fold`)}, false FROM authors a, w WHERE strpos(w.t, ' ' || left(a.name_fold, 3)) > 0
      UNION ALL
      -- The surname: as many last words of the folded name as the sort name has before its comma ("Le Guin, Ursula K." → "le guin").
      SELECT 'author', a.id, s.n, true FROM authors a, w,
        LATERAL (SELECT string_to_array(a.name_fold, ' ') AS parts, array_length(string_to_array(split_part(a.sort_name, ',', 1), ' '), 1) AS k) x,
        LATERAL (SELECT array_to_string(x.parts[greatest(1, array_length(x.parts, 1) - x.k + 1):], ' ') AS n) s
      WHERE a.sort_name LIKE '%,%' AND strpos(w.t, ' ' || s.n || ' ') > 0
      UNION ALL
      SELECT 'series', s.id, ${norm(sql`s.name_fold`)}, false FROM series s, w WHERE strpos(w.t, ' ' || left(s.name_fold, 3)) > 0
      UNION ALL
      SELECT 'genre', g.id, ${norm(sql`search_fold(v)`)}, false FROM genres g, LATERAL (SELECT g.name UNION SELECT replace(g.slug, '-', ' ') UNION SELECT value FROM jsonb_each_text(g.names)) x(v)
      UNION ALL
      SELECT 'award', a.id, ${norm(sql`search_fold(v)`)}, false FROM awards a, LATERAL (SELECT a.name UNION SELECT replace(a.slug, '-', ' ') UNION SELECT value FROM jsonb_each_text(a.names)) x(v)
    ), hits AS (
      SELECT DISTINCT ON (kind, id, p) kind, id, surname, n, strpos(w.t, ' ' || n || ' ') AS p, w.t
      FROM names, w WHERE n <> '' AND strpos(w.t, ' ' || n || ' ') > 0
      ORDER BY kind, id, p, surname
    )
    SELECT h.kind, h.id, h.surname,
           length(left(h.t, h.p)) - length(replace(left(h.t, h.p), ' ', '')) - 1 AS start,
           1 + length(h.n) - length(replace(h.n, ' ', '')) AS length,
           CASE h.kind WHEN 'book' THEN (SELECT coalesce(p.award_wins * 10 + p.rating_count, 0) FROM book_stats p WHERE p.book_id = h.id)
                       WHEN 'author' THEN (SELECT count(*) FROM book_authors ba WHERE ba.author_id = h.id) ELSE 0 END AS popularity
    FROM hits h`);
  return (result.rows as unknown as RecognizedRow[]).map((r) => ({ ...r, popularity: Number(r.popularity ?? 0) }));
}

/**
 * When nothing was found word for word (a typo: "Hyperon", "Die linke Hand der Dunkelhiet"), the
 * typeahead search (queries/search.ts: folding, trigram typo tolerance) looks for the request's
 * phrases, the words left once its own words ("something like", "ich mochte", "qualcosa come") are
 * removed; a phrase's first book, else its first author, else its first series counts.
 */
async function searchPhrases(db: Database, phrases: string[], locale: Locale): Promise<{ kind: EntityKind; id: number }[]> {
  const found: { kind: EntityKind; id: number }[] = [];
  for (const phrase of phrases) {
    // Titles only: a phrase naming an author is that author, not their most popular book (issue 29 point 10 made names find books).
    const [book] = await searchBooks(db, phrase, locale, 1, { byNames: false });
    if (book) {
      found.push({ kind: 'book', id: book.id });
      continue;
    }
    const [author] = await searchAuthors(db, phrase, locale, 1);
    if (author) {
      found.push({ kind: 'author', id: author.id });
      continue;
    }
    const [series] = await searchSeries(db, phrase, locale, 1);
    if (series) found.push({ kind: 'series', id: series.id });
  }
  return found;
}

interface FactsRow {
  id: number;
  year: number | null;
  pages: number | null;
  wins: number;
  likes: number | null;
  genres: number[];
  authors: number[];
  series: { seriesId: number; position: number | null }[] | null;
  awards: { awardId: number; categoryId: number | null; year: number; winner: boolean; listSize: number }[] | null;
  co: Record<string, number> | null;
  excluded: boolean;
  seed: boolean;
  members: { seriesId: number; bookId: number; position: number | null }[] | null;
}

interface Facts {
  seeds: BookFacts[];
  candidates: BookFacts[];
  excluded: Set<number>;
  seriesMembers: { seriesId: number; bookId: number; position: number | null }[];
}

/**
 * The facts of the named books and of every candidate, in one statement. Candidates: books of the
 * same award years (shortlists), authors and series as the named books, the books their readers also
 * liked, the most awarded of their genres and era, and the most awarded of a named author, series,
 * genre or award. Each row says whether the reader read, listed or rated it.
 */
async function readFacts(db: Database, seedIds: number[], focus: Focus, userId: string | null): Promise<Facts> {
  const result = await executePrepared(db, 'recommend_facts', sql`
    WITH seed AS (SELECT DISTINCT unnest(${ints(seedIds)}) AS id),
    seed_book AS (SELECT b.id, b.publication_year FROM books b JOIN seed USING (id)),
    likers AS (
      SELECT s.id AS seed_id, l.user_id FROM seed s
      CROSS JOIN LATERAL (SELECT r.user_id FROM ratings r WHERE r.book_id = s.id AND r.rating >= 4 ORDER BY r.updated_at DESC LIMIT ${CO_LIKERS}) l
    ),
    co AS (
      SELECT r.book_id, l.seed_id, count(*)::int AS both_liked
      FROM likers l JOIN ratings r ON r.user_id = l.user_id AND r.rating >= 4 AND r.book_id <> l.seed_id
      GROUP BY r.book_id, l.seed_id HAVING count(*) >= 2
    ),
    genre_era AS (
      SELECT b.id FROM books b LEFT JOIN book_popularity p ON p.book_id = b.id
      WHERE b.publication_year BETWEEN (SELECT min(publication_year) - 3 FROM seed_book) AND (SELECT max(publication_year) + 3 FROM seed_book)
        AND EXISTS (SELECT 1 FROM seed_book s WHERE abs(b.publication_year - s.publication_year) <= 3)
        AND EXISTS (SELECT 1 FROM book_genres g WHERE g.book_id = b.id AND g.genre_id IN (SELECT genre_id FROM book_genres WHERE book_id IN (SELECT id FROM seed)))
      ORDER BY coalesce(p.award_wins, 0) DESC, b.id LIMIT ${GENRE_ERA_CANDIDATES}
    ),
    focus_books AS (
      SELECT x.id FROM (
        SELECT book_id AS id FROM book_authors WHERE author_id = ANY(${ints(focus.authorIds)})
        UNION SELECT book_id FROM book_series WHERE series_id = ANY(${ints(focus.seriesIds)})
        UNION SELECT book_id FROM book_genres WHERE genre_id = ANY(${ints(focus.genreIds)})
        UNION SELECT book_id FROM book_awards WHERE award_id = ANY(${ints(focus.awardIds)})
      ) x LEFT JOIN book_stats p ON p.book_id = x.id
      ORDER BY coalesce(p.award_wins, 0) DESC, coalesce(p.rating_count, 0) DESC, x.id LIMIT ${FOCUS_CANDIDATES}
    ),
    cand AS (
      SELECT ba.book_id AS id FROM book_awards ba WHERE ba.year IN (SELECT sa.year FROM book_awards sa JOIN seed ON seed.id = sa.book_id)
      UNION SELECT b2.book_id FROM book_authors b1 JOIN book_authors b2 USING (author_id) WHERE b1.book_id IN (SELECT id FROM seed)
      UNION SELECT s2.book_id FROM book_series s1 JOIN book_series s2 USING (series_id) WHERE s1.book_id IN (SELECT id FROM seed)
      UNION SELECT book_id FROM co
      UNION SELECT id FROM genre_era
      UNION SELECT id FROM focus_books
      -- A named award's lists of a named year, whole ("the 1966 Hugo"): one year's lists are short.
      UNION SELECT book_id FROM book_awards WHERE award_id = ANY(${ints(focus.awardIds)}) AND year = ANY(${ints(focus.years ?? [])})
      UNION SELECT id FROM seed
    ),
    mine AS (
      SELECT book_id FROM reading_list WHERE user_id = ${userId}::uuid
      UNION SELECT book_id FROM ratings WHERE user_id = ${userId}::uuid
    )
    SELECT c.id, b.publication_year AS year,
           coalesce(b.pages, (SELECT min(e.pages) FROM editions e WHERE e.book_id = c.id)) AS pages,
           coalesce(p.award_wins, 0) AS wins,
           CASE WHEN c.id IN (SELECT id FROM seed) OR c.id IN (SELECT book_id FROM co)
                THEN (SELECT count(*)::int FROM ratings r WHERE r.book_id = c.id AND r.rating >= 4) END AS likes,
           array(SELECT genre_id FROM book_genres g WHERE g.book_id = c.id ORDER BY genre_id) AS genres,
           array(SELECT author_id FROM book_authors a WHERE a.book_id = c.id ORDER BY a.position, a.author_id) AS authors,
           (SELECT json_agg(json_build_object('seriesId', s.series_id, 'position', s.position)) FROM book_series s WHERE s.book_id = c.id) AS series,
           (SELECT json_agg(json_build_object('awardId', a.award_id, 'categoryId', a.category_id, 'year', a.year, 'winner', a.is_winner,
                      'listSize', (SELECT count(*) FROM book_awards o WHERE o.award_id = a.award_id AND o.category_id IS NOT DISTINCT FROM a.category_id AND o.year = a.year)))
              FROM book_awards a WHERE a.book_id = c.id) AS awards,
           (SELECT json_object_agg(co.seed_id, co.both_liked) FROM co WHERE co.book_id = c.id) AS co,
           c.id IN (SELECT book_id FROM mine) AS excluded,
           c.id IN (SELECT id FROM seed) AS seed,
           CASE WHEN c.id IN (SELECT id FROM seed) THEN
             (SELECT json_agg(json_build_object('seriesId', m.series_id, 'bookId', m.book_id, 'position', m.position))
                FROM book_series s JOIN book_series m ON m.series_id = s.series_id WHERE s.book_id = c.id) END AS members
    FROM cand c JOIN books b ON b.id = c.id LEFT JOIN book_stats p ON p.book_id = c.id`);
  const facts: Facts = { seeds: [], candidates: [], excluded: new Set(), seriesMembers: [] };
  for (const row of result.rows as unknown as FactsRow[]) {
    const book: BookFacts = {
      id: row.id,
      year: row.year,
      pages: row.pages,
      wins: Number(row.wins),
      likes: row.likes ?? 0,
      genreIds: row.genres,
      authorIds: row.authors,
      series: (row.series ?? []).map((s) => ({ seriesId: s.seriesId, position: s.position === null ? null : Number(s.position) })),
      awards: row.awards ?? [],
      coLikes: Object.fromEntries(Object.entries(row.co ?? {}).map(([seed, n]) => [Number(seed), n])),
    };
    if (row.seed) {
      facts.seeds.push(book);
      facts.seriesMembers.push(...(row.members ?? []).map((m) => ({ ...m, position: m.position === null ? null : Number(m.position) })));
    } else facts.candidates.push(book);
    if (row.excluded) facts.excluded.add(row.id);
  }
  return facts;
}

interface NamesRow {
  books: { id: number; slug: string; title: string; authors: string[] | null }[] | null;
  series: Record<string, string> | null;
  authors: Record<string, string> | null;
  awards: Record<string, string> | null;
  genres: Record<string, string> | null;
}

const toMap = (record: Record<string, string> | null): Map<number, string> => new Map(Object.entries(record ?? {}).map(([id, name]) => [Number(id), name]));

/** The answer's books (title in the request language, authors) and every name an explanation or the recognized list needs, in one statement. */
async function readNames(db: Database, bookIds: number[], seriesIds: number[], authorIds: number[], locale: Locale) {
  const result = await executePrepared(db, 'recommend_answer', sql`
    SELECT
      (SELECT json_agg(json_build_object('id', b.id, 'slug', b.slug, 'title', coalesce(t.title, b.original_title),
                'authors', (SELECT json_agg(a.name ORDER BY ba.position, a.id) FROM book_authors ba JOIN authors a ON a.id = ba.author_id WHERE ba.book_id = b.id)))
         FROM books b LEFT JOIN book_titles t ON t.book_id = b.id AND t.locale = ${locale}::text WHERE b.id = ANY(${ints(bookIds)})) AS books,
      (SELECT json_object_agg(id, name) FROM series WHERE id = ANY(${ints(seriesIds)})) AS series,
      (SELECT json_object_agg(id, name) FROM authors WHERE id = ANY(${ints(authorIds)})) AS authors,
      (SELECT json_object_agg(id, coalesce(names->>${locale}::text, name)) FROM awards) AS awards,
      (SELECT json_object_agg(id, coalesce(names->>${locale}::text, name)) FROM genres) AS genres`);
  const row = result.rows[0] as unknown as NamesRow;
  return {
    books: new Map((row.books ?? []).map((b) => [b.id, b])),
    series: toMap(row.series),
    authors: toMap(row.authors),
    awards: toMap(row.awards),
    genres: toMap(row.genres),
  };
}

/** Slugs of the recognized authors, series, genres and awards (books come with readNames). */
async function readSlugs(db: Database, ids: Record<'author' | 'series' | 'genre' | 'award', number[]>, locale: Locale) {
  if (Object.values(ids).every((list) => list.length === 0)) return new Map<string, { slug: string; name: string }>();
  const result = await db.execute(sql`
    SELECT 'author' AS kind, id, slug, name FROM authors WHERE id = ANY(${ints(ids.author)})
    UNION ALL SELECT 'series', id, slug, name FROM series WHERE id = ANY(${ints(ids.series)})
    UNION ALL SELECT 'genre', id, slug, coalesce(names->>${locale}::text, name) FROM genres WHERE id = ANY(${ints(ids.genre)})
    UNION ALL SELECT 'award', id, slug, coalesce(names->>${locale}::text, name) FROM awards WHERE id = ANY(${ints(ids.award)})`);
  return new Map((result.rows as { kind: string; id: number; slug: string; name: string }[]).map((r) => [`${r.kind}:${r.id}`, { slug: r.slug, name: r.name }]));
}

/** Scoring and the answer's names: shared by recommendBooks and similarBooks. */
async function recommendFor(
  db: Database,
  seedIds: number[],
  focus: Focus,
  hints: Hints,
  options: { locale: Locale; userId: string | null; limit: number },
): Promise<{ books: Recommendation[]; names: Awaited<ReturnType<typeof readNames>> | null; scored: ScoredBook[] }> {
  const hasFocus = [focus.authorIds, focus.seriesIds, focus.genreIds, focus.awardIds].some((list) => list.length > 0);
  if (seedIds.length === 0 && !hasFocus) return { books: [], names: null, scored: [] };
  const facts = await readFacts(db, seedIds, focus, options.userId);
  const scored = scoreCandidates({ ...facts, focus, hints }).slice(0, options.limit);
  const reasons = scored.flatMap((s) => s.reasons.map((r) => r.reason));
  const seriesIds = new Set<number>();
  const authorIds = new Set<number>();
  for (const reason of reasons) {
    if ('seriesId' in reason) seriesIds.add(reason.seriesId);
    if ('authorId' in reason) authorIds.add(reason.authorId);
  }
  const names = await readNames(db, [...scored.map((s) => s.id), ...seedIds], [...seriesIds, ...focus.seriesIds], [...authorIds, ...focus.authorIds], options.locale);
  const explanationNames = { ...names, books: new Map([...names.books].map(([id, b]) => [id, b.title])) };
  const translate = (key: ExplanationKey, params: Readonly<Record<string, string | number>>) => translateKey(options.locale, key, params);
  const books = scored.flatMap((s) => {
    const book = names.books.get(s.id);
    if (!book) return [];
    return [{
      bookId: s.id,
      slug: book.slug,
      title: book.title,
      authors: book.authors ?? [],
      explanation: explainRecommendation(s.reasons, explanationNames, options.locale, translate),
      score: s.score,
    }];
  });
  return { books, names, scored };
}

/**
 * The catalogue's own recommender (issue 15 point 3): what the reader names in free text (en/de/it),
 * scored candidates, minus what userId has read, listed or rated.
 * @example await recommendBooks(db, { text: 'something like Hyperion but shorter', locale: 'en', userId: null })
 */
export async function recommendBooks(db: Database, request: RecommendRequest): Promise<RecommendAnswer> {
  const limit = clampLimit(request.limit);
  const words = splitWords(request.text.slice(0, 1000)).slice(0, MAX_WORDS);
  const found = await findNames(db, words.map((w) => w.text));
  const matched = chooseMatches(words, found as NameMatch[]);
  let chosen: { kind: EntityKind; id: number }[] = matched;
  // Nothing found word for word, or only a surname (a German noun like "Hand" inside a mistyped title): ask the typeahead search.
  if (matched.every((m) => m.surname)) {
    const searched = await searchPhrases(db, fallbackPhrases(words), request.locale);
    if (matched.length === 0 || searched.some((s) => s.kind === 'book')) chosen = searched;
  }
  const unique = [...new Map(chosen.map((c) => [`${c.kind}:${c.id}`, c])).values()];
  const idsOf = (kind: EntityKind) => unique.filter((c) => c.kind === kind).map((c) => c.id);
  const awardIds = idsOf('award');
  // A year counts beside a named award ("the 1966 Hugo"); alone it would name every book of that year.
  const focus: Focus = { authorIds: idsOf('author'), seriesIds: idsOf('series'), genreIds: idsOf('genre'), awardIds, years: awardIds.length > 0 ? readYears(words) : [] };
  const seedIds = idsOf('book');
  const hints = words.length > 0 ? readHints(words) : NO_HINTS;

  const { books, names, scored } = await recommendFor(db, seedIds, unique.length > 0 ? focus : NO_FOCUS, hints, { locale: request.locale, userId: request.userId, limit });
  const slugs = await readSlugs(db, { author: focus.authorIds, series: focus.seriesIds, genre: focus.genreIds, award: focus.awardIds }, request.locale);
  const recognized: RecognizedEntity[] = unique.flatMap((c): RecognizedEntity[] => {
    if (c.kind === 'book') {
      const book = names?.books.get(c.id);
      return book ? [{ kind: 'book', id: c.id, slug: book.slug, name: book.title }] : [];
    }
    const entry = slugs.get(`${c.kind}:${c.id}`);
    return entry ? [{ kind: c.kind, id: c.id, slug: entry.slug, name: entry.name }] : [];
  });
  const followed = scored.flatMap((s) => s.reasons.flatMap((r) => (r.reason.kind === 'hint' ? [r.reason.hint] : [])));
  return { recognized, books, unmetHints: books.length > 0 ? unmetHints(hints, followed) : [] };
}

/**
 * Books similar to one book (the model's "find similar books" tool): the same scoring seeded with
 * that book; excludes userId's read/listed/rated books (and the book itself).
 * @example await similarBooks(db, hyperionId, { locale: 'de', userId: null }) // The Fall of Hyperion first
 */
export async function similarBooks(db: Database, bookId: number, options: { locale: Locale; userId: string | null; limit?: number }): Promise<Recommendation[]> {
  if (!Number.isSafeInteger(bookId) || bookId < 1 || bookId > 2_147_483_647) return [];
  const { books } = await recommendFor(db, [bookId], NO_FOCUS, NO_HINTS, { locale: options.locale, userId: options.userId, limit: clampLimit(options.limit) });
  return books;
}

