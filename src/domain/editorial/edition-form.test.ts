import { describe, expect, it } from 'vitest';
import { editionInputSchema, maxEditionYear, type Edition } from '../schemas/edition.ts';
import { anEdition } from '../../../tests/factories/edition.ts';
import { checkEditionForm, editionPayload, editionValues, languageChoices, newEditionValues, originalTaken, priceOf, withLanguage, type EditionFormValues } from './edition-form.ts';
import type { EditionFacts } from './edition-rules.ts';

const original: EditionFacts = { id: 1, editionType: 'original', isPrimaryEdition: true };
const MAX_YEAR = 2031;
const filled = (changes: Partial<EditionFormValues> = {}): EditionFormValues => ({ ...newEditionValues([original]), title: 'Der Wüstenplanet', ...changes });
const check = (values: EditionFormValues, editions: EditionFacts[] = [original], editingId: number | null = null) =>
  checkEditionForm(values, { maxYear: MAX_YEAR, editions, editingId });

describe('the edition form defaults (spec §5)', () => {
  it('starts not primary, original, physical, paperback, German (Deutsch), in the original language', () => {
    expect(newEditionValues([])).toMatchObject({
      isPrimaryEdition: false,
      editionType: 'original',
      formatType: 'physical',
      bindingType: 'paperback',
      languageCode: 'de',
      languageName: 'Deutsch',
      isOriginalLanguage: true,
      title: '',
    });
  });

  it("starts as 'revised' once the book has an original, whose option is then taken (spec §4)", () => {
    expect(newEditionValues([original]).editionType).toBe('revised');
    expect(originalTaken([original], null)).toBe(true);
    expect(originalTaken([original], original.id)).toBe(false);
    expect(originalTaken([], null)).toBe(false);
  });

  it('the year ends five years after the current one (spec §9)', () => {
    expect(maxEditionYear(new Date('2026-06-15T12:00:00Z'))).toBe(2031);
  });
});

describe('choosing a language (spec §4)', () => {
  it('sets the name of one of the 12 languages, and leaves a typed name for another code', () => {
    expect(withLanguage(newEditionValues([]), 'fr')).toMatchObject({ languageCode: 'fr', languageName: 'Français' });
    expect(withLanguage({ ...newEditionValues([]), languageName: 'Suomi' }, 'fi')).toMatchObject({ languageCode: 'fi', languageName: 'Suomi' });
  });

  it("offers the 12 languages, plus an edited edition's own other code", () => {
    expect(languageChoices('de').map(([code]) => code)).toEqual(['de', 'en', 'fr', 'es', 'it', 'ru', 'ja', 'zh', 'pt', 'nl', 'sv', 'no']);
    expect(languageChoices('fi').map(([code]) => code).at(-1)).toBe('fi');
    expect(languageChoices('fi')).toHaveLength(13);
  });
});

describe('the payload (spec §5)', () => {
  it('leaves empty optional values out and sends year and pages as integers', () => {
    const payload = editionPayload(filled({ publicationYear: ' 1967 ', pages: '512', isbn: '  ', bindingType: '' }));
    expect(payload).toEqual({
      title: 'Der Wüstenplanet',
      publicationYear: 1967,
      pages: 512,
      isPrimaryEdition: false,
      editionType: 'revised',
      formatType: 'physical',
      languageCode: 'de',
      languageName: 'Deutsch',
      isOriginalLanguage: true,
    });
  });

  it("is what the API's schema accepts, unchanged", () => {
    const result = check(filled({ description: 'Erste deutsche Ausgabe.', coverImage: 'https://example.org/d.jpg', publisher: 'Heyne', translator: 'Ronald M. Hahn' }));
    expect(result.ok).toBe(true);
    if (result.ok) expect(editionInputSchema(MAX_YEAR).parse(result.payload)).toMatchObject(result.payload);
  });

  it('round-trips an existing edition', () => {
    const edition: Edition = {
      id: 7, bookId: 3, title: 'Dune', description: null, coverImage: null, publicationYear: 1965, pages: 412, isbn: '978-0-441-17271-9', asin: null,
      publisher: 'Chilton', isPrimaryEdition: true, editionType: 'original', formatType: 'physical', bindingType: null, languageCode: 'en',
      languageName: 'English', translator: null, isOriginalLanguage: true, price: null, currency: null,
    };
    const values = editionValues(edition);
    expect(values).toMatchObject({ publicationYear: '1965', pages: '412', bindingType: '', description: '' });
    expect(editionPayload(values)).toEqual({
      title: 'Dune', publicationYear: 1965, pages: 412, isbn: '978-0-441-17271-9', publisher: 'Chilton', isPrimaryEdition: true,
      editionType: 'original', formatType: 'physical', languageCode: 'en', languageName: 'English', isOriginalLanguage: true,
    });
  });
});

