/**
 * The CDN cache of the local server (issue 28 point 3; ADR 0032) over real HTTP, with a fixture
 * function that answers under the cache headers a test asks for: an answer is kept and served again,
 * the CDN's own headers never reach the browser, a purge by tag through the functions' own purge call
 * drops exactly what it names, a stale answer is served while it is renewed, the key varies on what
 * Netlify-Vary names (a language), and nothing private, failed or written is kept.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../../../scripts/local-server.ts';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ functionsDir: path.join(process.cwd(), 'tests/fixtures/runtime/functions') });
});
afterAll(async () => {
  await server?.close();
});

let serial = 0;
/** A fresh name per case, so cases never share kept answers. */
const name = () => `case-${Date.now()}-${++serial}`;
const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}${url}`, { headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as { calls: number; language: string | null }) : null };
};
const purge = (tags: string[]) => fetch(`${server.url}/cached/purge`, { method: 'POST', body: JSON.stringify({ tags }) });
const YEAR = encodeURIComponent('public, durable, s-maxage=31536000, stale-while-revalidate=60');

describe('the CDN cache of function answers', () => {
  it('keeps an answer its headers allow, serves it again, and takes its own headers off', async () => {
    const url = `/cached/${name()}?cdn=${YEAR}&tag=book-1,catalogue&vary=query%3Dcdn|tag|vary`;
    const first = await get(url);
    expect(first.body!.calls).toBe(1);
    expect(first.headers.get('cache-status')).toBe('"Netlify Edge"; fwd=miss');
    const second = await get(`${url}&utm_source=x`);
    expect(second.body!.calls).toBe(1);
    expect(second.headers.get('cache-status')).toBe('"Netlify Edge"; hit');
    for (const header of ['netlify-cdn-cache-control', 'netlify-cache-tag', 'netlify-vary', 'cdn-cache-control']) expect(second.headers.get(header)).toBeNull();
    // HEAD is answered from the same copy.
    const head = await fetch(`${server.url}${url}`, { method: 'HEAD' });
    expect(head.headers.get('cache-status')).toBe('"Netlify Edge"; hit');
  });

  it('drops exactly the answers a purge names, through the functions\' own purge call', async () => {
    const [a, b] = [name(), name()];
    const urlA = `/cached/${a}?cdn=${YEAR}&tag=book-7`;
    const urlB = `/cached/${b}?cdn=${YEAR}&tag=author-7`;
    await get(urlA);
    await get(urlB);
    expect((await purge(['book-7'])).status).toBe(204);
    expect((await get(urlA)).body!.calls).toBe(2);
    expect((await get(urlB)).body!.calls).toBe(1);
    expect((await get(urlA)).body!.calls).toBe(2);
  });

  it('does not keep an answer that was being rendered when a purge of its tag arrived', async () => {
    const url = `/cached/${name()}?cdn=${YEAR}&tag=book-8&slow=300`;
    const pending = get(url);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await purge(['book-8']);
    expect((await pending).body!.calls).toBe(1);
    expect((await get(url)).body!.calls).toBe(2);
  });

  it('serves a stale answer while one request renews it, then the renewed one', async () => {
    const url = `/cached/${name()}?cdn=${encodeURIComponent('public, s-maxage=1, stale-while-revalidate=30')}`;
    expect((await get(url)).body!.calls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const stale = await get(url);
    expect(stale.body!.calls).toBe(1);
    expect(stale.headers.get('cache-status')).toBe('"Netlify Edge"; fwd=stale');
    await expect.poll(async () => (await get(url)).body!.calls, { timeout: 2_000 }).toBe(2);
  });

  it('goes back to the function once stale-while-revalidate has passed too', async () => {
    const url = `/cached/${name()}?cdn=${encodeURIComponent('public, s-maxage=1')}`;
    await get(url);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const again = await get(url);
    expect(again.body!.calls).toBe(2);
    expect(again.headers.get('cache-status')).toBe('"Netlify Edge"; fwd=miss');
  });

  it('keeps one copy per language when Netlify-Vary names the languages', async () => {
    const url = `/cached/${name()}?cdn=${YEAR}&vary=${encodeURIComponent('language=en|de|it')}`;
    expect((await get(url, { 'accept-language': 'de-DE, en;q=0.5' })).body).toMatchObject({ calls: 1, language: 'de-DE, en;q=0.5' });
    expect((await get(url, { 'accept-language': 'it' })).body).toMatchObject({ calls: 2, language: 'it' });
    expect((await get(url, { 'accept-language': 'de' })).body).toMatchObject({ calls: 1, language: 'de-DE, en;q=0.5' });
  });

  it('never keeps a private, uncacheable or failed answer', async () => {
    for (const query of [`cdn=${encodeURIComponent('private, s-maxage=60')}`, `cc=${encodeURIComponent('private, no-store')}`, `cdn=${YEAR}&status=500`, '']) {
      const url = `/cached/${name()}?${query}`;
      await get(url);
      expect((await get(url)).body!.calls, query).toBe(2);
    }
  });

  it('refuses a purge API call without this server\'s token', async () => {
    const refused = await fetch(`${server.url}/.netlify/cdn/api/v1/purge`, { method: 'POST', headers: { authorization: 'Bearer guess' }, body: JSON.stringify({ cache_tags: ['catalogue'] }) });
    expect(refused.status).toBe(401);
  });

  it('drops every answer when a new build goes live', async () => {
    const url = `/cached/${name()}?cdn=${YEAR}`;
    await get(url);
    expect(server.cdn.purge()).toBeGreaterThan(0);
    expect((await get(url)).body!.calls).toBe(2);
  });
});
