import { describe, expect, it } from 'vitest';
import { decodeEntities, excerptRuns } from './search-excerpt.ts';

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
