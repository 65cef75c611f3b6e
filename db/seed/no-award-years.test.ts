import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllNoAwardYears, parseNoAwardYears, parseProseNoAwardYears } from './no-award-years.ts';

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

describe('parseProseNoAwardYears (revision 3 names its no-award years in prose)', () => {
  it("reads 'the only confirmed no-award years are …' into award, category and year", () => {
    const markdown = '- coverage is partial (the only confirmed no-award years are Kurd-Laßwitz German novel 1998 and Premio Urania 1996).';
    expect(parseProseNoAwardYears(markdown)).toEqual([
      { award: 'kurd-lasswitz', category: 'german-novel', year: 1998, note: 'Kurd-Laßwitz German novel 1998' },
      { award: 'urania', category: 'novel', year: 1996, note: 'Premio Urania 1996' },
    ]);
  });

  it('fails loudly on a label it cannot place instead of dropping the year', () => {
    expect(() => parseProseNoAwardYears('(the only confirmed no-award years are Premio Nessuno 2001)')).toThrow(/Premio Nessuno 2001/);
  });

  it('finds the Hugo years and the two revision-3 years in the real stats.md, once each', () => {
    const stats = readFileSync(path.join(import.meta.dirname, 'data', 'stats.md'), 'utf8');
    expect(parseAllNoAwardYears(stats).map(({ award, category, year }) => `${award}/${category}/${year}`)).toEqual([
      'hugo/best-novel/1954',
      'hugo/best-novel/1957',
      'kurd-lasswitz/german-novel/1998',
      'urania/novel/1996',
    ]);
  });
});
