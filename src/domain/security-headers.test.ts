import { describe, expect, it } from 'vitest';
import { headersFile, inlineHashesOf, pageContentSecurityPolicy } from './security-headers.ts';

describe('pageContentSecurityPolicy', () => {
  const csp = pageContentSecurityPolicy({ scripts: ['sha256-B=', 'sha256-A=', 'sha256-A='], styles: ['sha256-S='] });

  it('allows our own scripts and exactly the listed inline ones, once each, in a stable order', () => {
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-A=' 'sha256-B='");
    expect(csp).toContain("style-src 'self' 'sha256-S='");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('forbids framing, plugins and foreign form targets', () => {
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "form-action 'self'", "base-uri 'self'"]) expect(csp).toContain(directive);
  });
});

describe('headersFile', () => {
  it('writes one rule for every path in Netlify\'s format', () => {
    const file = headersFile({ scripts: [], styles: [] });
    expect(file).toMatch(/^\/\*$/m);
    expect(file).toMatch(/^ {2}X-Content-Type-Options: nosniff$/m);
    expect(file).toMatch(/^ {2}Content-Security-Policy: default-src 'self'; /m);
  });
});

describe('inlineHashesOf', () => {
  it('reads back the script and style hashes headersFile wrote, and none from a file without a page CSP', () => {
    const hashes = { scripts: ['sha256-b=', 'sha256-a='], styles: ['sha256-c+/='] };
    expect(inlineHashesOf(headersFile(hashes))).toEqual({ scripts: ['sha256-a=', 'sha256-b='], styles: ['sha256-c+/='] });
    expect(inlineHashesOf('/*\n  X-Frame-Options: DENY\n')).toEqual({ scripts: [], styles: [] });
  });
});
