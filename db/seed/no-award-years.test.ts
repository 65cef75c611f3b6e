import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNoAwardYears } from './no-award-years.ts';

describe('parseNoAwardYears', () => {
  it("reads a section's 'no award given' lines with their award and category", () => {
    const markdown = ['## Winner checks', '', '### hugo / best-novel 1953–2025', '', '- 1954: no award given — no Hugo Awards were presented in 1954', '- 1966: tie (dune, this-immortal)', '', '### nebula / best-novel 1966–2025', '- 1970: No award given'].join('\n');
    expect(parseNoAwardYears(markdown)).toEqual([
      { award: 'hugo', category: 'best-novel', year: 1954, note: 'no Hugo Awards were presented in 1954' },
      { award: 'nebula', category: 'best-novel', year: 1970, note: '' },
    ]);
  });

  it("takes a gap in the sources ('no entries at all') for no no-award year, nor a line outside an award section", () => {
    expect(parseNoAwardYears(['- 1950: no award given', '## Counts', '- 1951: no award given', '### locus / horror-novel 1989–2025', '- 1998: no entries at all'].join('\n'))).toEqual([]);
  });

  it('finds the Hugo Best Novel years 1954 and 1957 in the real stats.md, and no others', () => {
    const stats = readFileSync(path.join(import.meta.dirname, 'data', 'stats.md'), 'utf8');
    expect(parseNoAwardYears(stats).map(({ award, category, year }) => `${award}/${category}/${year}`)).toEqual(['hugo/best-novel/1954', 'hugo/best-novel/1957']);
  });
});
