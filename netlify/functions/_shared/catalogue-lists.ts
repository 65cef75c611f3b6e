/**
 * The public list pages' answers, one function per list (GET /api/books, /api/authors, /api/series,
 * and any other endpoint that shows the same pages): from the instance's in-memory copy of the
 * catalogue (catalogue-index.ts, src/domain/catalogue-lists.ts; ADR 0021), which answers exactly what
 * the SQL of db/queries/lists.ts answers; from that SQL, cached under the catalogue's version, when
 * the copy cannot answer (a genre filter outside printable ASCII) or LIST_INDEX=off (benchmarks, and
 * a way back). While the database is unreachable a loaded copy keeps answering.
 * The reading-list filter is personal: call `listBooks` with the reader's id instead (books.mts).
 */
import { getDb } from '../../../db/client.ts';
import { listAuthors, listBooks, listSeries } from '../../../db/queries/lists.ts';
import type { CatalogueLists } from '../../../src/domain/catalogue-lists.ts';
import type { Locale } from '../../../src/domain/enums.ts';
import type { AuthorCard, AuthorListQuery, BookCard, BookListQuery, Page, SeriesCard, SeriesListQuery } from '../../../src/domain/schemas/lists.ts';
import { createVersionedAnswerCache } from './answer-cache.ts';
import { catalogueIndex } from './catalogue-index.ts';

/** LIST_INDEX=off answers the lists from PostgreSQL only (as before; the SQL stays the reference). */
export function listIndexEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.LIST_INDEX !== 'off';
}

const sqlBooks = createVersionedAnswerCache<Page<BookCard>>({ maxEntries: 2_000, withPopularity: true });
const sqlAuthors = createVersionedAnswerCache<Page<AuthorCard>>({ maxEntries: 1_000, withPopularity: true });
const sqlSeries = createVersionedAnswerCache<Page<SeriesCard>>({ maxEntries: 1_000, withPopularity: true });

async function fromCopy<T>(answer: (lists: CatalogueLists) => Page<T> | null): Promise<Page<T> | null> {
  if (!listIndexEnabled()) return null;
  return answer((await catalogueIndex()).lists);
}

const keyOf = (locale: Locale, query: object) => `${locale}\u0000${JSON.stringify(query)}`;

/**
 * One page of the public book list (no reading-list filter: `query.list` must be unset).
 * @example ok(await answerBookList(parseQuery(req, BookListQuerySchema), 'de'))
 */
export async function answerBookList(query: BookListQuery, locale: Locale): Promise<Page<BookCard>> {
  if (query.list) throw new Error('answerBookList: the reading-list filter is personal; call listBooks with the reader.');
  return (await fromCopy((lists) => lists.books(query, locale))) ?? sqlBooks(keyOf(locale, query), async () => listBooks(await getDb(), query, locale));
}

/** One page of the author list. */
export async function answerAuthorList(query: AuthorListQuery, locale: Locale): Promise<Page<AuthorCard>> {
  return (await fromCopy((lists) => lists.authors(query, locale))) ?? sqlAuthors(keyOf(locale, query), async () => listAuthors(await getDb(), query, locale));
}

/** One page of the series list. */
export async function answerSeriesList(query: SeriesListQuery, locale: Locale): Promise<Page<SeriesCard>> {
  return (await fromCopy((lists) => lists.series(query, locale))) ?? sqlSeries(keyOf(locale, query), async () => listSeries(await getDb(), query, locale));
}
