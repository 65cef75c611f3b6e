import { describe, expect, it } from 'vitest';
import type { AffiliateLocale, AffiliateService } from '../schemas/reader.ts';
import { affiliateTemplateProblem, buildAffiliateLink, FALLBACK_AFFILIATE_DOMAIN, isAffiliateDomain, isOwnHostTemplate, previewAffiliateLink } from './affiliate-link.ts';

const locale = (overrides: Partial<AffiliateLocale> = {}): AffiliateLocale => ({
  region: 'DE',
  variant: 'default',
  template: 'https://{domain}/dp/{asin}?tag={affiliateTag}',
  domain: 'www.amazon.de',
  affiliateTag: 'phantastika-21',
  ...overrides,
});
const service = (locales: AffiliateLocale[], key = 'amazon.de'): AffiliateService => ({ key, name: key, locales });
const dune = { title: 'Der Wüstenplanet', isbn: '978-3-453-31713-0', asin: '3453317130' };

describe('buildAffiliateLink: placeholders (spec §5)', () => {
  it('fills {domain}, {affiliateTag} and {asin}', () => {
    expect(buildAffiliateLink(dune, [service([locale()])])).toBe('https://www.amazon.de/dp/3453317130?tag=phantastika-21');
  });

  it('fills {tag} like {affiliateTag}', () => {
    expect(buildAffiliateLink(dune, [service([locale({ template: 'https://{domain}/dp/{asin}?tag={tag}' })])])).toBe(
      'https://www.amazon.de/dp/3453317130?tag=phantastika-21',
    );
  });

  it('fills {isbn} with its digits only', () => {
    expect(buildAffiliateLink(dune, [service([locale({ template: 'https://{domain}/s?k={isbn}&tag={tag}' })])])).toBe(
      'https://www.amazon.de/s?k=9783453317130&tag=phantastika-21',
    );
  });

  it('fills {title} URL-encoded', () => {
    const link = buildAffiliateLink({ title: 'Dune & Co/1?' }, [service([locale({ template: 'https://{domain}/s?k={title}&tag={tag}' })])]);
    expect(link).toBe('https://www.amazon.de/s?k=Dune%20%26%20Co%2F1%3F&tag=phantastika-21');
    expect(buildAffiliateLink(dune, [service([locale({ template: 'https://{domain}/s?k={title}' })])])).toBe('https://www.amazon.de/s?k=Der%20W%C3%BCstenplanet');
  });

  it('URL-encodes the tag and the asin too', () => {
    const link = buildAffiliateLink({ title: 'x', asin: 'B0 1&' }, [service([locale({ affiliateTag: 'a&b=c' })])]);
    expect(link).toBe('https://www.amazon.de/dp/B0%201%26?tag=a%26b%3Dc');
  });
});

describe('buildAffiliateLink: templates that are dropped (spec §5)', () => {
  it('drops a template that needs an asin the edition lacks, and uses the next', () => {
    const locales = [locale(), locale({ variant: 'isbn', template: 'https://{domain}/s?k={isbn}&tag={tag}' })];
    expect(buildAffiliateLink({ ...dune, asin: null }, [service(locales)])).toBe('https://www.amazon.de/s?k=9783453317130&tag=phantastika-21');
  });

  it('drops a template that needs an isbn the edition lacks', () => {
    const link = buildAffiliateLink({ title: 'Dune', isbn: '  ' }, [service([locale({ template: 'https://{domain}/s?k={isbn}&tag={tag}' })])]);
    expect(link).toBe('https://www.amazon.de/s?k=Dune&tag=phantastika-21');
  });

  it('drops a template with a placeholder it does not know', () => {
    const link = buildAffiliateLink(dune, [service([locale({ template: 'https://{domain}/dp/{asin}?tag={tag}&ref={campaign}' })])]);
    expect(link).toBe('https://www.amazon.de/s?k=9783453317130&tag=phantastika-21');
  });

  it('drops a template whose tag is missing, and then builds the fallback without a tag', () => {
    expect(buildAffiliateLink(dune, [service([locale({ affiliateTag: null })])])).toBe('https://www.amazon.de/s?k=9783453317130');
  });

  it('drops a template whose result is not a web address', () => {
    const link = buildAffiliateLink(dune, [service([locale({ template: 'javascript:alert("{asin}")' })])]);
    expect(link).toBe('https://www.amazon.de/s?k=9783453317130&tag=phantastika-21');
  });

  it('never lets a domain carry a path or another host into the link', () => {
    const link = buildAffiliateLink(dune, [service([locale({ domain: 'evil.example/@www.amazon.de' })])]);
    expect(link).toBe(`https://${FALLBACK_AFFILIATE_DOMAIN}/s?k=9783453317130&tag=phantastika-21`);
  });
});

describe('buildAffiliateLink: the fallback search link (spec §5)', () => {
  it('searches the isbn when there is one', () => {
    expect(buildAffiliateLink({ title: 'Dune', isbn: '0-441-17271-7' }, [service([locale()])])).toBe('https://www.amazon.de/s?k=0441172717&tag=phantastika-21');
  });

  it('searches the title without an isbn', () => {
    expect(buildAffiliateLink({ title: 'Solaris' }, [service([locale()])])).toBe('https://www.amazon.de/s?k=Solaris&tag=phantastika-21');
  });

  it('uses www.amazon.de and the given tag when there is no service at all', () => {
    expect(buildAffiliateLink({ title: 'Solaris' }, [])).toBe('https://www.amazon.de/s?k=Solaris');
    expect(buildAffiliateLink({ title: 'Solaris' }, [], { fallbackTag: 'house-21' })).toBe('https://www.amazon.de/s?k=Solaris&tag=house-21');
  });
});

