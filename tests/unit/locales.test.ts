/**
 * Parity of the interface dictionaries (DESIGN.md §6): de and it carry exactly the keys of en.json,
 * the same placeholders per key, and no empty values. locales/README.md tells translators about it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const LOCALE_FILES = ['en', 'de', 'it'] as const;

function load(locale: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
}

const dictionaries = Object.fromEntries(LOCALE_FILES.map((locale) => [locale, load(locale)]));
const en = dictionaries.en ?? {};

const placeholders = (value: unknown) => [...String(value).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe.each(LOCALE_FILES)('locales/%s.json', (locale) => {
  const dictionary = dictionaries[locale] ?? {};

  it('has exactly the keys of en.json', () => {
    expect(Object.keys(dictionary).sort()).toEqual(Object.keys(en).sort());
  });

  it('uses flat dotted keys with string values only', () => {
    for (const [key, value] of Object.entries(dictionary)) {
      expect(key, key).toMatch(/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+(_(zero|one|two|few|many|other))?$/);
      expect(typeof value, key).toBe('string');
    }
  });

  it('has no empty values', () => {
    for (const [key, value] of Object.entries(dictionary)) {
      expect(String(value).trim(), key).not.toBe('');
    }
  });

  it('has the same placeholders per key as en.json', () => {
    for (const [key, value] of Object.entries(en)) {
      expect(placeholders(dictionary[key]), key).toEqual(placeholders(value));
    }
  });

  it('has an _other form for every plural family', () => {
    for (const key of Object.keys(dictionary)) {
      const plural = /^(.*)_(zero|one|two|few|many)$/.exec(key);
      if (plural) expect(dictionary, key).toHaveProperty([`${plural[1]}_other`]);
    }
  });
});

/**
 * Issue 29 point 9 ("1 books", "1 Bücher"): a number that counts something is a plural family, filled
 * with Intl.PluralRules (tn, plural, pluralText, the API's translate). These few keys carry a {count}
 * outside a family because the number does not decide a noun's form; a new one needs a reason here.
 */
const COUNT_WITHOUT_PLURAL: Record<string, string> = {
  'list.filter.ratingTop': 'always 5 stars',
  'account.profile.reviews.stars': '"{count} of 5 stars": the noun counts the 5',
  'import.review.invalid': 'the count stands alone after a colon',
  'import.done.shelf': '"{name} ({count})"',
  'admin.users.results': '"Users found: {count}"',
  'admin.newsletter.issues.recipients': '"Recipients: {count}": the count stands alone after a colon',
};

describe('counts', () => {
  it('are plural families, except the listed keys', () => {
    const loose = Object.entries(en)
      .filter(([key, value]) => /\{count\}/.test(String(value)) && !/_(zero|one|two|few|many|other)$/.test(key))
      .map(([key]) => key);
    expect(loose.sort()).toEqual(Object.keys(COUNT_WITHOUT_PLURAL).sort());
  });
});
