/**
 * PROVISIONAL (issue 15, chat branch): the catalogue's own recommender with the exact interface of
 * ISSUE15 (`recommendBooks`, `similarBooks`), implemented simply so that the chat endpoint and its
 * tests run end to end. Engineer A's scored recommender (award shortlists, era, co-ratings, the
 * explanation rules in src/domain/recommend*.ts) replaces this file when the branches are merged.
 *
 * Here: the names in the reader's text are found by containment in the stored folds (titles of every
 * edition, authors, series) and, for a short text, by the typeahead search; candidates share a
 * series, an author or a genre with what was named; the reader's rated and listed books are left out.
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '../../src/domain/enums.ts';
import type { Database } from '../client.ts';
import { localizedTitleSql } from './book-title.ts';
import { searchBooks } from './search.ts';

export interface RecommendRequest {
  text: string;
  locale: Locale;
  userId: string | null;
  limit?: number /* default 5, at most 10 */;
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
  /** One short localized sentence. */
  explanation: string;
  score: number;
}
export interface RecommendAnswer {
  recognized: RecognizedEntity[];
  books: Recommendation[];
}

const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 10;
/** Folded names shorter than this are not looked for inside a sentence ("It", "Dune" is 4). */
const MIN_NAME_LENGTH = 4;

type Reason = 'series' | 'author' | 'genre' | 'popular';

const EXPLANATIONS: Record<Locale, Record<Reason, string>> = {
  en: { series: 'Also in the series {via}.', author: 'Also by {via}.', genre: 'Also {via}.', popular: 'One of the most awarded books in the catalogue.' },
  de: { series: 'Ebenfalls aus der Reihe {via}.', author: 'Ebenfalls von {via}.', genre: 'Ebenfalls {via}.', popular: 'Eines der meistausgezeichneten Bücher des Katalogs.' },
  it: { series: 'Anche questo della serie {via}.', author: 'Anche questo di {via}.', genre: 'Anche questo {via}.', popular: 'Uno dei libri più premiati del catalogo.' },
};

const clampLimit = (limit: number | undefined) => Math.min(MAX_LIMIT, Math.max(1, Math.trunc(limit ?? DEFAULT_LIMIT)));

/** Words of a folded text padded with spaces, so that a name matches whole words only. */
const words = (expression: ReturnType<typeof sql>) => sql`' ' || regexp_replace(${expression}, '[^[:alnum:]]+', ' ', 'g') || ' '`;

async function recognize(db: Database, text: string, locale: Locale): Promise<RecognizedEntity[]> {
  const folded = words(sql`search_fold(${text}::text)`);
  const translit = words(sql`search_translit(${text}::text)`);
  const title = localizedTitleSql({ id: sql`b.id`, originalTitle: sql`b.original_title`, originalLanguage: sql`b.original_language` }, locale);
  const result = await db.execute(sql`
    SELECT kind, id, slug, name FROM (
      SELECT DISTINCT ON (b.id) 'book' AS kind, b.id, b.slug, ${title} AS name, length(e.title_fold) AS len
      FROM editions e JOIN books b ON b.id = e.book_id
      WHERE length(e.title_fold) >= ${MIN_NAME_LENGTH}
        AND (${folded} LIKE '% ' || trim(regexp_replace(e.title_fold, '[^[:alnum:]]+', ' ', 'g')) || ' %'
             OR ${translit} LIKE '% ' || trim(regexp_replace(e.title_translit, '[^[:alnum:]]+', ' ', 'g')) || ' %')
      UNION ALL
      SELECT 'author', a.id, a.slug, a.name, length(a.name_fold)
      FROM authors a
      WHERE length(a.name_fold) >= ${MIN_NAME_LENGTH}
        AND ${folded} LIKE '% ' || trim(regexp_replace(a.name_fold, '[^[:alnum:]]+', ' ', 'g')) || ' %'
      UNION ALL
      SELECT 'series', s.id, s.slug, s.name, length(s.name_fold)
      FROM series s
      WHERE length(s.name_fold) >= ${MIN_NAME_LENGTH}
        AND ${folded} LIKE '% ' || trim(regexp_replace(s.name_fold, '[^[:alnum:]]+', ' ', 'g')) || ' %'
    ) found
    ORDER BY len DESC, kind, id
    LIMIT 8`);
  const found = result.rows as unknown as RecognizedEntity[];
  if (found.length === 0 && text.trim().length <= 60) {
    // A short text may be a title on its own, misspelt: the typeahead's fuzzy match.
    const [hit] = await searchBooks(db, text.trim(), locale, 1);
    if (hit) found.push({ kind: 'book', id: hit.id, slug: hit.slug, name: hit.title });
  }
  return found.map((entity) => ({ kind: entity.kind, id: Number(entity.id), slug: entity.slug, name: entity.name }));
}

