import { describe, expect, it } from 'vitest';
import { loginHref, safeNextPath } from './safe-next.ts';

const FALLBACK = '/en/';

describe('safeNextPath', () => {
  it.each(['/en/profile', '/de/profile?tab=reading', '/it/books/dune#reviews', '/', '/en/search?q=a%2F%2Fb'])('keeps the same-site path %s', (next) => {
    expect(safeNextPath(next, FALLBACK)).toBe(next);
  });

  it.each([
    ['missing', null],
    ['undefined', undefined],
    ['empty', ''],
    ['protocol-relative', '//evil.example/path'],
    ['backslash as slash', '/\\evil.example'],
    ['backslash first', '\\\\evil.example'],
    ['absolute http', 'https://evil.example/'],
    ['javascript', 'javascript:alert(1)'],
    ['relative without slash', 'profile'],
    ['tab inside', '/\t/evil.example'],
    ['newline inside', '/\n/evil.example'],
    ['triple slash', '///evil.example'],
    ['dot segment before a double slash', '/..//evil.example/'],
    ['dot segments deeper', '/en/../..//evil.example/x'],
    ['encoded dot segment', '/%2e%2e//evil.example/'],
  ])('falls back for %s', (_name, next) => {
    expect(safeNextPath(next, FALLBACK)).toBe(FALLBACK);
  });
});

it('goes on with the resolved path, not dot segments', () => {
  expect(safeNextPath('/en/books/../profile', FALLBACK)).toBe('/en/profile');
});

describe('loginHref', () => {
  it('carries the page to come back to, encoded, and the login form accepts it again', () => {
    const href = loginHref('/de/login', '/de/books?genre=Fantasy&sort=title#x');
    expect(href).toBe('/de/login?next=%2Fde%2Fbooks%3Fgenre%3DFantasy%26sort%3Dtitle%23x');
    const next = new URL(href, 'https://site.invalid').searchParams.get('next');
    expect(safeNextPath(next, FALLBACK)).toBe('/de/books?genre=Fantasy&sort=title#x');
  });
});
