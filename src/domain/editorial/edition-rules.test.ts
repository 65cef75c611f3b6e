import { describe, expect, it } from 'vitest';
import { editionInputSchema, type EditionInput } from '../schemas/edition.ts';
import { canDeleteEdition, defaultEditionType, hasOriginalEdition, languageNameOf, planDeletion, planEditionWrite, planPromotion, type EditionFacts } from './edition-rules.ts';

const original: EditionFacts = { id: 1, editionType: 'original', isPrimaryEdition: true };
const revised: EditionFacts = { id: 2, editionType: 'revised', isPrimaryEdition: false };
const special: EditionFacts = { id: 3, editionType: 'special', isPrimaryEdition: false };

/** An input as the API schema leaves it after parsing `body`. */
const input = (body: Record<string, unknown> = {}): EditionInput => editionInputSchema(2031).parse({ title: 'Der Wüstenplanet', ...body });

describe('the language choices (spec §3, §4)', () => {
  it('names each of the 12 languages, whatever the case, and nothing else', () => {
    expect(languageNameOf('de')).toBe('Deutsch');
    expect(languageNameOf('NO')).toBe('Norsk');
    expect(languageNameOf('ja')).toBe('日本語');
    expect(languageNameOf('fi')).toBeNull();
  });
});

describe("'original' only once per book (spec §4)", () => {
  it('knows whether another edition is the original', () => {
    expect(hasOriginalEdition([original, revised])).toBe(true);
    expect(hasOriginalEdition([original, revised], original.id)).toBe(false);
    expect(hasOriginalEdition([revised])).toBe(false);
  });

  it("defaults to 'original' for a book without one, else to 'revised'", () => {
    expect(defaultEditionType([])).toBe('original');
    expect(defaultEditionType([revised, special])).toBe('original');
    expect(defaultEditionType([original, revised])).toBe('revised');
    expect(defaultEditionType([original, revised], original.id)).toBe('original');
  });

  it("refuses a second original, on create and on update, but lets the original stay one", () => {
    expect(planEditionWrite([original, revised], null, input({ editionType: 'original' }))).toEqual({ ok: false, violation: 'originalExists' });
    expect(planEditionWrite([original, revised], revised.id, input({ editionType: 'original' }))).toEqual({ ok: false, violation: 'originalExists' });
    expect(planEditionWrite([original, revised], original.id, input({ editionType: 'original' }))).toMatchObject({ ok: true });
  });

  it("gives an edition without a type 'revised' next to an original", () => {
    expect(planEditionWrite([original], null, input())).toMatchObject({ ok: true, record: { editionType: 'revised' } });
    expect(planEditionWrite([revised], null, input())).toMatchObject({ ok: true, record: { editionType: 'original' } });
  });
});

describe('the primary edition (spec §4, §7, §8)', () => {
  it("makes a book's first edition its primary one", () => {
    expect(planEditionWrite([], null, input({ isPrimaryEdition: false }))).toMatchObject({ ok: true, demoteId: null, record: { isPrimaryEdition: true } });
    expect(planEditionWrite([], null, input())).toMatchObject({ ok: true, demoteId: null, record: { isPrimaryEdition: true } });
  });

  it('adds a further edition as not primary unless asked, and then demotes the old primary in the same write', () => {
    expect(planEditionWrite([original], null, input())).toMatchObject({ ok: true, demoteId: null, record: { isPrimaryEdition: false } });
    expect(planEditionWrite([original, revised], null, input({ isPrimaryEdition: true }))).toMatchObject({ ok: true, demoteId: original.id, record: { isPrimaryEdition: true } });
    expect(planEditionWrite([original, revised], revised.id, input({ isPrimaryEdition: true }))).toMatchObject({ ok: true, demoteId: original.id });
  });

  it('keeps the primary primary when an update leaves the flag out, and refuses to unmark it', () => {
    expect(planEditionWrite([original, revised], original.id, input())).toMatchObject({ ok: true, demoteId: null, record: { isPrimaryEdition: true } });
    expect(planEditionWrite([original, revised], original.id, input({ isPrimaryEdition: false }))).toEqual({ ok: false, violation: 'primaryKept' });
    expect(planEditionWrite([original, revised], revised.id, input())).toMatchObject({ ok: true, record: { isPrimaryEdition: false } });
  });

  it('promotes a non-primary edition by demoting the old one; promoting the primary changes nothing', () => {
    expect(planPromotion([original, revised], revised.id)).toEqual({ ok: true, demoteId: original.id });
    expect(planPromotion([original, revised], original.id)).toEqual({ ok: true, demoteId: null });
    expect(planPromotion([original], 99)).toEqual({ ok: false, violation: 'notFound' });
  });

  it('never deletes the primary edition, every other one', () => {
    expect(canDeleteEdition(original)).toBe(false);
    expect(canDeleteEdition(revised)).toBe(true);
    expect(planDeletion([original, revised], original.id)).toEqual({ ok: false, violation: 'primaryDelete' });
    expect(planDeletion([original, revised], revised.id)).toEqual({ ok: true });
    expect(planDeletion([original], 99)).toEqual({ ok: false, violation: 'notFound' });
  });
});

describe('what an edition write stores', () => {
  it('stores left-out optional values as empty and the spec defaults (physical, German, original language)', () => {
    const plan = planEditionWrite([original], null, input());
    expect(plan).toEqual({
      ok: true,
      demoteId: null,
      record: {
        title: 'Der Wüstenplanet',
        description: null,
        coverImage: null,
        publicationYear: null,
        pages: null,
        isbn: null,
        asin: null,
        publisher: null,
        isPrimaryEdition: false,
        editionType: 'revised',
        formatType: 'physical',
        bindingType: null,
        languageCode: 'de',
        languageName: 'Deutsch',
        translator: null,
        isOriginalLanguage: true,
        price: null,
        currency: null,
      },
    });
  });

  it('stores a price in euros unless another currency is named (spec §9; issue 29 point 25)', () => {
    expect(planEditionWrite([], null, input({ price: 12 }))).toMatchObject({ record: { price: 12, currency: 'EUR' } });
    expect(planEditionWrite([], null, input({ price: 9.9, currency: 'CHF' }))).toMatchObject({ record: { price: 9.9, currency: 'CHF' } });
    expect(planEditionWrite([], null, input({ price: 0 }))).toMatchObject({ record: { price: 0, currency: 'EUR' } });
  });

  it("names one of the 12 languages by itself, keeps a given name, and needs one for another code", () => {
    expect(planEditionWrite([], null, input({ languageCode: 'it' }))).toMatchObject({ record: { languageCode: 'it', languageName: 'Italiano' } });
    expect(planEditionWrite([], null, input({ languageCode: 'fi', languageName: 'Suomi' }))).toMatchObject({ record: { languageName: 'Suomi' } });
    expect(planEditionWrite([], null, input({ languageCode: 'fi' }))).toEqual({ ok: false, violation: 'languageName' });
  });

  it('refuses an update of an edition the book does not have', () => {
    expect(planEditionWrite([original], 99, input())).toEqual({ ok: false, violation: 'notFound' });
  });
});
