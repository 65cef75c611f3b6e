import { describe, expect, it } from 'vitest';
import { decodeEntities, excerptRuns, isRelevantExcerpt } from './search-excerpt.ts';

describe('excerptRuns', () => {
  it('splits marked and plain text and decodes entities', () => {
    expect(excerptRuns('Paul <mark>Atreides</mark> &amp; the &quot;spice&quot;')).toEqual([
      { text: 'Paul ', mark: false },
      { text: 'Atreides', mark: true },
      { text: ' & the "spice"', mark: false },
    ]);
  });

  it('keeps markup that is not a mark as inert text, never as HTML', () => {
    const runs = excerptRuns('&lt;script&gt;alert(1)&lt;/script&gt; <img src=x onerror=alert(1)><mark>x</mark>');
    expect(runs).toEqual([
      { text: '<script>alert(1)</script> ', mark: false },
      { text: 'x', mark: true },
    ]);
  });

  it('decodes numeric entities and leaves unknown ones', () => {
    expect(decodeEntities('&#252;ber &#x2013; &bogus; &#0;')).toBe('über – &bogus; &#0;');
  });
});

describe('isRelevantExcerpt', () => {
  it('keeps hits whose marked word is a query word, a longer form of it or its stem', () => {
    expect(isRelevantExcerpt('herbert', 'the saga by Frank <mark>Herbert</mark> begins')).toBe(true);
    expect(isRelevantExcerpt('wustenplanet', 'Der <mark>Wüstenplanet</mark> ist')).toBe(true);
    expect(isRelevantExcerpt('dune', 'across the <mark>dunes</mark> of Arrakis')).toBe(true);
    expect(isRelevantExcerpt('planets', 'a <mark>planet</mark> of sand')).toBe(true);
    expect(isRelevantExcerpt('the left hand', 'The <mark>Left</mark> <mark>Hand</mark> of Darkness')).toBe(true);
  });

  it('drops hits whose marks share only the first letters with the query (pagefind noise)', () => {
    expect(isRelevantExcerpt('nueromancer', 'es gibt <mark>nur</mark> einen Weg')).toBe(false);
    expect(isRelevantExcerpt('herbert', 'she and <mark>her</mark> brother')).toBe(false);
    expect(isRelevantExcerpt('herbert', 'a <mark>herb</mark> garden')).toBe(false);
    expect(isRelevantExcerpt('wustenplanet', 'the <mark>planet</mark> Ringworld')).toBe(false);
    expect(isRelevantExcerpt('dune', 'no marks at all')).toBe(false);
    expect(isRelevantExcerpt('a', 'a <mark>a</mark>')).toBe(false);
  });
});
