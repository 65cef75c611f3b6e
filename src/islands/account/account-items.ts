/**
 * The account entries of the navbar menu, the mobile drawer and the footer (spec §2): the same list in
 * all three. Paths are unprefixed; the .astro components add the locale and translate the labels at
 * build time (the TranslationKey import is type-only and leaves no code in the browser).
 */
import type { TranslationKey } from '../../lib/i18n.ts';
import type { RebuildLineTexts } from '../editorial/use-rebuild-line.ts';

export interface AccountLink {
  href: string;
  label: string;
}

/** What the account islands get as props: ready links for signed-in users, super users and sign-out. */
export interface AccountEntries {
  /** Profile, reading list, my reviews. */
  user: AccountLink[];
  /** The book assistant on the start page (golden users only, issue 15 point 1). */
  golden: AccountLink[];
  /** Edit catalogue, analytics dashboard, manage awards, manage users, affiliate marketing (super users only). */
  admin: AccountLink[];
  /** A plain link to GET /api/logout. */
  signOut: AccountLink;
  labels: {
    /** 'Account menu for {name}' */
    menu: string;
    /** 'Signed in as {name}' */
    signedInAs: string;
    /** Heading of the admin entries ('Administration'). */
    admin: string;
    /** Heading of the drawer's account block and of the footer column ('Account'). */
    account: string;
    /** The rebuild status line of the super user's menu (issue 13 point 7). */
    rebuild: RebuildLineTexts;
  };
}

interface Item {
  path: string;
  labelKey: TranslationKey;
}

export const USER_ITEMS: readonly Item[] = [
  { path: '/profile', labelKey: 'account.menu.profile' },
  { path: '/profile?tab=reading', labelKey: 'account.menu.readingList' },
  { path: '/profile?tab=reviews', labelKey: 'account.menu.reviews' },
];

/** Golden users (GOLDEN_USER, SUPER_USER): the assistant, which opens at once at this address. */
export const GOLDEN_ITEMS: readonly Item[] = [{ path: '/#assistant', labelKey: 'account.menu.assistant' }];

export const ADMIN_ITEMS: readonly Item[] = [
  // The administration's start page (issue 13): add links for the catalogue and the rebuild status.
  { path: '/admin', labelKey: 'admin.menu.catalogue' },
  { path: '/admin/analytics', labelKey: 'account.menu.analytics' },
  { path: '/admin/awards', labelKey: 'account.menu.awards' },
  { path: '/admin/users', labelKey: 'account.menu.users' },
  { path: '/admin/affiliate', labelKey: 'account.menu.affiliate' },
];

/** GET /api/logout clears the session and redirects to / (not locale-prefixed: it is an API path). */
export const SIGN_OUT_PATH = '/api/logout';

/**
 * The props for the account islands in one locale.
 * @example accountEntries((path) => localePath('de', path), (key) => t('de', key))
 */
export function accountEntries(toHref: (path: string) => string, translate: (key: TranslationKey) => string): AccountEntries {
  const link = (item: Item): AccountLink => ({ href: toHref(item.path), label: translate(item.labelKey) });
  return {
    user: USER_ITEMS.map(link),
    golden: GOLDEN_ITEMS.map(link),
    admin: ADMIN_ITEMS.map(link),
    signOut: { href: SIGN_OUT_PATH, label: translate('account.menu.signOut') },
    labels: {
      menu: translate('account.menu.label'),
      signedInAs: translate('account.menu.signedInAs'),
      admin: translate('account.menu.admin'),
      account: translate('footer.account'),
      rebuild: {
        queued: translate('admin.rebuild.queued'),
        building: translate('admin.rebuild.building'),
        live: translate('admin.rebuild.live'),
        failed: translate('admin.rebuild.failed'),
        unavailable: translate('admin.rebuild.unavailable'),
      },
    },
  };
}
