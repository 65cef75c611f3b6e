import { describe, expect, it } from 'vitest';
import { isPinned, nameSlug, slugPlan } from './slug-choice.ts';

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