interface Seeds {
  books: number[];
  authors: number[];
  series: number[];
}

async function recommendFrom(db: Database, seeds: Seeds, locale: Locale, userId: string | null, limit: number): Promise<Recommendation[]> {
  const title = localizedTitleSql({ id: sql`b.id`, originalTitle: sql`b.original_title`, originalLanguage: sql`b.original_language` }, locale);
  const ids = (list: number[]) => sql`${`{${list.join(',')}}`}::int[]`;
  const noSeed = seeds.books.length + seeds.authors.length + seeds.series.length === 0;
  const result = await db.execute(sql`
    WITH seed_book AS (SELECT unnest(${ids(seeds.books)}) AS id),
    excluded AS (
      SELECT book_id FROM ratings WHERE user_id = ${userId}::uuid
      UNION SELECT book_id FROM reading_list WHERE user_id = ${userId}::uuid
      UNION SELECT id FROM seed_book
    ),
    candidate AS (
      SELECT bs2.book_id, 'series' AS reason, s.name AS via, 3 AS points
      FROM book_series bs JOIN book_series bs2 ON bs2.series_id = bs.series_id JOIN series s ON s.id = bs.series_id
      WHERE bs.book_id IN (SELECT id FROM seed_book) OR bs.series_id = ANY(${ids(seeds.series)})
      UNION ALL
      SELECT ba2.book_id, 'author', a.name, 2
      FROM book_authors ba JOIN book_authors ba2 ON ba2.author_id = ba.author_id JOIN authors a ON a.id = ba.author_id
      WHERE ba.book_id IN (SELECT id FROM seed_book) OR ba.author_id = ANY(${ids(seeds.authors)})
      UNION ALL
      SELECT bg2.book_id, 'genre', coalesce(nullif(btrim(g.names->>${locale}::text), ''), g.name), 1
      FROM book_genres bg JOIN book_genres bg2 ON bg2.genre_id = bg.genre_id JOIN genres g ON g.id = bg.genre_id
      WHERE bg.book_id IN (SELECT id FROM seed_book)
      UNION ALL
      SELECT p.book_id, 'popular', '', 0 FROM book_popularity p WHERE ${noSeed} AND p.award_wins > 0
    ),
    scored AS (
      SELECT c.book_id, sum(c.points) AS score,
             (array_agg(c.reason ORDER BY c.points DESC, c.via))[1] AS reason,
             (array_agg(c.via ORDER BY c.points DESC, c.via))[1] AS via
      FROM candidate c
      WHERE c.book_id NOT IN (SELECT book_id FROM excluded WHERE book_id IS NOT NULL)
      GROUP BY c.book_id
    )
    SELECT b.id AS "bookId", b.slug, ${title} AS title, sc.score::float8 AS score, sc.reason, sc.via,
           coalesce((SELECT json_agg(a.name ORDER BY ba.position, a.id) FROM book_authors ba JOIN authors a ON a.id = ba.author_id
                     WHERE ba.book_id = b.id), '[]') AS authors
    FROM scored sc JOIN books b ON b.id = sc.book_id LEFT JOIN book_popularity p ON p.book_id = b.id
    ORDER BY sc.score DESC, coalesce(p.award_wins, 0) DESC, coalesce(p.rating_count, 0) DESC, b.id
    LIMIT ${limit}`);
  return (result.rows as { bookId: number; slug: string; title: string; score: number; reason: Reason; via: string; authors: string[] }[]).map((row) => ({
    bookId: Number(row.bookId),
    slug: row.slug,
    title: row.title,
    authors: row.authors,
    explanation: EXPLANATIONS[locale][row.reason].replace('{via}', row.via),
    score: Number(row.score),
  }));
}

/** The catalogue's own recommender (issue 15 point 3): what the reader names in free text (en/de/it), scored candidates, minus what userId has read, listed or rated. */
export async function recommendBooks(db: Database, request: RecommendRequest): Promise<RecommendAnswer> {
  const recognized = await recognize(db, request.text, request.locale);
  const of = (kind: RecognizedEntity['kind']) => recognized.filter((entity) => entity.kind === kind).map((entity) => entity.id);
  const books = await recommendFrom(db, { books: of('book'), authors: of('author'), series: of('series') }, request.locale, request.userId, clampLimit(request.limit));
  return { recognized, books };
}

/** Books similar to one book (the model's "find similar books" tool): the same scoring seeded with that book; excludes userId's read/listed/rated books. */
export async function similarBooks(db: Database, bookId: number, options: { locale: Locale; userId: string | null; limit?: number }): Promise<Recommendation[]> {
  return recommendFrom(db, { books: [bookId], authors: [], series: [] }, options.locale, options.userId, clampLimit(options.limit));
}
