import { describe, expect, it } from 'vitest';
import { chooseEdition, type ChoosableEdition } from './choose-edition.ts';

type Edition = ChoosableEdition & { id: number; title: string };

let nextId = 1;
const edition = (overrides: Partial<Edition> = {}): Edition => ({
  id: nextId++,
  title: 'Dune',
  languageCode: 'en',
  isOriginalLanguage: false,
  isPrimaryEdition: false,
  ...overrides,
});

describe('chooseEdition', () => {
  it('returns null when there are no editions', () => {
    expect(chooseEdition([], { interfaceLanguage: 'en' })).toBeNull();
  });

  it('returns the explicitly selected edition above every other criterion', () => {
    const german = edition({ languageCode: 'de', isOriginalLanguage: true, isPrimaryEdition: true });
    const italian = edition({ languageCode: 'it' });
    expect(chooseEdition([german, italian], { selectedId: italian.id, interfaceLanguage: 'de' })).toBe(italian);
  });

  it('falls through when the selected id is not among the editions', () => {
    const german = edition({ languageCode: 'de' });
    expect(chooseEdition([german], { selectedId: 9999, interfaceLanguage: 'de' })).toBe(german);
  });

  it('treats a null selected id as no selection', () => {
    const first = edition({ languageCode: 'fr' });
    expect(chooseEdition([first], { selectedId: null, interfaceLanguage: 'de' })).toBe(first);
  });

  it('prefers the edition in the interface language over original and primary', () => {
    const original = edition({ languageCode: 'en', isOriginalLanguage: true, isPrimaryEdition: true });
    const german = edition({ languageCode: 'de' });
    expect(chooseEdition([original, german], { interfaceLanguage: 'de' })).toBe(german);
  });

  it('matches languages by primary subtag and case-insensitively', () => {
    const austrian = edition({ languageCode: 'de-AT' });
    expect(chooseEdition([edition({ languageCode: 'fr' }), austrian], { interfaceLanguage: 'DE' })).toBe(austrian);
  });

  it('takes the English edition before the original when the interface language has none (issue 29 point 6)', () => {
    const japanese = edition({ title: '穴', languageCode: 'ja', isOriginalLanguage: true, isPrimaryEdition: true });
    const english = edition({ title: 'The Hole', languageCode: 'en' });
    expect(chooseEdition([japanese, english], { interfaceLanguage: 'de' })).toBe(english);
    expect(chooseEdition([japanese, english, edition({ title: 'Das Loch', languageCode: 'de' })], { interfaceLanguage: 'de' })!.title).toBe('Das Loch');
  });

  it('falls back to the original-language edition', () => {
    const primary = edition({ languageCode: 'fr', isPrimaryEdition: true });
    const original = edition({ languageCode: 'en', isOriginalLanguage: true });
    expect(chooseEdition([primary, original], { interfaceLanguage: 'it' })).toBe(original);
  });

  it('falls back to the primary edition', () => {
    const primary = edition({ languageCode: 'fr', isPrimaryEdition: true });
    expect(chooseEdition([edition({ languageCode: 'es' }), primary], { interfaceLanguage: 'it' })).toBe(primary);
  });

  it('falls back to the first edition', () => {
    const first = edition({ languageCode: 'fr' });
    expect(chooseEdition([first, edition({ languageCode: null })], { interfaceLanguage: 'it' })).toBe(first);
  });

  it('breaks a tie between interface-language editions by original language, then primary', () => {
    const plain = edition({ languageCode: 'de' });
    const primary = edition({ languageCode: 'de', isPrimaryEdition: true });
    const original = edition({ languageCode: 'de', isOriginalLanguage: true });
    expect(chooseEdition([plain, primary], { interfaceLanguage: 'de' })).toBe(primary);
    expect(chooseEdition([plain, primary, original], { interfaceLanguage: 'de' })).toBe(original);
  });

  it('breaks a final tie by list order', () => {
    const a = edition({ languageCode: 'de' });
    const b = edition({ languageCode: 'de' });
    expect(chooseEdition([a, b], { interfaceLanguage: 'de' })).toBe(a);
    expect(chooseEdition([b, a], { interfaceLanguage: 'de' })).toBe(b);
  });

  it('works with string ids', () => {
    const editions = [
      { id: 'a', languageCode: 'en', isOriginalLanguage: true, isPrimaryEdition: false },
      { id: 'b', languageCode: 'it', isOriginalLanguage: false, isPrimaryEdition: false },
    ];
    expect(chooseEdition(editions, { selectedId: 'b', interfaceLanguage: 'en' })?.id).toBe('b');
  });
});
