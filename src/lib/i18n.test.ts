import { describe, expect, it } from 'vitest';
import {
  localeFromPath,
  localePath,
  negotiateLocale,
  switchLocalePath,
  t,
  tn,
  unlocalizedPath,
  type TranslationKey,
} from './i18n.ts';

describe('t', () => {
  it('translates a key into the requested locale', () => {
    expect(t('en', 'nav.books')).toBe('Books');
    expect(t('de', 'nav.books')).toBe('Bücher');
    expect(t('it', 'nav.books')).toBe('Libri');
  });

  it('fills {placeholders} and leaves unknown ones visible', () => {
    expect(t('de', 'book.originalTitle', { title: 'Dune' })).toBe('Originaltitel: Dune');
    expect(t('en', 'legal.updated')).toBe('Last updated: {date}');
  });

  it('falls back to the key when no dictionary has it', () => {
    expect(t('de', 'does.not.exist' as TranslationKey)).toBe('does.not.exist');
  });

  it('uses the spec wording for the loading text', () => {
    expect([t('en', 'common.loading'), t('de', 'common.loading'), t('it', 'common.loading')]).toEqual([
      'Loading',
      'Wird geladen',
      'Caricamento',
    ]);
  });
});

describe('tn', () => {
  it('picks the plural form and formats the count for the locale', () => {
    expect(tn('en', 'common.books', 1)).toBe('1 book');
    expect(tn('en', 'common.books', 1200)).toBe('1,200 books');
    expect(tn('de', 'common.books', 1200)).toBe('1.200 Bücher');
    expect(tn('it', 'common.books', 1)).toBe('1 libro');
    expect(tn('it', 'common.books', 0)).toBe('0 libri');
  });

  it('falls back to _other for categories a dictionary lacks (Italian "many")', () => {
    expect(tn('it', 'common.books', 1_000_000)).toBe('1.000.000 libri');
  });
});

describe('localePath', () => {
  it('prefixes a route with the locale', () => {
    expect(localePath('de', '/books')).toBe('/de/books');
    expect(localePath('it', 'authors/ursula-k-le-guin')).toBe('/it/authors/ursula-k-le-guin');
  });

  it('keeps the trailing slash of the locale root', () => {
    expect(localePath('en', '/')).toBe('/en/');
    expect(localePath('en')).toBe('/en/');
  });
});

describe('switchLocalePath', () => {
  it('swaps the locale prefix and keeps the rest', () => {
    expect(switchLocalePath('/en/books/dune', 'de')).toBe('/de/books/dune');
    expect(switchLocalePath('/de/', 'it')).toBe('/it/');
    expect(switchLocalePath('/de', 'it')).toBe('/it/');
  });

  it('keeps the query and the hash', () => {
    expect(switchLocalePath('/en/books?genre=Science%20Fiction&sort=title#list', 'it')).toBe(
      '/it/books?genre=Science%20Fiction&sort=title#list',
    );
    expect(switchLocalePath('/it/?q=a/b', 'en')).toBe('/en/?q=a/b');
  });

  it('adds a prefix to an unprefixed path', () => {
    expect(switchLocalePath('/books', 'de')).toBe('/de/books');
    expect(switchLocalePath('/', 'de')).toBe('/de/');
  });

  it('does not mistake a segment that merely starts like a locale for one', () => {
    expect(switchLocalePath('/english/books', 'de')).toBe('/de/english/books');
    expect(switchLocalePath('/books/de', 'it')).toBe('/it/books/de');
  });

  it('keeps a trailing slash of a deeper path', () => {
    expect(switchLocalePath('/en/books/', 'de')).toBe('/de/books/');
  });
});

describe('localeFromPath and unlocalizedPath', () => {
  it('read and strip the locale prefix', () => {
    expect(localeFromPath('/de/books')).toBe('de');
    expect(localeFromPath('/it')).toBe('it');
    expect(localeFromPath('/books')).toBeUndefined();
    expect(unlocalizedPath('/de/books/')).toBe('/books');
    expect(unlocalizedPath('/de/')).toBe('/');
    expect(unlocalizedPath('/it/impressum?x=1')).toBe('/impressum');
  });
});

describe('negotiateLocale', () => {
  it('falls back to en without a usable header', () => {
    expect(negotiateLocale(null)).toBe('en');
    expect(negotiateLocale('')).toBe('en');
    expect(negotiateLocale('fr-FR, es;q=0.8, *;q=0.5')).toBe('en');
  });

  it('matches by primary language subtag', () => {
    expect(negotiateLocale('de-AT')).toBe('de');
    expect(negotiateLocale('it-CH, de;q=0.9')).toBe('it');
  });

  it('honours q-values over header order', () => {
    expect(negotiateLocale('en;q=0.5, de;q=0.9, it;q=0.7')).toBe('de');
    expect(negotiateLocale('fr, it;q=0.4, de;q=0.3')).toBe('it');
  });

  it('keeps header order for equal q-values and skips q=0', () => {
    expect(negotiateLocale('it, de')).toBe('it');
    expect(negotiateLocale('de;q=0, it;q=0.1')).toBe('it');
  });

  it('is case-insensitive and tolerates whitespace', () => {
    expect(negotiateLocale('  DE-de ; Q=0.8 , EN;q=0.2')).toBe('de');
  });
});
