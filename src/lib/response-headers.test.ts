import { describe, expect, it } from 'vitest';
import { plainAnswerOf, plainResponse, withAddedHeaders } from './response-headers.ts';

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

describe('plain answers', () => {
  const plainHeaders = (response: Response) => {
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') out[name] = value;
    });
    if (response.headers.getSetCookie().length) out['set-cookie'] = response.headers.getSetCookie();
    return out;
  };

  it('keep status, headers and body beside the Response, equal to what the Response holds', async () => {
    const response = plainResponse('{"a":1}', 201, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    expect(plainAnswerOf(response)).toEqual({ status: 201, headers: plainHeaders(response), body: '{"a":1}' });
    expect(await response.clone().text()).toBe('{"a":1}');
  });

  it('follow every addition on the way out (set, append, cookies, delete)', () => {
    const response = plainResponse(null, 204, { 'x-a': '1', vary: 'cookie' });
    withAddedHeaders(response, (h) => {
      h.set('X-Request-Id', 'abc');
      h.append('set-cookie', 'a=1; Path=/');
      h.append('set-cookie', 'b=2; Path=/');
      h.append('vary', 'accept-language');
      h.delete('x-a');
    });
    expect(plainAnswerOf(response)!.headers).toEqual(plainHeaders(response));
    expect(plainAnswerOf(response)!.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(plainAnswerOf(response)!.headers.vary).toBe('cookie, accept-language');
  });

  it('are gone once the body was read, and a Response made otherwise has none', async () => {
    const response = plainResponse('x', 200, {});
    await response.text();
    expect(plainAnswerOf(response)).toBeUndefined();
    expect(plainAnswerOf(new Response('x'))).toBeUndefined();
  });
});