describe('buildAffiliateLink: which service and locale (spec §7)', () => {
  const other = service([locale({ domain: 'www.other-shop.example', template: 'https://{domain}/p/{asin}?tag={tag}' })], 'other-shop');

  it('prefers the amazon.de service wherever it is in the list', () => {
    expect(buildAffiliateLink(dune, [other, service([locale()])])).toBe('https://www.amazon.de/dp/3453317130?tag=phantastika-21');
  });

  it('uses the first service with locales when amazon.de is missing', () => {
    expect(buildAffiliateLink(dune, [service([], 'empty'), other])).toBe('https://www.other-shop.example/p/3453317130?tag=phantastika-21');
  });

  it('prefers locales of region DE', () => {
    const locales = [locale({ region: 'AT', domain: 'www.amazon.at' }), locale({ region: 'de' })];
    expect(buildAffiliateLink(dune, [service(locales)])).toBe('https://www.amazon.de/dp/3453317130?tag=phantastika-21');
  });

  it('prefers, within DE, the default variant or asin/isbn templates over other variants', () => {
    const titleSearch = locale({ variant: 'search', template: 'https://{domain}/s?k={title}&tag={tag}' });
    const byIsbn = locale({ variant: 'isbn', template: 'https://{domain}/s?k={isbn}&i=stripbooks&tag={tag}' });
    expect(buildAffiliateLink(dune, [service([titleSearch, byIsbn])])).toBe('https://www.amazon.de/s?k=9783453317130&i=stripbooks&tag=phantastika-21');
    expect(buildAffiliateLink({ title: 'Dune' }, [service([titleSearch, byIsbn])])).toBe('https://www.amazon.de/s?k=Dune&tag=phantastika-21');
  });

  it('builds the fallback on the best locale, with its domain and tag', () => {
    const link = buildAffiliateLink({ title: 'Dune' }, [service([locale({ region: 'AT', domain: 'www.amazon.at', affiliateTag: 'at-21' })])]);
    expect(link).toBe('https://www.amazon.at/s?k=Dune&tag=at-21');
  });
});

describe('affiliateTemplateProblem (the admin form, issue 13 point 6)', () => {
  const locale = { region: 'DE', variant: 'default', template: 'https://{domain}/dp/{asin}?tag={tag}', domain: 'www.amazon.de', affiliateTag: 'phantastika-21' };

  it('accepts a template the builder fills', () => {
    expect(affiliateTemplateProblem(locale)).toBeNull();
    expect(affiliateTemplateProblem({ ...locale, affiliateTag: null })).toBeNull();
  });

  it('refuses a placeholder the builder does not know', () => {
    expect(affiliateTemplateProblem({ ...locale, template: 'https://{domain}/dp/{ean}' })).toBe('placeholder');
  });

  it('refuses a template that is no web address', () => {
    expect(affiliateTemplateProblem({ ...locale, template: 'javascript:alert({isbn})' })).toBe('address');
    expect(affiliateTemplateProblem({ ...locale, template: '{title}' })).toBe('address');
  });

  it('knows a host name from a path or a user in disguise', () => {
    expect(isAffiliateDomain('www.amazon.de')).toBe(true);
    expect(isAffiliateDomain('evil.example/@www.amazon.de')).toBe(false);
  });
});

describe('isOwnHostTemplate: links go to the service\'s own host only (issue 29 point 20)', () => {
  it('accepts {domain} and the domain written out, in any case', () => {
    expect(isOwnHostTemplate('https://{domain}/dp/{asin}?tag={tag}', 'www.amazon.de')).toBe(true);
    expect(isOwnHostTemplate('https://WWW.Amazon.de/s?k={isbn}', 'www.amazon.de')).toBe(true);
    expect(isOwnHostTemplate('https://{domain}/s?k={title}', 'localhost:8080')).toBe(true);
  });

  it('refuses another host, a host that only starts with the domain, and a user part', () => {
    expect(isOwnHostTemplate('https://evil.example/dp/{asin}', 'www.amazon.de')).toBe(false);
    expect(isOwnHostTemplate('https://{domain}.evil.example/dp/{asin}', 'www.amazon.de')).toBe(false);
    expect(isOwnHostTemplate('https://{domain}@evil.example/dp/{asin}', 'www.amazon.de')).toBe(false);
    expect(isOwnHostTemplate('https://amazon.de/dp/{asin}', 'www.amazon.de')).toBe(false);
  });

  it('makes affiliateTemplateProblem say host when the domain is known', () => {
    expect(affiliateTemplateProblem(locale({ template: 'https://evil.example/dp/{asin}?tag={tag}' }))).toBe('host');
    expect(affiliateTemplateProblem(locale())).toBeNull();
  });
});

describe('previewAffiliateLink: the admin preview never falls back (issue 29 point 20)', () => {
  it('shows the filled template for the chosen edition', () => {
    expect(previewAffiliateLink(locale({ template: 'https://{domain}/s?k={isbn}&tag={tag}' }), dune)).toEqual({ url: 'https://www.amazon.de/s?k=9783453317130&tag=phantastika-21', missing: [] });
  });

  it('names the values the edition lacks instead of showing the search link', () => {
    expect(previewAffiliateLink(locale({ affiliateTag: null }), { title: 'Dune', asin: null })).toEqual({ url: null, missing: ['asin', 'affiliateTag'] });
  });
});
