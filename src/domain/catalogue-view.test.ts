import { describe, expect, it } from 'vitest';
import {
  bookTranslations,
  combineRatings,
  countryName,
  editionLanguageName,
  formatPosition,
  initialOf,
  knownLanguage,
  languageName,
  localized,
  localizedTitle,
  metaDescription,
  seriesStatusView,
  sortByYear,
  type TitledBook,
  type TitledEdition,
} from './catalogue-view.ts';

function edition(overrides: Partial<TitledEdition> = {}): TitledEdition {
  return { id: 1, title: 'Dune', languageCode: 'en', isOriginalLanguage: true, isPrimaryEdition: true, ...overrides };
}

const dune: TitledBook = {
  originalTitle: 'Dune',
  originalLanguage: 'en',
  editions: [edition(), edition({ id: 2, title: 'Der Wüstenplanet', languageCode: 'de', isOriginalLanguage: false, isPrimaryEdition: false })],
};

describe('localized', () => {
  it('returns the page language when it has text', () => {
    expect(localized({ en: 'Desert.', de: 'Wüste.' }, 'de')).toEqual({ text: 'Wüste.', locale: 'de', isFallback: false });
  });

  it('falls back to en and says so', () => {
    expect(localized({ en: 'Desert.' }, 'it')).toEqual({ text: 'Desert.', locale: 'en', isFallback: true });
  });

  it('treats blank texts as missing and gives null when nothing is left', () => {
    expect(localized({ de: '  ', en: 'Desert.' }, 'de')?.isFallback).toBe(true);
    expect(localized({ de: ' ' }, 'de')).toBeNull();
    expect(localized({}, 'en')).toBeNull();
    expect(localized(null, 'en')).toBeNull();
  });

  it('is no fallback on an en page', () => {
    expect(localized({ en: 'Desert.' }, 'en')?.isFallback).toBe(false);
  });
});

