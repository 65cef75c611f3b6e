/**
 * The site's main sections (spec §2 "Navigation bar": books, authors, series, genres, awards), shared by
 * the navbar, the mobile drawer and the footer so the three never disagree.
 */
import type { TranslationKey } from '../lib/i18n.ts';

export interface NavItem {
  /** Unprefixed route; localePath() adds the locale. */
  path: string;
  labelKey: TranslationKey;
}

export const MAIN_SECTIONS: readonly NavItem[] = [
  { path: '/books', labelKey: 'nav.books' },
  { path: '/authors', labelKey: 'nav.authors' },
  { path: '/series', labelKey: 'nav.series' },
  { path: '/genres', labelKey: 'nav.genres' },
  { path: '/awards', labelKey: 'nav.awards' },
];

/** The read API's reference (issue 16 point 4): linked from the footer, listed in the sitemap. */
export const DEVELOPERS_PAGE: NavItem = { path: '/developers', labelKey: 'footer.developers' };

/** Signed-out account entries (accounts come in a later issue). */
export const SIGNED_OUT_ACCOUNT: readonly NavItem[] = [
  { path: '/login', labelKey: 'nav.login' },
  { path: '/register', labelKey: 'nav.register' },
];

/** Legal pages (spec §2); their slugs are German in every locale. */
export const LEGAL_PAGES = [
  { slug: 'datenschutz', labelKey: 'legal.privacy' },
  { slug: 'impressum', labelKey: 'legal.imprint' },
  { slug: 'kontakt', labelKey: 'legal.contact' },
  { slug: 'nutzungsbedingungen', labelKey: 'legal.terms' },
] as const satisfies readonly { slug: string; labelKey: TranslationKey }[];

export type LegalSlug = (typeof LEGAL_PAGES)[number]['slug'];

/** True when `pathname` (unprefixed) is `section` or below it: '/books/dune' is in '/books'. */
export function isInSection(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
}
