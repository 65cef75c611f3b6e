import { describe, expect, it } from 'vitest';
import { entityIdRules, GENERATED_RULES_MARKER, insertGeneratedRules, rule } from './redirect-rules.ts';

const catalogue = {
  authors: [{ id: 7, slug: 'ursula-k-le-guin' }],
  series: [
    { id: 3, slug: 'earthsea' },
    { id: 4, slug: '3' },
  ],
  genres: [{ id: 2, slug: 'science-fiction', name: 'Science Fiction' }],
  awards: [{ id: 1, slug: 'hugo' }],
};

describe('entityIdRules', () => {
  const lines = entityIdRules(catalogue).flatMap((b) => b.lines);

  it('sends each id route of every locale to the page by slug with a 301', () => {
    expect(lines).toContain(rule('/en/authors/7', '/en/authors/ursula-k-le-guin'));
    expect(lines).toContain(rule('/de/series/4', '/de/series/3'));
    expect(lines).toContain(rule('/it/awards/1', '/it/awards/hugo'));
    expect(rule('/en/authors/7', '/en/authors/ursula-k-le-guin')).toMatch(/^\/en\/authors\/7\s+\/en\/authors\/ursula-k-le-guin\s+301$/);
  });

  it('sends a genre by id or slug to its books, and leaves a slug that looks like an id alone', () => {
    expect(lines).toContain(rule('/de/genres/2', '/de/books?genre=Science%20Fiction'));
    expect(lines).toContain(rule('/en/genres/science-fiction', '/en/books?genre=Science%20Fiction'));
    expect(lines.some((l) => l.startsWith('/en/series/3 '))).toBe(false);
    expect(lines.filter((l) => l.startsWith('/en/'))).toHaveLength(lines.length / 3);
  });
});

describe('insertGeneratedRules', () => {
  const redirects = ['/home / 301', '', GENERATED_RULES_MARKER, '', '/en/* /en/404/index.html 404'].join('\n');

  it('puts the rules under the marker, before the catch-all rules', () => {
    const out = insertGeneratedRules(redirects, [{ title: 'ids', lines: ['/en/authors/7 /en/authors/x 301'] }, { title: 'none', lines: [] }]).split('\n');
    expect(out.indexOf('/en/authors/7 /en/authors/x 301')).toBeLessThan(out.indexOf('/en/* /en/404/index.html 404'));
    expect(out).toContain('# ids (1 rules)');
    expect(out.some((l) => l.includes('none'))).toBe(false);
  });

  it('refuses a _redirects without the marker', () => {
    expect(() => insertGeneratedRules('/home / 301', [])).toThrow(/nowhere/);
  });
});
