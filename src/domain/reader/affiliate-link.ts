/**
 * The pop-up's buy link (spec §2 "affiliate buy button", §5 "Affiliate link template", §7
 * `GET /api/affiliate/services`; issue 12 point 7). One pure function, as Open Library's vendors.py
 * does it: the island passes the edition it shows and the service list, and gets one URL back.
 * Only types are imported, so the island bundle gains no schema code.
 */
import type { AffiliateLocale, AffiliateService } from '../schemas/reader.ts';

/** What the link is about: the shown edition's title and identifiers (spec §3 Edition: isbn, asin). */
export interface AffiliateBook {
  readonly title: string;
  readonly isbn?: string | null;
  readonly asin?: string | null;
}

export interface AffiliateLinkOptions {
  /** The service to use when the list has it (spec §7: amazon.de). */
  readonly serviceKey?: string;
  /** Locales of this region come first (spec §7: DE). */
  readonly region?: string;
  /** Host of the fallback search link when no usable locale names one. */
  readonly fallbackDomain?: string;
  /** Tag of the fallback search link when no locale has one. */
  readonly fallbackTag?: string | null;
}

export const PREFERRED_SERVICE_KEY = 'amazon.de';
export const PREFERRED_REGION = 'DE';
/** Spec §9: "Fallback affiliate domain: the German online bookshop domain". */
export const FALLBACK_AFFILIATE_DOMAIN = 'www.amazon.de';
export const DEFAULT_VARIANT = 'default';

const PLACEHOLDER = /\{(\w+)\}/g;
/** A host name with an optional port: a domain that cannot smuggle a path, scheme or user into the URL. */
const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;
const WEB_URL = /^https?:\/\/[^/?#\s]/i;

const present = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** ISBNs are stored as printed ('978-3-453-31713-0'); shops search the digits (and a final X). */
const isbnDigits = (isbn: string | null | undefined) => present(isbn?.replace(/[\s-]/g, ''));
const hostOf = (domain: string | null | undefined) => {
  const host = present(domain);
  return host && HOST.test(host) ? host : null;
};

/** Whether a template asks for an edition identifier (spec §7: such templates are preferred). */
const needsIdentifier = (template: string) => /\{(asin|isbn)\}/.test(template);

/**
 * The template with every placeholder filled, or null when one stays unfilled (unknown, or its value
 * missing: no tag, no asin, no isbn) or the result is not a web address (spec §5).
 */
function fillTemplate(locale: AffiliateLocale, book: AffiliateBook): string | null {
  const { url, missing } = fillPlaceholders(locale, book);
  return missing.length || !WEB_URL.test(url) ? null : url;
}

/** The template with each placeholder that has a value filled, and the names of those that have none. */
function fillPlaceholders(locale: AffiliateLocale, book: AffiliateBook): { url: string; missing: string[] } {
  const tag = present(locale.affiliateTag);
  const values: Record<string, string | null> = {
    domain: hostOf(locale.domain),
    affiliateTag: tag && encodeURIComponent(tag),
    tag: tag && encodeURIComponent(tag),
    asin: present(book.asin) && encodeURIComponent(present(book.asin)!),
    isbn: isbnDigits(book.isbn) && encodeURIComponent(isbnDigits(book.isbn)!),
    title: present(book.title) && encodeURIComponent(present(book.title)!),
  };
  const missing: string[] = [];
  const url = locale.template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : null;
    if (value === null || value === undefined) missing.push(name);
    return value ?? whole;
  });
  return { url: url.trim(), missing: [...new Set(missing)] };
}

/** The service to use: the preferred key, else the first service that has locales. */
function chooseService(services: readonly AffiliateService[], key: string): AffiliateService | undefined {
  return services.find((s) => s.key === key && s.locales.length > 0) ?? services.find((s) => s.locales.length > 0);
}

/**
 * The service's locales in the order they are tried: the preferred region first, and within each
 * region the default variant or templates with an asin or isbn before other variants (spec §7);
 * otherwise the list's order.
 */
function rankLocales(locales: readonly AffiliateLocale[], region: string): AffiliateLocale[] {
  const rank = (l: AffiliateLocale) =>
    (l.region.trim().toUpperCase() === region.toUpperCase() ? 0 : 2) + (l.variant === DEFAULT_VARIANT || needsIdentifier(l.template) ? 0 : 1);
  return locales.map((locale, index) => ({ locale, index })).sort((a, b) => rank(a.locale) - rank(b.locale) || a.index - b.index).map((x) => x.locale);
}

/**
 * The buy link for an edition: the first template of the chosen service that fills completely, else
 * a search link `https://{domain}/s?k={isbn or title}&tag={tag}` on the best locale's domain (or
 * www.amazon.de) with its tag (spec §5, §7). Always returns a link: the pop-up's button never dies.
 * @example buildAffiliateLink({ title: 'Dune', isbn: '978-0-441-17271-9' }, [amazonDe]) // 'https://www.amazon.de/s?k=9780441172719&tag=phantastika-21'
 */
