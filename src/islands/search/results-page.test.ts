import { describe, expect, it } from 'vitest';
import { groupCount, pageQuery, relevantHits } from './results-page.ts';

describe('the results page', () => {
  it('reads the query of the address as the search box normalises it, at most 200 characters', () => {
    expect(pageQuery('?q=dune')).toBe('dune');
    expect(pageQuery('?q=%20%20Der%20%20%20W%C3%BCstenplanet%20')).toBe('Der Wüstenplanet');
    expect(pageQuery('?q=le+guin')).toBe('le guin');
    expect(pageQuery('?q=')).toBeNull();
    expect(pageQuery('?q=%20%09')).toBeNull();
    expect(pageQuery('')).toBeNull();
    expect(pageQuery(`?q=${'a'.repeat(300)}`)).toHaveLength(200);
  });

  it('counts a group up to 60 and says "60+" when the endpoint may have more', () => {
    expect(groupCount(1)).toBe('1');
    expect(groupCount(59)).toBe('59');
    expect(groupCount(60)).toBe('60+');
  });

  it('keeps the full-text hits whose excerpt marks a query word', () => {
    const hit = (title: string, excerpt: string) => ({ url: `/en/books/${title}`, title, kind: 'book', excerpt });
    const hits = [hit('dune', 'the desert planet <mark>Herbert</mark> wrote'), hit('ringworld', 'a <mark>her</mark>d of puppeteers')];
    expect(relevantHits('herbert', hits).map((h) => h.title)).toEqual(['dune']);
  });
});
