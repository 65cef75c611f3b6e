import { describe, expect, it } from 'vitest';
import { isLocale, negotiateLocale } from './accept-language.ts';

describe('negotiateLocale', () => {
  it('falls back to en without a header or without a supported language', () => {
    expect(negotiateLocale(null)).toBe('en');
    expect(negotiateLocale('')).toBe('en');
    expect(negotiateLocale('fr-FR,fr;q=0.9')).toBe('en');
  });
  it('ignores the region and honours q-values', () => {
    expect(negotiateLocale('de-CH')).toBe('de');
    expect(negotiateLocale('en;q=0.5,it;q=0.8')).toBe('it');
    expect(negotiateLocale('fr,de;q=0.7,en;q=0.3')).toBe('de');
  });
  it('keeps header order for equal q-values and skips q=0', () => {
    expect(negotiateLocale('it,de')).toBe('it');
    expect(negotiateLocale('de;q=0,it')).toBe('it');
  });
  it('tolerates malformed parts', () => {
    expect(negotiateLocale(';;,de;q=abc, it')).toBe('it');
  });
});

describe('isLocale', () => {
  it('accepts exactly en, de and it', () => {
    expect(['en', 'de', 'it', 'fr', 'EN', 1].map(isLocale)).toEqual([true, true, true, false, false, false]);
  });
});
