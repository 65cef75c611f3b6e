import { describe, expect, it } from 'vitest';
import { entityTag, ifNoneMatchHits, nextLink } from './api-v1-http.ts';

describe('read API caching', () => {
  it('tags an answer by catalogue version and key, weakly', () => {
    const tag = entityTag({ catalogue: 12, popularity: 3 }, '/api/v1/books\u0000en\u0000{}');
    expect(tag).toMatch(/^W\/"v1-12\.3-[0-9a-f]{8}"$/);
    expect(entityTag({ catalogue: 12, popularity: 3 }, '/api/v1/books\u0000en\u0000{}')).toBe(tag);
    expect(entityTag({ catalogue: 13, popularity: 3 }, '/api/v1/books\u0000en\u0000{}')).not.toBe(tag);
    expect(entityTag({ catalogue: 12, popularity: 4 }, '/api/v1/books\u0000en\u0000{}')).not.toBe(tag);
    expect(entityTag({ catalogue: 12, popularity: 3 }, '/api/v1/books\u0000de\u0000{}')).not.toBe(tag);
  });

  it('matches If-None-Match weakly, in lists and for *', () => {
    const tag = 'W/"v1-1.0-abcdef01"';
    expect(ifNoneMatchHits(tag, tag)).toBe(true);
    expect(ifNoneMatchHits('"v1-1.0-abcdef01"', tag)).toBe(true);
    expect(ifNoneMatchHits('"x", W/"v1-1.0-abcdef01" ', tag)).toBe(true);
    expect(ifNoneMatchHits('*', tag)).toBe(true);
    expect(ifNoneMatchHits('W/"v1-2.0-abcdef01"', tag)).toBe(false);
    expect(ifNoneMatchHits(null, tag)).toBe(false);
    expect(ifNoneMatchHits('', tag)).toBe(false);
  });

  it('links the next page', () => {
    expect(nextLink('/api/v1/books?cursor=abc')).toBe('</api/v1/books?cursor=abc>; rel="next"');
  });
});
