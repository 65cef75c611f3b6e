import { describe, expect, it } from 'vitest';
import { isPinned, nameSlug, slugNotice, slugPlan } from './slug-choice.ts';

describe('nameSlug', () => {
  it('follows the spec rule and falls back per kind', () => {
    expect(nameSlug('book', 'Der Wüstenplanet')).toBe('der-wuestenplanet');
    expect(nameSlug('book', '???')).toBe('unknown-book');
    expect(nameSlug('author', '李白')).toBe('unknown-author');
    expect(nameSlug('series', '')).toBe('unknown-series');
    expect(nameSlug('genre', 'Science Fiction')).toBe('science-fiction');
  });
});

describe('slugPlan', () => {
  it('gives a new thing its name slug', () => {
    expect(slugPlan({ kind: 'book', name: 'Dune' })).toEqual({ keep: false, base: 'dune' });
  });

  it('takes a typed slug through the slug rule', () => {
    expect(slugPlan({ kind: 'author', name: 'Stanisław Lem', requested: 'Stanisław Lem (Autor)' })).toEqual({ keep: false, base: 'stanislaw-lem-autor' });
  });

  it('keeps a slug that still fits a renamed thing, numbered or not', () => {
    expect(slugPlan({ kind: 'book', name: 'Dune', current: { slug: 'dune-2', pinned: false } })).toEqual({ keep: true });
  });

  it('moves the slug of a renamed thing to its new name', () => {
    expect(slugPlan({ kind: 'book', name: 'Dune Messiah', current: { slug: 'dune', pinned: false } })).toEqual({ keep: false, base: 'dune-messiah' });
  });

  it('keeps a pinned slug through a rename', () => {
    expect(slugPlan({ kind: 'series', name: 'Dune Chronicles', current: { slug: 'wuestenplanet', pinned: true } })).toEqual({ keep: true });
  });

  it('keeps the current slug when the typed one is the same', () => {
    expect(slugPlan({ kind: 'book', name: 'Dune', requested: 'dune-2', current: { slug: 'dune-2', pinned: false } })).toEqual({ keep: true });
  });
});

describe('isPinned', () => {
  it('pins what does not follow the name, and only that', () => {
    expect(isPinned('book', 'dune-the-novel', 'Dune')).toBe(true);
    expect(isPinned('book', 'dune-3', 'Dune')).toBe(false);
    expect(isPinned('author', 'unknown-author', '李白')).toBe(false);
  });
});

describe('slugNotice (issue 29 point 18)', () => {
  it('says so when a new book is saved under a numbered slug because its own was taken', () => {
    expect(slugNotice({ kind: 'book', name: 'Dune', requested: 'dune', previous: null, saved: 'dune-2' })).toEqual({ key: 'admin.slug.taken', params: { wanted: 'dune', saved: 'dune-2' } });
  });

  it('compares with the slug rule of what was typed, or of the name when the field was empty', () => {
    expect(slugNotice({ kind: 'author', name: 'Stanisław Lem', requested: 'Stanisław Lem', previous: null, saved: 'stanislaw-lem' })).toBeNull();
    expect(slugNotice({ kind: 'book', name: 'Der Wüstenplanet', requested: '', previous: null, saved: 'der-wuestenplanet-2' })).toEqual({ key: 'admin.slug.taken', params: { wanted: 'der-wuestenplanet', saved: 'der-wuestenplanet-2' } });
  });

  it('says that the address moved when a rename changed the slug', () => {
    expect(slugNotice({ kind: 'book', name: 'Dune Messiah', requested: 'dune', previous: 'dune', saved: 'dune-messiah' })).toEqual({ key: 'admin.slug.moved', params: { before: 'dune', saved: 'dune-messiah' } });
  });

  it('stays silent when an edited thing keeps its address', () => {
    expect(slugNotice({ kind: 'series', name: 'Dune', requested: 'dune', previous: 'dune', saved: 'dune' })).toBeNull();
  });
});

describe('slugNotice of a slug typed over an edited thing', () => {
  it('says the typed slug was taken', () => {
    expect(slugNotice({ kind: 'book', name: 'Dune', requested: 'dune', previous: 'dune-messiah', saved: 'dune-2' })).toEqual({ key: 'admin.slug.taken', params: { wanted: 'dune', saved: 'dune-2' } });
  });
});
