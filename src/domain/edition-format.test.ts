import { describe, expect, it } from 'vitest';
import { editionFormatText, editionLanguageText, editionPrice, formatPrice } from './edition-format.ts';

/** Intl separates number and sign with a no-break space; the tests write a plain one. */
const plain = (text: string | null) => text?.replace(/\u00a0/g, ' ') ?? null;

describe('formatPrice (issue 29 point 25): the page locale places sign and separators, always with cents', () => {
  it('writes euros the German, Italian and English way', () => {
    expect(plain(formatPrice(12, 'EUR', 'de'))).toBe('12,00 €');
    expect(plain(formatPrice(12, 'EUR', 'it'))).toBe('12,00 €');
    expect(formatPrice(12, 'EUR', 'en')).toBe('€12.00');
  });

  it('writes the other currencies with their own sign or code', () => {
    expect(formatPrice(9.5, 'USD', 'en')).toBe('$9.50');
    expect(formatPrice(7.99, 'GBP', 'en')).toBe('£7.99');
    expect(plain(formatPrice(9.5, 'CHF', 'de'))).toBe('9,50 CHF');
    expect(plain(formatPrice(1234.5, 'EUR', 'de'))).toBe('1.234,50 €');
  });

  it('shows a free edition as a price of zero', () => {
    expect(formatPrice(0, 'EUR', 'en')).toBe('€0.00');
  });
});

describe('editionPrice', () => {
  it('is null without a price', () => {
    expect(editionPrice({ price: null, currency: null }, 'de')).toBeNull();
  });

  it('takes euros for a price without a currency (spec §9 default)', () => {
    expect(plain(editionPrice({ price: 5, currency: null }, 'it'))).toBe('5,00 €');
  });
});

describe('editionFormatText (spec §3 formats: binding and price)', () => {
  it('puts the price after the format label', () => {
    expect(plain(editionFormatText('Taschenbuch', { price: 12, currency: 'EUR' }, 'de'))).toBe('Taschenbuch · 12,00 €');
    expect(editionFormatText('Paperback', { price: 12, currency: 'EUR' }, 'en')).toBe('Paperback · €12.00');
  });

  it('is the label alone without a price', () => {
    expect(editionFormatText('Hardcover', { price: null, currency: null }, 'en')).toBe('Hardcover');
  });
});

describe('editionLanguageText (spec §3 languages: name, original, translator)', () => {
  const labels = { original: 'Original language', translator: 'Translator' };

  it('marks the original language', () => {
    expect(editionLanguageText('English', { isOriginalLanguage: true, translator: null }, labels)).toBe('English · Original language');
  });

  it('names the translator of a translation', () => {
    expect(editionLanguageText('German', { isOriginalLanguage: false, translator: ' Jakob Schmidt ' }, labels)).toBe('German · Translator: Jakob Schmidt');
  });

  it('is the name alone for a translation whose translator is not known', () => {
    expect(editionLanguageText('Italian', { isOriginalLanguage: false, translator: null }, labels)).toBe('Italian');
    expect(editionLanguageText('Italian', { isOriginalLanguage: false, translator: '  ' }, labels)).toBe('Italian');
  });
});
