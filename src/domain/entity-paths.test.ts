import { describe, expect, it } from 'vitest';
import { ENTITY_PATH_PATTERNS, entityPathLocation, keyOfEntityPath } from './entity-paths.ts';

describe('entity paths (issue 28 point 4)', () => {
  it('leads a record to its page in the language of the request, keeping the query', () => {
    expect(entityPathLocation('de', 'authors', { slug: 'ursula-k-le-guin' }, '')).toBe('/de/authors/ursula-k-le-guin');
    expect(entityPathLocation('en', 'books', { slug: 'enders-game' }, '?tab=reviews')).toBe('/en/books/enders-game?tab=reviews');
  });
  it('leads a genre to the books list filtered by its name', () => {
    expect(entityPathLocation('it', 'genres', { genreName: 'Science Fiction' }, '')).toBe('/it/books?genre=Science%20Fiction');
    expect(entityPathLocation('en', 'genres', { genreName: 'Horror & Weird' }, '?sort=year')).toBe('/en/books?sort=year&genre=Horror%20%26%20Weird');
  });
  it('reads an id where the spec has id routes, and a slug everywhere', () => {
    expect(keyOfEntityPath('authors', '42')).toEqual({ id: 42, slug: '42' });
    expect(keyOfEntityPath('books', '42')).toEqual({ id: null, slug: '42' });
    expect(keyOfEntityPath('series', '2147483648')).toEqual({ id: null, slug: '2147483648' });
    expect(keyOfEntityPath('authors', '042')).toEqual({ id: null, slug: '042' });
    expect(keyOfEntityPath('books', 'ender-s-game')).toEqual({ id: null, slug: 'ender-s-game' });
    expect(keyOfEntityPath('books', '%E2%82%AC')).toEqual({ id: null, slug: '€' });
    expect(keyOfEntityPath('books', '%zz')).toBeNull();
    expect(keyOfEntityPath('books', 'x'.repeat(301))).toBeNull();
  });
  it('claims every section in every language with a literal language segment', () => {
    expect(ENTITY_PATH_PATTERNS).toHaveLength(15);
    expect(ENTITY_PATH_PATTERNS).toContain('/it/awards/:key');
  });
});
