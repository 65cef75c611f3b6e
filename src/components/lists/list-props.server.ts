/**
 * Build-time props of the CatalogueList island for the books, authors and series pages (issue 3):
 * the first page of the default view (read with the same query as the API, so the order matches),
 * the filter and sort options from the schema tuples, and every text translated for the page
 * language (islands never import the dictionaries).
 */
import { getDb } from '../../../db/client.ts';
import { getCatalogueSnapshot } from '../../../db/queries/catalogue.ts';
import { listAuthors, listBooks, listSeries } from '../../../db/queries/lists.ts';
import { GENRE_CATEGORIES, SERIES_KINDS, type Locale, type SeriesKind } from '../../domain/enums.ts';
import type { ListQuerySpec } from '../../domain/list-query.ts';
import { BOOK_SORTS, LIST_FILTERS, LIST_PAGE_SIZE, PEOPLE_SORTS, SERIES_SIZES, type BookSort, type PeopleSort, type SeriesSize } from '../../domain/schemas/lists.ts';
import type { CardTexts } from '../../islands/cards/card-texts.ts';
import { STATUS_TEXT_KEYS } from '../../islands/reader/ReadingListControl.tsx';
import type { CatalogueListProps, CatalogueListTexts, ListKind, ListOption } from '../../islands/CatalogueList.tsx';
import { pluralForms, t, tn, type PluralKey, type TranslationKey } from '../../lib/i18n.ts';

const BOOK_SORT_LABELS: Record<BookSort, TranslationKey> = {
  newest: 'list.sort.newest',
  oldest: 'list.sort.oldest',
  title_asc: 'list.sort.titleAsc',
  title_desc: 'list.sort.titleDesc',
  rating: 'list.sort.rating',
};
const PEOPLE_SORT_LABELS: Record<PeopleSort, TranslationKey> = {
  name_asc: 'list.sort.nameAsc',
  name_desc: 'list.sort.nameDesc',
  rating: 'list.sort.rating',
  books: 'list.sort.books',
};
const SERIES_KIND_LABELS: Record<SeriesKind, TranslationKey> = {
  novel_series: 'list.series.kind.novelSeries',
  publisher_series: 'list.series.kind.publisherSeries',
  author_edition: 'list.series.kind.authorEdition',
};
const SERIES_SIZE_LABELS: Record<SeriesSize, TranslationKey> = {
  '1-3': 'list.series.size.small',
  '4-10': 'list.series.size.medium',
  '10+': 'list.series.size.large',
};
const RATINGS = ['1', '2', '3', '4', '5'] as const;
/** The reading statuses are named as on the reader's own controls; 'none' is the filter's own. */
const LIST_FILTER_LABELS = { ...STATUS_TEXT_KEYS, none: 'list.filter.onList.none' } as const satisfies Record<(typeof LIST_FILTERS)[number], string>;

const LIST_TEXTS: Record<ListKind, { error: TranslationKey; empty: TranslationKey; total: PluralKey; progress: PluralKey; found: PluralKey }> = {
  books: { error: 'error.loadBooks', empty: 'list.books.empty', total: 'common.books', progress: 'list.books.progress', found: 'list.books.found' },
  authors: { error: 'error.loadAuthors', empty: 'list.authors.empty', total: 'common.authors', progress: 'list.authors.progress', found: 'list.authors.found' },
  series: { error: 'error.loadSeries', empty: 'list.series.empty', total: 'common.series', progress: 'list.series.progress', found: 'list.series.found' },
};

function listTexts(locale: Locale, kind: ListKind): CatalogueListTexts {
  const keys = LIST_TEXTS[kind];
  return {
    filtersLabel: t(locale, 'list.filtersLabel'),
    sortLabel: t(locale, 'list.sort.label'),
    loading: t(locale, 'common.loading'),
    loadMore: t(locale, 'list.loadMore'),
    retry: t(locale, 'list.retry'),
    resetFilters: t(locale, 'list.resetFilters'),
    empty: t(locale, keys.empty),
    error: t(locale, keys.error),
    errorNetwork: t(locale, 'error.network'),
    errorServer: t(locale, 'error.server'),
    total: pluralForms(locale, keys.total),
    progress: pluralForms(locale, keys.progress),
    found: pluralForms(locale, keys.found),
  };
}

export function cardTexts(locale: Locale): CardTexts {
  return {
    originalTitle: t(locale, 'book.originalTitle'),
    ratingSummary: pluralForms(locale, 'rating.summary'),
    noRatings: t(locale, 'rating.none'),
    books: pluralForms(locale, 'common.books'),
    lifespan: t(locale, 'author.lifespan'),
    born: t(locale, 'author.born'),
    portraitAlt: t(locale, 'author.portraitAlt'),
    seriesImageAlt: t(locale, 'series.imageAlt'),
    status: { ongoing: t(locale, 'series.status.ongoing'), completed: t(locale, 'series.status.completed') },
  };
}

const options = <V extends string>(values: readonly V[], label: (value: V) => string): ListOption[] => values.map((value) => ({ value, label: label(value) }));

