import { describe, expect, it } from 'vitest';
import { decidePageView, describeRoute, PAGE_VIEW_GUARD_MS } from './routes.ts';

const at = (href: string) => {
  const url = new URL(href, 'https://phantastika.example');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};
const decide = (href: string, last: { path: string; at: number } | null = null, now = 10_000) => decidePageView(at(href), last, now);

describe('page views (spec §7)', () => {
  it.each([
    ['/en/books', null],
    ['/de/books/dune', { type: 'book', id: 'dune' }],
    ['/en/authors', null],
    ['/it/authors/ursula-k-le-guin', { type: 'author', id: 'ursula-k-le-guin' }],
    ['/en/series', null],
    ['/en/series/the-expanse', { type: 'series', id: 'the-expanse' }],
    ['/en/genres', null],
    ['/en/awards', null],
    ['/en/awards/hugo-award', { type: 'award', id: 'hugo-award' }],
    ['/en/awards/hugo-award/best-novel', { type: 'award', id: 'hugo-award' }],
    ['/en/profile', null],
    ['/en/search', null],
    ['/en/admin', null],
    ['/en/admin/users', null],
    ['/de/admin/awards', null],
    ['/en/books/', null],
  ])('counts %s', (href, entity) => {
    const decision = decide(href);
    expect(decision.send).toBe(true);
    if (decision.send) expect(decision.info.entity).toEqual(entity);
  });

  it.each([
    ['/', 'notCounted'],
    ['/en/', 'notCounted'],
    ['/en/admin/analytics', 'notCounted'],
    ['/de/admin/analytics', 'notCounted'],
    ['/api/books/search', 'unknown'],
    ['/api/analytics/event', 'unknown'],
    ['/en/books?sort=title', 'query'],
    ['/en/search?q=dune', 'query'],
    ['/en/profile?tab=reading', 'query'],
    ['/en/books/dune?tab=reviews', 'query'],
    ['/en/books/dune#reviews', 'hash'],
    ['/en/login', 'notCounted'],
    ['/en/register', 'notCounted'],
    ['/de/developers', 'notCounted'],
    ['/api/v1/books', 'unknown'],
    ['/en/books/add', 'notCounted'],
    ['/en/books/edit/dune', 'notCounted'],
    ['/en/nothing-here', 'unknown'],
    ['/en/books/dune/extra', 'unknown'],
  ])('skips %s (%s)', (href, reason) => {
    expect(decide(href)).toEqual({ send: false, reason });
  });

  it('sends the same path once within 1 s, then again', () => {
    expect(decide('/en/books', { path: '/en/books', at: 10_000 - PAGE_VIEW_GUARD_MS + 1 })).toEqual({ send: false, reason: 'guard' });
    expect(decide('/en/books', { path: '/en/books', at: 10_000 - PAGE_VIEW_GUARD_MS }).send).toBe(true);
    expect(decide('/en/books', { path: '/en/authors', at: 9_999 }).send).toBe(true);
    // A last view from the future (a clock set back) does not silence the page.
    expect(decide('/en/books', { path: '/en/books', at: 20_000 }).send).toBe(true);
  });
});

describe('known routes', () => {
  it('names the route without its language, and the language', () => {
    expect(describeRoute('/it/series/dune')).toMatchObject({ route: '/series/dune', locale: 'it' });
    expect(describeRoute('/books')).toMatchObject({ route: '/books', locale: null });
  });

  it('knows the pages where events happen without counting them as page views', () => {
    expect(describeRoute('/en/')).toMatchObject({ route: '/', countsPageView: false });
    expect(describeRoute('/de/datenschutz')).toMatchObject({ countsPageView: false });
  });

  it('refuses what is no page of the site', () => {
    for (const path of ['', 'books', '/en/books/<script>', '/en/%00', `/en/books/${'a'.repeat(400)}`, '/api/x', '/en/admin/../api']) expect(describeRoute(path), path).toBeNull();
  });
});
