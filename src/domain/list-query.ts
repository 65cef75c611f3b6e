/**
 * The list pages' filter state and its URL query (issue 3; spec §2 "/genres?genre={name} filters",
 * §9 filters and sorts): `/books?genre=Fantasy&minRating=4&sort=oldest` <-> `{ sort, filters }`.
 *
 * Pure and isomorphic. The allowed values come in as a `ListQuerySpec` built from the schema tuples
 * (src/domain/schemas/lists.ts) on the server and handed to the island as props: importing those
 * tuples here would ship zod to the browser.
 */

/** One filter of a list: its query name and, unless free text, the values it accepts. */
export interface ListFilterSpec {
  name: string;
  /** Canonical values, e.g. genre names ('Science Fiction') or '1'..'5'. */
  values: readonly string[];
  /** Other spellings that mean a canonical value, e.g. the genre slug 'science-fiction'. */
  aliases?: Readonly<Record<string, string>>;
}

/** What a list accepts in its URL. The first sort is the default view. */
export interface ListQuerySpec {
  sorts: readonly string[];
  filters: readonly ListFilterSpec[];
}

/** A list's view: the sort and the filters that are set (unset filters are absent). */
export interface ListState {
  sort: string;
  filters: Readonly<Record<string, string>>;
}

/** Query names a list owns besides its filters. */
const SORT_PARAM = 'sort';
/** How many pages a list address shows (`?page=3`: the first three), for the "load more" link. */
export const PAGE_PARAM = 'page';
/** A deep link may ask for this many pages at most (the list API's page size times this). */
export const MAX_LIST_PAGES = 20;

const fold = (value: string) => value.trim().toLocaleLowerCase('en');

/**
 * The canonical value `raw` means for a filter, or undefined. Case-insensitive; aliases count.
 * A '+' decoded as a space by URLSearchParams ('?size=10+') still matches '10+'.
 * @example canonicalValue({ name: 'genre', values: ['Fantasy'] }, 'fantasy') // 'Fantasy'
 */
export function canonicalValue(filter: ListFilterSpec, raw: string | null | undefined): string | undefined {
  if (raw === null || raw === undefined) return undefined;
  const candidates = [fold(raw), fold(raw.replace(/ /g, '+'))];
  for (const candidate of candidates) {
    if (candidate === '') continue;
    const direct = filter.values.find((value) => fold(value) === candidate);
    if (direct !== undefined) return direct;
    const alias = Object.entries(filter.aliases ?? {}).find(([key]) => fold(key) === candidate);
    if (alias && filter.values.includes(alias[1])) return alias[1];
  }
  return undefined;
}

/** The default view of a list: its first sort, no filters. */
export function defaultListState(spec: ListQuerySpec): ListState {
  return { sort: spec.sorts[0] ?? '', filters: {} };
}

/**
 * Reads a list's view from a query string. Unknown or invalid values fall back to the default
 * (a stale bookmark shows the unfiltered list rather than an error).
 * @example parseListState('?genre=fantasy&sort=oldest', BOOKS) // { sort: 'oldest', filters: { genre: 'Fantasy' } }
 */
export function parseListState(search: string | URLSearchParams, spec: ListQuerySpec): ListState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const requestedSort = params.get(SORT_PARAM)?.trim();
  const sort = requestedSort && spec.sorts.includes(requestedSort) ? requestedSort : defaultListState(spec).sort;
  const filters: Record<string, string> = {};
  for (const filter of spec.filters) {
    const value = canonicalValue(filter, params.get(filter.name));
    if (value !== undefined) filters[filter.name] = value;
  }
  return { sort, filters };
}

/** The state with one filter set (or cleared with undefined/''), keeping the others. */
export function withFilter(state: ListState, name: string, value: string | undefined): ListState {
  const filters = { ...state.filters };
  if (value === undefined || value === '') delete filters[name];
  else filters[name] = value;
  return { sort: state.sort, filters };
}

/** The state with another sort. */
export function withSort(state: ListState, sort: string): ListState {
  return { sort, filters: state.filters };
}

/** True when two states show the same list. */
export function sameListState(a: ListState, b: ListState): boolean {
  const keys = new Set([...Object.keys(a.filters), ...Object.keys(b.filters)]);
  return a.sort === b.sort && [...keys].every((key) => a.filters[key] === b.filters[key]);
}

/** True for the default view (no filter, default sort). */
export function isDefaultListState(state: ListState, spec: ListQuerySpec): boolean {
  return sameListState(state, defaultListState(spec));
}

/**
 * The query string of a view for the address bar: filters in spec order, then the sort, each only
 * when it differs from the default; other parameters of `current` (e.g. utm_*) are kept.
 * @example listStateToSearch({ sort: 'newest', filters: { genre: 'Horror' } }, BOOKS) // '?genre=Horror'
 */
export function listStateToSearch(state: ListState, spec: ListQuerySpec, current = ''): string {
  const params = new URLSearchParams(current);
  for (const filter of spec.filters) params.delete(filter.name);
  params.delete(SORT_PARAM);
  // Another view starts at its first page.
  params.delete(PAGE_PARAM);
  for (const filter of spec.filters) {
    const value = state.filters[filter.name];
    if (value !== undefined) params.set(filter.name, value);
  }
  if (state.sort !== defaultListState(spec).sort) params.set(SORT_PARAM, state.sort);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * How many pages an address asks for: `?page=3` → 3; missing, invalid or 1 → 1; at most MAX_LIST_PAGES.
 * @example listPagesOf('?genre=Horror&page=2') // 2
 */
export function listPagesOf(search: string | URLSearchParams): number {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = params.get(PAGE_PARAM)?.trim() ?? '';
  if (!/^\d{1,3}$/.test(value)) return 1;
  return Math.min(Math.max(Number(value), 1), MAX_LIST_PAGES);
}

/**
 * The address of a view with `pages` pages shown: the href of "load more" (issue 29 point 1), a
 * real link that works before (and without) the island, which handles it in place once hydrated.
 * @example listPageHref({ sort: 'newest', filters: { genre: 'Horror' } }, BOOKS, 2) // '?genre=Horror&page=2'
 */
export function listPageHref(state: ListState, spec: ListQuerySpec, pages: number): string {
  const params = new URLSearchParams(listStateToSearch(state, spec));
  if (pages > 1) params.set(PAGE_PARAM, String(Math.min(pages, MAX_LIST_PAGES)));
  return `?${params.toString()}`;
}

/**
 * The query of one page of the list API (`/api/books?...`): filters, sort, offset, limit and lang.
 * @example listApiSearch({ sort: 'oldest', filters: {} }, { offset: 24, limit: 24, lang: 'de' }) // 'sort=oldest&offset=24&limit=24&lang=de'
 */
export function listApiSearch(state: ListState, page: { offset: number; limit: number; lang: string }): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(state.filters)) params.set(name, value);
  params.set(SORT_PARAM, state.sort);
  params.set('offset', String(page.offset));
  params.set('limit', String(page.limit));
  params.set('lang', page.lang);
  return params.toString();
}