export function buildAffiliateLink(book: AffiliateBook, services: readonly AffiliateService[], opts: AffiliateLinkOptions = {}): string {
  const service = chooseService(services, opts.serviceKey ?? PREFERRED_SERVICE_KEY);
  const locales = service ? rankLocales(service.locales, opts.region ?? PREFERRED_REGION) : [];
  for (const locale of locales) {
    const url = fillTemplate(locale, book);
    if (url) return url;
  }
  const best = locales[0];
  const domain = hostOf(best?.domain) ?? hostOf(opts.fallbackDomain) ?? FALLBACK_AFFILIATE_DOMAIN;
  const tag = present(best?.affiliateTag) ?? present(opts.fallbackTag);
  const query = isbnDigits(book.isbn) ?? present(book.title) ?? '';
  return `https://${domain}/s?k=${encodeURIComponent(query)}${tag ? `&tag=${encodeURIComponent(tag)}` : ''}`;
}

/** The placeholders a template may name (spec §5 "Affiliate link template"). */
export const AFFILIATE_PLACEHOLDERS = ['domain', 'affiliateTag', 'tag', 'asin', 'isbn', 'title'] as const;

/** An edition with every identifier, to check a template against (the admin preview uses a real one). */
const CHECK_BOOK: AffiliateBook = { title: 'Dune', isbn: '978-0-441-17271-9', asin: 'B00B7NPRY8' };

/** Whether `domain` is a host name (with an optional port) the link builder accepts. */
export const isAffiliateDomain = (domain: string): boolean => hostOf(domain) !== null;

/**
 * Why a locale's template can never make a link, or null when it can (issue 13 point 6: the admin
 * form checks with the builder's own filling): a placeholder the builder does not know, or a result
 * that is not an http(s) address even with every value present. A missing tag is not a problem of
 * the template (the builder then falls back to the search link).
 * @example affiliateTemplateProblem({ ...locale, template: 'https://{domain}/dp/{asin}?tag={tag}' }) // null
 */
export function affiliateTemplateProblem(locale: AffiliateLocale): 'placeholder' | 'address' | 'host' | null {
  for (const [, name] of locale.template.matchAll(PLACEHOLDER)) {
    if (!(AFFILIATE_PLACEHOLDERS as readonly string[]).includes(name!)) return 'placeholder';
  }
  const filled = fillTemplate({ ...locale, domain: hostOf(locale.domain) ? locale.domain : 'www.example.org', affiliateTag: present(locale.affiliateTag) ?? 'sample-21' }, CHECK_BOOK);
  if (filled === null) return 'address';
  // Without a domain to compare with (a change of the template alone), the caller checks the host with the stored one.
  return hostOf(locale.domain) && !isOwnHostTemplate(locale.template, locale.domain) ? 'host' : null;
}

/**
 * Whether every link a template makes goes to the locale's own host (issue 29 point 20): with
 * `{domain}` filled, the address's host (and port) must be the domain itself, so a template cannot
 * send readers to another site (`https://evil.example/…`, `https://{domain}.evil.example/…`,
 * `https://{domain}@evil.example/…`). Case and a final dot do not count.
 * @example isOwnHostTemplate('https://{domain}/dp/{asin}', 'www.amazon.de') // true
 * @example isOwnHostTemplate('https://evil.example/dp/{asin}', 'www.amazon.de') // false
 */
export function isOwnHostTemplate(template: string, domain: string): boolean {
  const host = hostOf(domain);
  if (!host) return false;
  const { url } = fillPlaceholders({ region: 'DE', variant: DEFAULT_VARIANT, template, domain: host, affiliateTag: 'sample-21' }, CHECK_BOOK);
  if (!WEB_URL.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const bare = (h: string) => h.toLowerCase().replace(/\.$/, '').replace(/\.(:\d+)$/, '$1');
  return parsed.username === '' && parsed.password === '' && bare(parsed.host) === bare(new URL(`https://${host}`).host);
}

/**
 * What a locale's template makes for one edition in the admin preview (issue 29 point 20): the filled
 * address, or null with the placeholders this edition has no value for (the pop-up then tries the
 * next locale, and at last the search link). Unlike buildAffiliateLink it never falls back, so an
 * edit of the template always shows.
 * @example previewAffiliateLink({ ...locale, template: 'https://{domain}/dp/{asin}' }, { title: 'Dune', asin: null }) // { url: null, missing: ['asin'] }
 */
export function previewAffiliateLink(locale: AffiliateLocale, book: AffiliateBook): { url: string | null; missing: string[] } {
  const { url, missing } = fillPlaceholders(locale, book);
  return missing.length === 0 && WEB_URL.test(url) ? { url, missing } : { url: null, missing };
}
