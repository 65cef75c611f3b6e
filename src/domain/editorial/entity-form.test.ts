import { describe, expect, it } from 'vitest';
import type { BookRecord } from '../schemas/editorial.ts';
import { checkForm, createPayload, editRefFromPath, emptyValues, fieldOfPath, moveEntry, numberOrNull, proposedSlug, updatePayload, valuesFromRecord, type BookFormValues } from './entity-form.ts';

const YEAR = 2026;

const bookRecord = (overrides: Partial<BookRecord> = {}): BookRecord => ({
  id: 7,
  version: 1,
  slug: 'dune',
  slugPinned: false,
  title: 'Dune',
  authorIds: [3],
  genreIds: [],
  series: [{ seriesId: 4, position: 1 }],
  awards: [],
  publicationYear: 1965,
  publicationDate: null,
  publisher: null,
  pages: null,
  originalLanguage: 'en',
  description: { en: 'Arrakis.' },
  coverImage: null,
  ...overrides,
});

describe('the add form', () => {
  it('sends only what was filled in, the authors in their order', () => {
    const values: BookFormValues = { ...emptyValues('book'), title: 'Der Wüstenplanet', authors: [{ id: 5, label: 'B' }, { id: 2, label: 'A' }], description: { en: '', de: 'Arrakis.', it: '' } };
    expect(createPayload('book', values)).toEqual({ title: 'Der Wüstenplanet', authorIds: [5, 2], description: { en: '', de: 'Arrakis.', it: '' } });
  });

  it('refuses a book without an author with the API schema message on the field', () => {
    const check = checkForm({ kind: 'book', values: { ...emptyValues('book'), title: 'Dune' }, currentYear: YEAR });
    expect(check).toEqual({ ok: false, errors: { authorIds: 'validation.editorial.authorIds' } });
  });

  it('reports a blank title and a year out of bounds per field', () => {
    const check = checkForm({ kind: 'book', values: { ...emptyValues('book'), title: '  ', authors: [{ id: 1, label: 'A' }], publicationYear: '1700' }, currentYear: YEAR });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.errors).toMatchObject({ title: 'validation.editorial.title.required', publicationYear: 'validation.editorial.publicationYear' });
  });

  it('passes an author with a death before the birth to the schema, which names the death year', () => {
    const check = checkForm({ kind: 'author', values: { ...emptyValues('author'), name: 'X', birthYear: '1950', deathYear: '1900' }, currentYear: YEAR });
    expect(check).toEqual({ ok: false, errors: { deathYear: 'validation.editorial.lifeYears' } });
  });

  it('keeps a non-number as typed so the schema reports it', () => {
    expect(numberOrNull('')).toBeNull();
    expect(numberOrNull(' 1,5 ')).toBe(1.5);
    expect(numberOrNull('abc')).toBe('abc');
  });

  it('proposes the spec slug for the name', () => {
    expect(proposedSlug('book', 'Der Wüstenplanet')).toBe('der-wuestenplanet');
    expect(proposedSlug('author', '')).toBe('');
  });
});

describe('the edit form', () => {
  it('fills from the record with the relation labels it was given', () => {
    const values = valuesFromRecord('book', bookRecord(), { authors: new Map([[3, 'Frank Herbert']]) });
    expect(values.authors).toEqual([{ id: 3, label: 'Frank Herbert' }]);
    expect(values.series).toEqual([{ id: 4, label: '#4', position: '1', }]);
    expect(values.description).toEqual({ en: 'Arrakis.', de: '', it: '' });
  });

  it('sends only the changed fields, and of a localized text only the changed languages', () => {
    const loaded = valuesFromRecord('book', bookRecord());
    expect(updatePayload('book', loaded, { ...loaded, description: { ...loaded.description, de: 'Arrakis, Wüste.' } })).toEqual({ description: { de: 'Arrakis, Wüste.' } });
    // A cleared language is sent as '' (the server clears just that one).
    expect(updatePayload('book', loaded, { ...loaded, description: { ...loaded.description, en: '' } })).toEqual({ description: { en: '' } });
    expect(updatePayload('book', loaded, { ...loaded, slug: 'dune-roman', publisher: 'Heyne' })).toEqual({ slug: 'dune-roman', publisher: 'Heyne' });
  });

  it('clears an optional field with null and refuses a save without changes', () => {
    const loaded = valuesFromRecord('series', { id: 1, version: 1, slug: 's', slugPinned: false, name: 'S', kind: 'novel_series', status: 'ongoing', description: {}, imageUrl: null });
    expect(updatePayload('series', loaded, { ...loaded, status: '' })).toEqual({ status: null });
    expect(checkForm({ kind: 'series', values: loaded, loaded, currentYear: YEAR })).toEqual({ ok: false, errors: { '': 'validation.editorial.nothingToChange' } });
  });
});

describe('paths', () => {
  it('maps detail paths to the form fields', () => {
    expect(fieldOfPath('authorIds.2')).toBe('authorIds');
    expect(fieldOfPath(['bio', 'de'])).toBe('bio.de');
    expect(fieldOfPath('series.1.position')).toBe('series.1.position');
    expect(fieldOfPath([])).toBe('');
  });

  it('reads the slug of an edit address, and nothing else', () => {
    expect(editRefFromPath('/de/books/edit/der-wuestenplanet')).toBe('der-wuestenplanet');
    expect(editRefFromPath('/it/series/edit/dune/')).toBe('dune');
    expect(editRefFromPath('/de/books/edit/')).toBeNull();
    expect(editRefFromPath('/de/books/dune')).toBeNull();
  });

  it('moves an author one place', () => {
    expect(moveEntry(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
