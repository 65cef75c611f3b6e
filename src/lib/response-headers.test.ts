import { describe, expect, it } from 'vitest';
import { withAddedHeaders } from './response-headers.ts';

describe('withAddedHeaders', () => {
  it('adds to the response itself when its headers may change', () => {
    const response = new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } });
    const out = withAddedHeaders(response, (h) => h.set('x-a', '1'));
    expect(out).toBe(response);
    expect(out.headers.get('x-a')).toBe('1');
  });

  it('copies a response whose headers are immutable, keeping status and body', async () => {
    const redirect = Response.redirect('http://localhost/next', 302);
    const out = withAddedHeaders(redirect, (h) => h.append('set-cookie', 'a=b'));
    expect(out).not.toBe(redirect);
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('http://localhost/next');
    expect(out.headers.getSetCookie()).toEqual(['a=b']);
  });
});
