import { describe, expect, it } from 'vitest';
import { cacheTag, cacheTagHeader, pageCacheTags } from './cache-tags.ts';

describe('pageCacheTags', () => {
  it('names every record a page was rendered from, and the genres and awards its books name, once each, under the tag of all entity pages', () => {
    const tags = pageCacheTags({
      books: [
        { id: 1, genreIds: [3, 5], awards: [{ awardId: 4 }, { awardId: 4 }] },
        { id: 2, genreIds: [3], awards: [] },
      ],
      authors: [{ id: 7 }],
      series: [{ id: 9 }],
    });
    expect(tags).toEqual(['entity-pages', 'book-1', 'book-2', 'author-7', 'series-9', 'genre-3', 'genre-5', 'award-4']);
  });

  it('joins into one header value without repeats', () => {
    expect(cacheTagHeader([cacheTag('book', 1), cacheTag('author', 2), cacheTag('book', 1)])).toBe('book-1,author-2');
  });
});