describe('localizedTitle', () => {
  it('shows the title of a translated edition in the page language, with the original beside it', () => {
    expect(localizedTitle(dune, 'de')).toEqual({ title: 'Der Wüstenplanet', originalTitle: 'Dune', isTranslated: true, lang: null });
  });

  it('keeps the original title, marked with its language, when the page language has no translation', () => {
    expect(localizedTitle(dune, 'it')).toEqual({ title: 'Dune', originalTitle: 'Dune', isTranslated: false, lang: 'en' });
  });

  it('keeps the original title on a page in the original language', () => {
    expect(localizedTitle(dune, 'en')).toEqual({ title: 'Dune', originalTitle: 'Dune', isTranslated: false, lang: null });
  });

  it('ignores original-language editions and same-title translations', () => {
    const book: TitledBook = {
      originalTitle: 'American Gods',
      originalLanguage: 'en',
      editions: [edition({ title: 'American Gods', languageCode: 'it', isOriginalLanguage: false, isPrimaryEdition: false })],
    };
    expect(localizedTitle(book, 'it')).toMatchObject({ title: 'American Gods', isTranslated: false });
    const german: TitledBook = { originalTitle: 'Die Wolke', originalLanguage: 'de', editions: [edition({ title: 'Die Wolke (Neuausgabe)', languageCode: 'de', isOriginalLanguage: true })] };
    expect(localizedTitle(german, 'de')).toMatchObject({ title: 'Die Wolke', isTranslated: false, lang: null });
  });

  it('prefers the primary translated edition, then the lowest id', () => {
    const book: TitledBook = {
      originalTitle: 'A',
      originalLanguage: 'en',
      editions: [
        edition({ id: 9, title: 'B', languageCode: 'de', isOriginalLanguage: false, isPrimaryEdition: false }),
        edition({ id: 5, title: 'C', languageCode: 'de', isOriginalLanguage: false, isPrimaryEdition: false }),
      ],
    };
    expect(localizedTitle(book, 'de').title).toBe('C');
    const primary = { ...book, editions: [...book.editions, edition({ id: 20, title: 'D', languageCode: 'de-AT', isOriginalLanguage: false, isPrimaryEdition: true })] };
    expect(localizedTitle(primary, 'de').title).toBe('D');
  });

  it('falls back to the English title, then the original, with the original beside it (issue 29 point 6)', () => {
    const theHole: TitledBook = {
      originalTitle: '穴',
      originalLanguage: 'ja',
      editions: [edition({ id: 1, title: '穴', languageCode: 'ja' }), edition({ id: 2, title: 'The Hole', languageCode: 'en', isOriginalLanguage: false, isPrimaryEdition: false })],
    };
    expect(localizedTitle(theHole, 'de')).toEqual({ title: 'The Hole', originalTitle: '穴', isTranslated: true, lang: 'en' });
    expect(localizedTitle(theHole, 'it')).toEqual({ title: 'The Hole', originalTitle: '穴', isTranslated: true, lang: 'en' });
    expect(localizedTitle(theHole, 'en')).toEqual({ title: 'The Hole', originalTitle: '穴', isTranslated: true, lang: null });
    // The reader's language comes first.
    const withGerman = { ...theHole, editions: [...theHole.editions, edition({ id: 3, title: 'Das Loch', languageCode: 'de', isOriginalLanguage: false, isPrimaryEdition: false })] };
    expect(localizedTitle(withGerman, 'de')).toMatchObject({ title: 'Das Loch', lang: null });
    expect(localizedTitle(withGerman, 'it')).toMatchObject({ title: 'The Hole', lang: 'en' });
    // No translation at all: the original, marked with its language.
    const vagabonds: TitledBook = { originalTitle: '流浪苍穹', originalLanguage: 'zh', editions: [edition({ title: '流浪苍穹', languageCode: 'zh' })] };
    expect(localizedTitle(vagabonds, 'de')).toEqual({ title: '流浪苍穹', originalTitle: '流浪苍穹', isTranslated: false, lang: 'zh' });
    // A book in the page's language keeps its own title, whatever its English edition is called.
    const german: TitledBook = { originalTitle: 'Die Wolke', originalLanguage: 'de', editions: [edition({ id: 4, title: 'Fall-Out', languageCode: 'en', isOriginalLanguage: false, isPrimaryEdition: false })] };
    expect(localizedTitle(german, 'de')).toMatchObject({ title: 'Die Wolke', isTranslated: false, lang: null });
    expect(localizedTitle(german, 'it')).toMatchObject({ title: 'Fall-Out', isTranslated: true, lang: 'en' });
  });

  it('never marks an undetermined language', () => {
    expect(localizedTitle({ originalTitle: 'X', originalLanguage: 'und', editions: [] }, 'de').lang).toBeNull();
    expect(localizedTitle({ originalTitle: 'X', originalLanguage: null, editions: [] }, 'de').lang).toBeNull();
  });
});

describe('knownLanguage', () => {
  it('normalizes codes and drops und', () => {
    expect(knownLanguage('DE-at')).toBe('de');
    expect(knownLanguage('und')).toBeNull();
    expect(knownLanguage('')).toBeNull();
  });
});

describe('combineRatings', () => {
  it('weights each book by its number of ratings', () => {
    expect(combineRatings([{ average: 4, count: 1 }, { average: 5, count: 3 }])).toEqual({ average: 4.8, count: 4 });
  });

  it('is null without ratings', () => {
    expect(combineRatings([])).toEqual({ average: null, count: 0 });
    expect(combineRatings([{ average: null, count: 0 }])).toEqual({ average: null, count: 0 });
  });
});

