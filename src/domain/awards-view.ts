/**
 * The awards page's view rules (issue 3, item 1; spec §2 "/awards: select award, category; tabs
 * winners, nominees, about; /awards?id={awardId}"): entries grouped by year, newest first, ties kept,
 * and the selection <-> URL query (`?id=&category=&tab=`). Pure and isomorphic.
 */

/** The tabs of the awards page, in display order; the first is the default. */
export const AWARD_TABS = ['winners', 'nominees', 'about'] as const;
export type AwardTab = (typeof AWARD_TABS)[number];

/** The award shown when the URL names none (spec: the page opens on the Hugo Award). */
export const DEFAULT_AWARD_SLUG = 'hugo';

/**
 * One year of an award category: every winner (ties stay ties) and the other nominees. `noAward`: the
 * award was not given that year (a recorded 'no award' year, issue 13 point 4, such as the Hugo's
 * 1954 and 1957), or the year has nominees but no winner.
 */
export interface AwardYear<T> {
  year: number;
  winners: T[];
  nominees: T[];
  noAward: boolean;
}

/**
 * Groups award entries by year, newest year first. Within a year winners come first, then the
 * other nominees, each group in `compare` order (input order without one). A year with nominees
 * but no winner keeps an empty `winners` list and counts as 'no award given'; so does each of
 * `noAwardYears` (the years recorded as not awarded, with or without finalists), which appears even
 * without entries. Other years without entries do not appear (the data does not say whether an award
 * was presented then).
 * @example groupAwardYears([{ year: 1966, isWinner: true }, { year: 1966, isWinner: true }]) // [{ year: 1966, winners: [both], nominees: [], noAward: false }]
 * @example groupAwardYears([{ year: 1955, isWinner: true }], undefined, [1954]) // [{ year: 1955, ... }, { year: 1954, winners: [], nominees: [], noAward: true }]
 */
export function groupAwardYears<T extends { year: number; isWinner: boolean }>(entries: readonly T[], compare?: (a: T, b: T) => number, noAwardYears: readonly number[] = []): AwardYear<T>[] {
  const byYear = new Map<number, AwardYear<T>>();
  const yearOf = (year: number) => {
    let group = byYear.get(year);
    if (!group) {
      group = { year, winners: [], nominees: [], noAward: false };
      byYear.set(year, group);
    }
    return group;
  };
  for (const entry of entries) {
    const group = yearOf(entry.year);
    (entry.isWinner ? group.winners : group.nominees).push(entry);
  }
  for (const year of noAwardYears) yearOf(year);
  const marked = new Set(noAwardYears);
  const years = [...byYear.values()].sort((a, b) => b.year - a.year);
  for (const year of years) {
    year.noAward = marked.has(year.year) || year.winners.length === 0;
    if (compare) {
      year.winners.sort(compare);
      year.nominees.sort(compare);
    }
  }
  return years;
}

/** What the selection needs to know about an award: ids, slugs and its categories in order. */
export interface AwardRef {
  id: number;
  slug: string;
  categories: readonly { id: number; slug: string }[];
}

/** The award, category (slug) and tab on screen. */
export interface AwardSelection {
  awardId: number;
  category: string;
  tab: AwardTab;
}

/** The award an `?id=` names: its numeric database id or its slug. */
export function findAward<A extends AwardRef>(awards: readonly A[], idOrSlug: string | null | undefined): A | undefined {
  const key = idOrSlug?.trim().toLowerCase();
  if (!key) return undefined;
  return /^\d+$/.test(key) ? awards.find((award) => award.id === Number(key)) : awards.find((award) => award.slug === key);
}

/** The default selection: the Hugo Award (else the first award), its first category, winners. */
export function defaultAwardSelection(awards: readonly AwardRef[]): AwardSelection | undefined {
  const award = findAward(awards, DEFAULT_AWARD_SLUG) ?? awards[0];
  if (!award) return undefined;
  return { awardId: award.id, category: award.categories[0]?.slug ?? '', tab: 'winners' };
}

/**
 * Reads the selection from `?id=` (id or slug), `&category=` (slug or id) and `&tab=`. Unknown values
 * fall back: an unknown award to the default award, an unknown category to the award's first one.
 * @example parseAwardSelection('?id=2', awards) // { awardId: 2, category: 'best-novel', tab: 'winners' }
 */
export function parseAwardSelection(search: string | URLSearchParams, awards: readonly AwardRef[]): AwardSelection | undefined {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const fallback = defaultAwardSelection(awards);
  if (!fallback) return undefined;
  const award = findAward(awards, params.get('id')) ?? findAward(awards, String(fallback.awardId));
  if (!award) return fallback;
  const requested = params.get('category')?.trim().toLowerCase();
  const category =
    award.categories.find((c) => c.slug === requested || (requested !== undefined && /^\d+$/.test(requested) && c.id === Number(requested))) ??
    award.categories[0];
  const tab = AWARD_TABS.find((t) => t === params.get('tab')?.trim().toLowerCase()) ?? 'winners';
  return { awardId: award.id, category: category?.slug ?? '', tab };
}

/**
 * The query string of a selection: nothing for the default view; otherwise `id` (numeric, as the
 * spec's /awards?id={awardId}), `category` unless it is the award's first, `tab` unless winners.
 * Parameters other than these in `current` are kept.
 * @example awardSelectionToSearch({ awardId: 3, category: 'horror-novel', tab: 'nominees' }, awards) // '?id=3&category=horror-novel&tab=nominees'
 */
export function awardSelectionToSearch(selection: AwardSelection, awards: readonly AwardRef[], current = ''): string {
  const params = new URLSearchParams(current);
  for (const name of ['id', 'category', 'tab']) params.delete(name);
  const fallback = defaultAwardSelection(awards);
  const isDefault =
    fallback !== undefined && selection.awardId === fallback.awardId && selection.category === fallback.category && selection.tab === fallback.tab;
  if (!isDefault) {
    params.set('id', String(selection.awardId));
    const award = awards.find((a) => a.id === selection.awardId);
    if (award && award.categories[0]?.slug !== selection.category) params.set('category', selection.category);
    if (selection.tab !== 'winners') params.set('tab', selection.tab);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The unprefixed route of an award's page, or of one of its categories (issue 11: every award and
 * category has its own static page; the sitemap and the awards page's browser use the same paths).
 * @example awardRoute('locus', 'horror-novel') // '/awards/locus/horror-novel'
 */
export function awardRoute(awardSlug: string, categorySlug?: string): string {
  const award = `/awards/${encodeURIComponent(awardSlug)}`;
  return categorySlug === undefined ? award : `${award}/${encodeURIComponent(categorySlug)}`;
}

/**
 * Every award page and, after each, its category pages, in catalogue order.
 * @example awardRoutes([{ id: 1, slug: 'hugo', categories: [{ id: 1, slug: 'best-novel' }] }]) // ['/awards/hugo', '/awards/hugo/best-novel']
 */
export function awardRoutes(awards: readonly AwardRef[]): string[] {
  return awards.flatMap((award) => [awardRoute(award.slug), ...award.categories.map((c) => awardRoute(award.slug, c.slug))]);
}
