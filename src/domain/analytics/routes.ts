/**
 * Which pages the analytics know, and which of them count a page view (spec §7, "Page-view
 * analytics": once per path with a 1 s guard, only for books, authors, series, genres, awards and
 * their detail pages, profile, search, admin; skipped for /, /admin/analytics, API paths, URLs with
 * a query or hash). Used by the page script (what to send) and by POST /api/analytics/event (what to
 * accept), so both read the same rule. Pure: paths and times come in.
 */
import { LOCALES, type Locale } from '../enums.ts';

/** The catalogue things a page or an event can be about (the dashboard's top lists). */
export const ANALYTICS_ENTITY_TYPES = ['book', 'author', 'series', 'genre', 'award'] as const;
export type AnalyticsEntityType = (typeof ANALYTICS_ENTITY_TYPES)[number];

/** Sections whose list page and detail pages count page views, with the entity a detail page shows. */
const SECTIONS = { books: 'book', authors: 'author', series: 'series', genres: 'genre', awards: 'award' } as const satisfies Record<string, AnalyticsEntityType>;
/** Editor pages under a section (/books/add, /books/edit/{slug}): no detail page, no page view. */
const EDITOR_SEGMENTS = new Set(['add', 'edit']);
/** Other pages of the site: events may happen there (a pop-up opened on the start page), page views are not counted. */
const OTHER_PAGES = new Set(['login', 'register', 'verify-email', 'forgot-password', 'reset-password', 'welcome', 'datenschutz', 'impressum', 'kontakt', 'nutzungsbedingungen', 'developers']);

export interface RouteInfo {
  /** The path without its language prefix: '/books/dune'. */
  route: string;
  locale: Locale | null;
  /** Whether a page view of this path is counted (spec §7). */
  countsPageView: boolean;
  /** The catalogue thing a detail page shows. */
  entity: { type: AnalyticsEntityType; id: string } | null;
}

const SEGMENT = /^[\p{L}\p{N}][\p{L}\p{N}._~%-]{0,199}$/u;

/**
 * What the analytics make of a path of this site (`/en/books/dune`), or null when it is no page of
 * the site (an API path, a path with a query or hash, an unknown section, an odd segment).
 * @example describeRoute('/de/books/dune') // { route: '/books/dune', locale: 'de', countsPageView: true, entity: { type: 'book', id: 'dune' } }
 */
export function describeRoute(path: string): RouteInfo | null {
  if (path.length > 300 || !path.startsWith('/') || /[?#]/.test(path)) return null;
  const segments = path.split('/').slice(1);
  if (segments.at(-1) === '') segments.pop();
  if (segments.some((s) => !SEGMENT.test(s))) return null;
  let locale: Locale | null = null;
  if (segments.length > 0 && (LOCALES as readonly string[]).includes(segments[0]!)) locale = segments.shift() as Locale;
  const route = `/${segments.join('/')}`;
  const [first, second, third, ...rest] = segments;
  const info = (countsPageView: boolean, entity: RouteInfo['entity'] = null): RouteInfo => ({ route, locale, countsPageView, entity });
  if (first === undefined) return info(false); // the start page (spec §7: skipped)
  if (first === 'api') return null;
  if (first in SECTIONS) {
    const type = SECTIONS[first as keyof typeof SECTIONS];
    if (second === undefined) return info(true);
    if (EDITOR_SEGMENTS.has(second)) return rest.length === 0 && (second === 'add' ? third === undefined : third !== undefined) ? info(false) : null;
    // Award categories (/awards/{award}/{category}) are pages of their award.
    if (third !== undefined && !(type === 'award' && rest.length === 0)) return null;
    return info(true, { type, id: decodeSegment(second) });
  }
  if (first === 'admin') return info(second !== 'analytics');
  if ((first === 'profile' || first === 'search') && second === undefined) return info(true);
  if (OTHER_PAGES.has(first) && second === undefined) return info(false);
  return null;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The 1 s guard of spec §7: the same path again within this time is the same view. */
export const PAGE_VIEW_GUARD_MS = 1_000;

export interface LastPageView {
  path: string;
  at: number;
}

export type PageViewDecision = { send: true; info: RouteInfo } | { send: false; reason: 'query' | 'hash' | 'notCounted' | 'unknown' | 'guard' };

/**
 * Whether a page view of the browser's location is sent (spec §7): not for a URL with a query or a
 * hash, not for a page outside the counted ones, and not for the same path within 1 s of the last.
 * @example decidePageView({ pathname: '/en/books', search: '', hash: '' }, null, 0) // { send: true, ... }
 */
export function decidePageView(location: { pathname: string; search: string; hash: string }, last: LastPageView | null, now: number): PageViewDecision {
  if (location.search !== '' && location.search !== '?') return { send: false, reason: 'query' };
  if (location.hash !== '' && location.hash !== '#') return { send: false, reason: 'hash' };
  const info = describeRoute(location.pathname);
  if (!info) return { send: false, reason: 'unknown' };
  if (!info.countsPageView) return { send: false, reason: 'notCounted' };
  if (last && last.path === location.pathname && now - last.at >= 0 && now - last.at < PAGE_VIEW_GUARD_MS) return { send: false, reason: 'guard' };
  return { send: true, info };
}