describe('formatting', () => {
  it('formats positions per locale without grouping', () => {
    expect(formatPosition(3, 'en')).toBe('3');
    expect(formatPosition(2.5, 'de')).toBe('2,5');
    expect(formatPosition(1000, 'de')).toBe('1000');
  });

  it('maps an open series status to unknown', () => {
    expect(seriesStatusView(null)).toBe('unknown');
    expect(seriesStatusView('completed')).toBe('completed');
  });

  it('names languages and countries in the page language', () => {
    expect(languageName('de', 'it')).toBe('tedesco');
    expect(languageName('en', 'de')).toBe('Englisch');
    expect(languageName('und', 'en')).toBeNull();
    expect(languageName('zz', 'en')).toBeNull();
    expect(countryName('US', 'de')).toBe('Vereinigte Staaten');
    expect(countryName('gb', 'it')).toBe('Regno Unito');
    expect(countryName('not a code', 'en')).toBeNull();
    expect(countryName(null, 'en')).toBeNull();
  });

  it('takes the first grapheme of a name as initial', () => {
    expect(initialOf('ursula K. Le Guin')).toBe('U');
    expect(initialOf('  Ørsted')).toBe('Ø');
    expect(initialOf('')).toBe('?');
  });
});

describe('sortByYear', () => {
  it('sorts by year, unknown years last, then by title in the page collation', () => {
    const items = [
      { id: 1, year: null, title: 'Z' },
      { id: 2, year: 1970, title: 'Zeit' },
      { id: 3, year: 1965, title: 'Dune' },
      { id: 4, year: 1970, title: 'Über' },
    ];
    expect(sortByYear(items, (i) => i.year, (i) => i.title, 'de').map((i) => i.id)).toEqual([3, 4, 2, 1]);
    expect(items[0]?.id).toBe(1);
  });
});

describe('metaDescription', () => {
  it('strips the leading heading and markup and cuts at 160 characters', () => {
    const text = metaDescription(`## Einleitung\n\n**Arrakis** is a [desert](https://x) planet. ${'Spice '.repeat(40)}`, 'fallback');
    expect(text.startsWith('Arrakis is a desert planet.')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith('...')).toBe(true);
  });

  it('uses the fallback without a text', () => {
    expect(metaDescription(null, 'Dune by Frank Herbert')).toBe('Dune by Frank Herbert');
    expect(metaDescription('  ', 'Dune')).toBe('Dune');
  });
});

describe('editionLanguageName', () => {
  it('names the language in the page language, capitalised for a label', () => {
    expect(editionLanguageName('it', 'de', 'Deutsch')).toBe('Tedesco');
    expect(editionLanguageName('de', 'en', 'English')).toBe('Englisch');
  });

  it('keeps the stored name of a code Intl cannot name, and gives up on unknown codes', () => {
    expect(editionLanguageName('en', 'und', 'Deutsch')).toBeNull();
    expect(editionLanguageName('en', 'de', '')).toBe('German');
  });
});

describe('bookTranslations', () => {
  const edition = (id: number, languageCode: string, title: string, extra: Partial<{ isOriginalLanguage: boolean; isPrimaryEdition: boolean }> = {}) => ({
    id,
    languageCode,
    title,
    isOriginalLanguage: false,
    isPrimaryEdition: false,
    ...extra,
  });
  it('lists one title per translated language, by the rule of localizedTitle', () => {
    const book = {
      originalTitle: 'Dune',
      originalLanguage: 'en',
      editions: [
        edition(1, 'en', 'Dune', { isOriginalLanguage: true, isPrimaryEdition: true }),
        edition(4, 'de', 'Dune: Der Wüstenplanet'),
        edition(3, 'de', 'Der Wüstenplanet'),
        edition(5, 'fr', 'Dune'),
        edition(6, 'it-IT', 'Dune - Il pianeta'),
      ],
    };
    expect(bookTranslations(book)).toEqual([
      { language: 'de', title: 'Der Wüstenplanet' },
      { language: 'it', title: 'Dune - Il pianeta' },
    ]);
    expect(localizedTitle(book, 'de').title).toBe('Der Wüstenplanet');
  });
});