describe('the price (issue 29 point 25; spec §3 formats, §9 currency EUR)', () => {
  it('starts without a price, in euros', () => {
    expect(newEditionValues([])).toMatchObject({ price: '', currency: 'EUR' });
  });

  it('takes a decimal point or comma and sends the currency only with a price', () => {
    expect(priceOf('12,5')).toBe(12.5);
    expect(priceOf(' 12.50 ')).toBe(12.5);
    expect(priceOf('0')).toBe(0);
    expect(priceOf('')).toBeUndefined();
    expect(priceOf('1.234,50')).toBeNaN();
    expect(priceOf('12 €')).toBeNaN();
    expect(editionPayload(filled({ price: '12,00', currency: 'CHF' }))).toMatchObject({ price: 12, currency: 'CHF' });
    const unpriced = editionPayload(filled({ price: '  ', currency: 'USD' }));
    expect(unpriced).not.toHaveProperty('price');
    expect(unpriced).not.toHaveProperty('currency');
  });

  it('shows a stored price with its cents and currency', () => {
    const values = editionValues({ ...anEdition(), price: 12.5, currency: 'GBP' });
    expect(values).toMatchObject({ price: '12.50', currency: 'GBP' });
    expect(editionValues(anEdition())).toMatchObject({ price: '', currency: 'EUR' });
  });

  it('refuses a negative price, more than two decimals, and what is not a number, at the price', () => {
    for (const price of ['-1', '12,345', 'zwölf', '1.234,50', '100000.01']) {
      const result = check(filled({ price }));
      expect(result.ok ? {} : result.errors, price).toEqual({ price: 'validation.edition.price' });
    }
    expect(check(filled({ price: '100000' })).ok).toBe(true);
  });

  it("is the API's rule: a currency needs a price, and only the listed ISO 4217 codes", () => {
    const schema = editionInputSchema(MAX_YEAR);
    const issues = (body: unknown) => (schema.safeParse(body).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ title: 'x', currency: 'EUR' })).toEqual([['currency', 'validation.edition.currencyWithoutPrice']]);
    expect(issues({ title: 'x', price: 5, currency: 'JPY' })).toEqual([['currency', 'validation.edition.currency']]);
    expect(issues({ title: 'x', price: '5' })).toEqual([['price', 'validation.edition.price']]);
    expect(issues({ title: 'x', price: 0.1 + 0.2 })).toEqual([]);
    expect(schema.parse({ title: 'x', price: 5 })).not.toHaveProperty('currency');
  });
});

describe('the validation messages (spec §5)', () => {
  const errorsOf = (values: EditionFormValues, editions?: EditionFacts[], editingId?: number | null) => {
    const result = check(values, editions, editingId);
    return result.ok ? {} : result.errors;
  };

  it('requires a title', () => {
    expect(errorsOf(filled({ title: '   ' }))).toEqual({ title: 'validation.edition.title' });
  });

  it('wants a year from 1800 to the current year plus 5', () => {
    expect(errorsOf(filled({ publicationYear: '1799' }))).toEqual({ publicationYear: 'validation.edition.year' });
    expect(errorsOf(filled({ publicationYear: '2032' }))).toEqual({ publicationYear: 'validation.edition.year' });
    expect(errorsOf(filled({ publicationYear: '1999.5' }))).toEqual({ publicationYear: 'validation.edition.year' });
    expect(errorsOf(filled({ publicationYear: '1800' }))).toEqual({});
    expect(errorsOf(filled({ publicationYear: '2031' }))).toEqual({});
  });

  it('wants at least one page', () => {
    expect(errorsOf(filled({ pages: '0' }))).toEqual({ pages: 'validation.edition.pages' });
    expect(errorsOf(filled({ pages: '-3' }))).toEqual({ pages: 'validation.edition.pages' });
    expect(errorsOf(filled({ pages: '1' }))).toEqual({});
  });

  it('needs a language code of at least 2 characters and a language name', () => {
    expect(errorsOf(filled({ languageCode: 'd' }))).toEqual({ languageCode: 'validation.edition.languageCode' });
    expect(errorsOf(filled({ languageName: ' ' }))).toEqual({ languageName: 'validation.edition.languageName' });
  });

  it('takes a URL or nothing as the cover', () => {
    expect(errorsOf(filled({ coverImage: 'kein Link' }))).toEqual({ coverImage: 'validation.edition.coverImage' });
    expect(errorsOf(filled({ coverImage: 'javascript:alert(1)' }))).toEqual({ coverImage: 'validation.edition.coverImage' });
    expect(errorsOf(filled({ coverImage: 'http://example.org/cover.webp' }))).toEqual({});
  });

  it("refuses a second original, but not the original's own edit", () => {
    expect(errorsOf(filled({ editionType: 'original' }))).toEqual({ editionType: 'validation.edition.originalExists' });
    expect(errorsOf(filled({ editionType: 'original' }), [original], original.id)).toEqual({});
  });

  it('names every refused field at once', () => {
    expect(Object.keys(errorsOf(filled({ title: '', pages: '0', publicationYear: '1500' }))).sort()).toEqual(['pages', 'publicationYear', 'title']);
  });
});