/** The genres of the filter: canonical name as value (spec: ?genre={name}), localized label, slug as alias. */
async function genreFilter(locale: Locale) {
  const { genres } = await getCatalogueSnapshot();
  const ordered = [...genres].sort(
    (a, b) => GENRE_CATEGORIES.indexOf(a.category) - GENRE_CATEGORIES.indexOf(b.category) || a.name.localeCompare(b.name, 'en'),
  );
  return {
    spec: { name: 'genre', values: ordered.map((g) => g.name), aliases: Object.fromEntries(ordered.map((g) => [g.slug, g.name])) },
    options: ordered.map((g) => ({ value: g.name, label: g.names[locale]?.trim() || g.name })),
  };
}

type ListPageProps = Omit<CatalogueListProps, 'kind'> & { kind: ListKind };

/** Props of the books list: genre and minimum-rating filters, the five book sorts, first page newest first. */
export async function booksListProps(locale: Locale): Promise<ListPageProps> {
  const [genre, first] = await Promise.all([genreFilter(locale), listBooks(await getDb(), { sort: BOOK_SORTS[0], offset: 0, limit: LIST_PAGE_SIZE }, locale)]);
  const spec: ListQuerySpec = { sorts: BOOK_SORTS, filters: [genre.spec, { name: 'minRating', values: RATINGS }, { name: 'list', values: LIST_FILTERS }] };
  return {
    kind: 'books',
    locale,
    endpoint: '/api/books',
    pageSize: LIST_PAGE_SIZE,
    spec,
    initial: { items: first.items, total: first.total },
    sorts: options(BOOK_SORTS, (sort) => t(locale, BOOK_SORT_LABELS[sort])),
    selects: [
      { name: 'genre', label: t(locale, 'list.filter.genre'), anyLabel: t(locale, 'list.filter.allGenres'), options: genre.options },
      {
        name: 'minRating',
        label: t(locale, 'list.filter.minRating'),
        anyLabel: t(locale, 'list.filter.anyRating'),
        options: options(RATINGS, (stars) =>
          stars === '5' ? t(locale, 'list.filter.ratingTop', { count: 5 }) : tn(locale, 'list.filter.ratingAtLeast', Number(stars)),
        ),
      },
      {
        // The reader's own list (spec §9; issue 12): shown once the island knows a reader is signed in.
        name: 'list',
        label: t(locale, 'list.filter.onList'),
        anyLabel: t(locale, 'list.filter.onListAny'),
        options: options(LIST_FILTERS, (value) => t(locale, LIST_FILTER_LABELS[value])),
        signedInOnly: true,
      },
    ],
    texts: listTexts(locale, 'books'),
    cardTexts: cardTexts(locale),
  };
}

/** Props of the authors list: the four people sorts, first page by name A-Z. */
export async function authorsListProps(locale: Locale): Promise<ListPageProps> {
  const first = await listAuthors(await getDb(), { sort: PEOPLE_SORTS[0], offset: 0, limit: LIST_PAGE_SIZE }, locale);
  return {
    kind: 'authors',
    locale,
    endpoint: '/api/authors',
    pageSize: LIST_PAGE_SIZE,
    spec: { sorts: PEOPLE_SORTS, filters: [] },
    initial: { items: first.items, total: first.total },
    sorts: options(PEOPLE_SORTS, (sort) => t(locale, PEOPLE_SORT_LABELS[sort])),
    selects: [],
    texts: listTexts(locale, 'authors'),
    cardTexts: cardTexts(locale),
  };
}

/** Props of the series list: kind tabs, book-count ranges, the four people sorts, first page by name A-Z. */
export async function seriesListProps(locale: Locale): Promise<ListPageProps> {
  const first = await listSeries(await getDb(), { sort: PEOPLE_SORTS[0], offset: 0, limit: LIST_PAGE_SIZE }, locale);
  return {
    kind: 'series',
    locale,
    endpoint: '/api/series',
    pageSize: LIST_PAGE_SIZE,
    spec: {
      sorts: PEOPLE_SORTS,
      filters: [
        { name: 'kind', values: SERIES_KINDS },
        { name: 'size', values: SERIES_SIZES },
      ],
    },
    initial: { items: first.items, total: first.total },
    sorts: options(PEOPLE_SORTS, (sort) => t(locale, PEOPLE_SORT_LABELS[sort])),
    selects: [
      {
        name: 'size',
        label: t(locale, 'list.series.size.label'),
        anyLabel: t(locale, 'list.series.size.any'),
        options: options(SERIES_SIZES, (size) => t(locale, SERIES_SIZE_LABELS[size])),
      },
    ],
    tabs: {
      name: 'kind',
      label: t(locale, 'list.series.kindLabel'),
      allLabel: t(locale, 'list.series.kind.all'),
      options: options(SERIES_KINDS, (kind) => t(locale, SERIES_KIND_LABELS[kind])),
    },
    texts: listTexts(locale, 'series'),
    cardTexts: cardTexts(locale),
  };
}

