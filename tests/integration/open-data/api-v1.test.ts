/**
 * The public read API (issue 16 points 4 and 6) over HTTP against the seeded catalogue: every list
 * and detail, cursor pages, filters, language, ETag and 304, CORS, the rate limit (5 a minute here:
 * each request names its own client address unless a test counts one), and the OpenAPI document.
 */
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { closeSharedConnection, getDb } from '../../../db/client.ts';
import { ErrorEnvelopeSchema, successEnvelope } from '../../../src/domain/envelope.ts';
import { readApiDocument } from '../../../src/domain/open-data/openapi-document.ts';
import {
  AuthorDetailV1Schema,
  AuthorV1Schema,
  AwardDetailV1Schema,
  AwardV1Schema,
  BookDetailV1Schema,
  BookV1Schema,
  GenreDetailV1Schema,
  GenreV1Schema,
  pageV1,
  SeriesDetailV1Schema,
  SeriesV1Schema,
} from '../../../src/domain/schemas/api-v1.ts';
import { EditionSchema } from '../../../src/domain/schemas/edition.ts';
import { BookCardSchema, pageOf } from '../../../src/domain/schemas/lists.ts';
import { startLocalServer, type LocalServer } from '../../../scripts/local-server.ts';
import { purgeCdnTags } from '../../../netlify/functions/_shared/cdn-purge.ts';
import { CATALOGUE_TAG } from '../../../src/domain/cdn/cache-tags.ts';

const LIMIT_PER_MINUTE = 5;
process.env.API_V1_REQUESTS_PER_MINUTE = String(LIMIT_PER_MINUTE);

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ trustTestClientIp: true });
});
afterAll(async () => {
  await server.close();
  await closeSharedConnection();
});

let clients = 0;
/** A client address of its own for every request (198.51.100.0/24 and beyond: no other test uses them). */
const nextClient = () => {
  clients += 1;
  return `198.51.${100 + (clients >> 8)}.${clients & 255}`;
};
const get = (path: string, headers: Record<string, string> = {}, client = nextClient()) =>
  fetch(`${server.url}${path}`, { headers: { 'x-test-client-ip': client, ...headers } });

const page = <T extends z.ZodType>(item: T) => successEnvelope(pageV1(item, 'TestPage'));
const BooksPage = page(BookV1Schema);
const json = async <T extends z.ZodType>(res: Response, schema: T): Promise<z.infer<T>> => {
  expect(res.status, await res.clone().text()).toBe(200);
  return schema.parse(await res.json());
};

/** Follows `next` from `path` to the end; the items of every page, in order. */
async function walk<T extends z.ZodType>(path: string, item: T, headers: Record<string, string> = {}): Promise<{ items: z.infer<T>[]; pages: number; total: number }> {
  const items: z.infer<T>[] = [];
  let next: string | null = path;
  let pages = 0;
  let total = 0;
  while (next) {
    const data: z.infer<ReturnType<typeof pageV1<T>>> = (await json(await get(next, headers), page(item))).data;
    items.push(...data.items);
    total = data.total;
    pages += 1;
    expect(data.next === null).toBe(data.nextCursor === null);
    next = data.next;
    expect(pages).toBeLessThan(100);
  }
  return { items, pages, total };
}

describe('lists and details of every resource', () => {
  it('books: a page with editions, translations, series and awards, and a book by slug and by id', async () => {
    const first = (await json(await get('/api/v1/books?limit=3&lang=en'), BooksPage)).data;
    expect(first).toMatchObject({ total: 3329, limit: 3 });
    expect(first.items).toHaveLength(3);
    const dune = (await json(await get('/api/v1/books/dune?lang=de'), successEnvelope(BookDetailV1Schema))).data;
    expect(dune).toMatchObject({ slug: 'dune', title: 'Der Wüstenplanet', originalTitle: 'Dune', originalLanguage: 'en' });
    expect(dune.translations).toContainEqual({ language: 'de', title: 'Der Wüstenplanet' });
    expect(dune.series).toContainEqual(expect.objectContaining({ slug: 'dune-chronicles', position: 1 }));
    expect(dune.awards).toContainEqual(expect.objectContaining({ award: { slug: 'hugo', name: 'Hugo Award' }, year: 1966, isWinner: true }));
    expect(dune.editions[0]).toMatchObject({ isPrimaryEdition: true, languageCode: 'en' });
    expect(dune.editions.some((e) => e.languageCode === 'de')).toBe(true);
    const byId = (await json(await get(`/api/v1/books/${dune.id}?lang=de`), successEnvelope(BookDetailV1Schema))).data;
    expect(byId).toEqual(dune);
    // The same editions, in the same order, as the pop-up's endpoint (one query behind both).
    const popup = successEnvelope(z.array(EditionSchema)).parse(await (await fetch(`${server.url}/api/books/dune/editions`)).json()).data;
    expect(dune.editions).toEqual(popup);
  });

  it('authors, series, genres and awards: list and detail', async () => {
    const authors = (await json(await get('/api/v1/authors?sort=books&limit=2'), page(AuthorV1Schema))).data;
    expect(authors.total).toBe(1234);
    expect(authors.items[0]).toMatchObject({ name: 'C. J. Cherryh' });
    const herbert = (await json(await get('/api/v1/authors/frank-herbert'), successEnvelope(AuthorDetailV1Schema))).data;
    expect(herbert.books.map((b) => b.slug)).toContain('dune');
    expect(herbert.books.map((b) => b.year ?? 0)).toEqual([...herbert.books.map((b) => b.year ?? 0)].sort((a, b) => a - b));

    const series = (await json(await get('/api/v1/series?limit=5'), page(SeriesV1Schema))).data;
    expect(series.items).toHaveLength(5);
    const chronicles = (await json(await get('/api/v1/series/dune-chronicles'), successEnvelope(SeriesDetailV1Schema))).data;
    expect(chronicles.books[0]).toMatchObject({ slug: 'dune', position: 1 });

    const genres = (await json(await get('/api/v1/genres?lang=it'), page(GenreV1Schema))).data;
    expect(genres.items.map((g) => g.slug)).toEqual(['science-fiction', 'fantasy', 'horror', 'crossover']);
    expect(genres.items[0]).toMatchObject({ name: 'Fantascienza', bookCount: 1550 });
    const horror = (await json(await get('/api/v1/genres/horror?lang=de'), successEnvelope(GenreDetailV1Schema))).data;
    expect(horror.description).toMatchObject({ language: 'de', isFallback: false });

    const awards = (await json(await get('/api/v1/awards'), page(AwardV1Schema))).data;
    expect(awards.items.map((a) => a.slug)).toEqual(['hugo', 'nebula', 'locus', 'clarke', 'kurd-lasswitz', 'dsfp', 'premio-italia', 'urania']);
    const hugo = (await json(await get('/api/v1/awards/hugo'), successEnvelope(AwardDetailV1Schema))).data;
    expect(hugo.entries.length).toBeGreaterThan(100);
    expect(hugo.entries).toContainEqual(expect.objectContaining({ year: 1966, isWinner: true, book: expect.objectContaining({ slug: 'dune' }) }));
    const years = hugo.entries.map((e) => e.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });

  it('answers 404 for unknown ids and slugs, and 400 for malformed ones, in the envelope', async () => {
    for (const path of ['/api/v1/books/no-such-book', '/api/v1/books/2147483646', '/api/v1/books/99999999999', '/api/v1/authors/nobody', '/api/v1/series/none', '/api/v1/genres/poetry', '/api/v1/awards/booker']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(ErrorEnvelopeSchema.parse(await res.json()).error.code).toBe('NOT_FOUND');
    }
    for (const path of ['/api/v1/books/Not%20A%20Slug', '/api/v1/books/-1', '/api/v1/books/dune?lang=fr', '/api/v1/books/dune?extra=1']) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(ErrorEnvelopeSchema.parse(await res.json()).error.code).toBe('VALIDATION');
    }
  });
});

describe('cursor pagination', () => {
  it('walks every horror book once, in the order of the books list, and the same order twice', async () => {
    const walked = await walk('/api/v1/books?genre=horror&limit=100&lang=en', BookV1Schema);
    expect(walked.pages).toBe(Math.ceil(walked.total / 100));
    expect(walked.items).toHaveLength(walked.total);
    const ids = walked.items.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The same order as the list page's endpoint (the same query behind both).
    const listed: number[] = [];
    for (let offset = 0; offset < walked.total; offset += 60) {
      const res = await fetch(`${server.url}/api/books?genre=horror&limit=60&offset=${offset}&lang=en`);
      listed.push(...successEnvelope(pageOf(BookCardSchema)).parse(await res.json()).data.items.map((b) => b.id));
    }
    expect(ids).toEqual(listed);
    const again = await walk('/api/v1/books?genre=horror&limit=37&lang=en', BookV1Schema);
    expect(again.items.map((b) => b.id)).toEqual(ids);
  });

  it('walks all 1234 authors by name, with no gaps or duplicates', async () => {
    const walked = await walk('/api/v1/authors?limit=100', AuthorV1Schema);
    expect(walked.items).toHaveLength(1234);
    expect(new Set(walked.items.map((a) => a.id)).size).toBe(1234);
  });

  it('puts the next page in a Link header and ends with null', async () => {
    const res = await get('/api/v1/genres?limit=3');
    const data = (await json(res, page(GenreV1Schema))).data;
    expect(res.headers.get('link')).toBe(`<${data.next}>; rel="next"`);
    const last = await get(data.next!);
    expect(last.headers.get('link')).toBeNull();
    expect((await json(last, page(GenreV1Schema))).data).toMatchObject({ nextCursor: null, next: null, total: 4 });
  });

  it('refuses a malformed cursor and one made for other filters, sort or language (400)', async () => {
    const horror = (await json(await get('/api/v1/books?genre=horror&limit=5&lang=en'), BooksPage)).data.nextCursor!;
    for (const path of [
      '/api/v1/books?cursor=zzz',
      '/api/v1/books?cursor=' + 'A'.repeat(65),
      `/api/v1/books?genre=fantasy&lang=en&cursor=${horror}`,
      `/api/v1/books?genre=horror&lang=de&cursor=${horror}`,
      `/api/v1/books?genre=horror&lang=en&sort=oldest&cursor=${horror}`,
      `/api/v1/authors?cursor=${horror}`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      const error = ErrorEnvelopeSchema.parse(await res.json()).error;
      expect(error.details?.[0]).toMatchObject({ path: 'cursor' });
    }
    // The same filters with another page size keep the cursor valid.
    expect((await get(`/api/v1/books?genre=horror&lang=en&limit=7&cursor=${horror}`)).status).toBe(200);
  });

  it('refuses limits outside 1-100 with a localized message', async () => {
    for (const limit of ['0', '101', '2.5', 'x']) {
      const res = await get(`/api/v1/books?limit=${limit}`, { 'accept-language': 'de' });
      expect(res.status).toBe(400);
      const error = ErrorEnvelopeSchema.parse(await res.json()).error;
      expect(error.details?.[0]).toMatchObject({ path: 'limit', key: 'validation.apiLimit', message: 'Die Seitengröße muss zwischen 1 und 100 liegen.' });
    }
  });
});

describe('filters and language', () => {
  it('filters books by genre and sorts titles in the German alphabet', async () => {
    const data = (await json(await get('/api/v1/books?genre=Science%20Fiction&sort=title_asc&limit=100&lang=de'), BooksPage)).data;
    expect(data.total).toBe(1550);
    expect(data.items.every((b) => b.genres.some((g) => g.slug === 'science-fiction'))).toBe(true);
    const collator = new Intl.Collator('de', { sensitivity: 'base' });
    const initials = data.items.map((b) => b.title.normalize('NFD').charAt(0)).filter((c) => /[A-Za-z]/.test(c));
    expect(initials).toEqual([...initials].sort(collator.compare));
  });

  it('filters series by kind and size, and refuses unknown filter values', async () => {
    const data = (await json(await get('/api/v1/series?kind=novel_series&size=4-10&sort=books&limit=100'), page(SeriesV1Schema))).data;
    expect(data.items.length).toBeGreaterThan(0);
    expect(data.items.every((s) => s.kind === 'novel_series' && s.bookCount >= 4 && s.bookCount <= 10)).toBe(true);
    for (const q of ['kind=saga', 'size=11', 'sort=best', 'minRating=6', 'list=read', 'offset=20']) {
      expect((await get(`/api/v1/${q.startsWith('kind') || q.startsWith('size') ? 'series' : 'books'}?${q}`)).status, q).toBe(400);
    }
  });

  it('takes the language from lang, else from Accept-Language, and says it in Content-Language', async () => {
    const de = await get('/api/v1/books/dune', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(de.headers.get('content-language')).toBe('de');
    expect(de.headers.get('vary')).toContain('Accept-Language');
    expect((await json(de, successEnvelope(BookDetailV1Schema))).data.title).toBe('Der Wüstenplanet');
    const en = await get('/api/v1/books/dune?lang=en', { 'accept-language': 'de' });
    expect((await json(en, successEnvelope(BookDetailV1Schema))).data.title).toBe('Dune');
    const it = await get('/api/v1/genres/science-fiction', { 'accept-language': 'it' });
    expect((await json(it, successEnvelope(GenreDetailV1Schema))).data.name).toBe('Fantascienza');
  });
});

describe('caching', () => {
  it('answers If-None-Match with 304 and no body, and gives a new ETag after a catalogue write', async () => {
    const path = '/api/v1/books/dune?lang=en';
    const first = await get(path);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"v1-\d+\.\d+-[0-9a-f]{8}"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    // The CDN's own header and tags are read by the CDN and never reach the client (ADR 0032).
    expect(first.headers.get('netlify-cdn-cache-control')).toBeNull();
    expect(first.headers.get('netlify-cache-tag')).toBeNull();
    expect((await get(path)).headers.get('cache-status')).toBe('"Netlify Edge"; hit');
    const again = await get(path, { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    expect((await get(path, { 'if-none-match': `"other", ${tag}` })).status).toBe(304);

    const db = await getDb();
    const [before] = (await db.execute(sql`SELECT publisher FROM books WHERE slug = 'dune'`)).rows as { publisher: string | null }[];
    await db.execute(sql`UPDATE books SET publisher = 'Chilton Books (v1 test)' WHERE slug = 'dune'`);
    // An editor's write purges the CDN's copies (noteCatalogueWrite); this one went to the database directly.
    await purgeCdnTags([CATALOGUE_TAG]);
    try {
      const changed = await get(path, { 'if-none-match': tag });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(tag);
      expect((await get(path, { 'if-none-match': changed.headers.get('etag')! })).status).toBe(304);
    } finally {
      await db.execute(sql`UPDATE books SET publisher = ${before!.publisher} WHERE slug = 'dune'`);
    }
  });

  it('shows a renamed award category in the next answer: award categories move the catalogue version too (migration 0019)', async () => {
    const db = await getDb();
    const [award] = (await db.execute(sql`
      SELECT b.slug, c.id, c.names FROM book_awards ba JOIN books b ON b.id = ba.book_id JOIN award_categories c ON c.id = ba.category_id
      ORDER BY b.id, c.id LIMIT 1`)).rows as { slug: string; id: number; names: Record<string, string> }[];
    const path = `/api/v1/books/${award!.slug}?lang=en`;
    const categories = async () => (await json(await get(path), successEnvelope(BookDetailV1Schema))).data.awards.map((a) => a.category?.name);
    expect(await categories()).toContain(award!.names.en);
    await db.execute(sql`UPDATE award_categories SET names = names || '{"en": "Renamed category (v1 test)"}'::jsonb WHERE id = ${award!.id}`);
    await purgeCdnTags([CATALOGUE_TAG]); // as the category's admin endpoint does after its write
    try {
      expect(await categories()).toContain('Renamed category (v1 test)');
    } finally {
      await db.execute(sql`UPDATE award_categories SET names = ${JSON.stringify(award!.names)}::jsonb WHERE id = ${award!.id}`);
    }
  });

  it('tags other questions differently and never caches a refusal', async () => {
    const a = (await get('/api/v1/books?limit=1&lang=en')).headers.get('etag');
    const b = (await get('/api/v1/books?limit=1&lang=de')).headers.get('etag');
    const c = (await get('/api/v1/books?limit=2&lang=en')).headers.get('etag');
    expect(new Set([a, b, c]).size).toBe(3);
    const bad = await get('/api/v1/books?limit=0');
    expect(bad.headers.get('cache-control')).toBe('no-store');
    expect(bad.headers.get('etag')).toBeNull();
  });
});

describe('CORS', () => {
  it('lets any origin read every answer, errors included, without credentials', async () => {
    for (const [path, status] of [['/api/v1/books?limit=1', 200], ['/api/v1/books?limit=0', 400], ['/api/v1/books/nothing-here', 404]] as const) {
      const res = await get(path, { origin: 'https://example.org', cookie: 'session=not-a-session' });
      expect(res.status, path).toBe(status);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('access-control-expose-headers')).toContain('ETag');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('answers a preflight from another site with 204 and the allowed methods and headers', async () => {
    const res = await fetch(`${server.url}/api/v1/books/dune`, {
      method: 'OPTIONS',
      headers: { origin: 'https://example.org', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('if-none-match');
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    const head = await fetch(`${server.url}/api/v1/books/dune`, { method: 'HEAD', headers: { 'x-test-client-ip': nextClient() } });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toMatch(/^W\//);
    expect(await head.text()).toBe('');
    expect((await fetch(`${server.url}/api/v1/books/no-such-book`, { method: 'HEAD', headers: { 'x-test-client-ip': nextClient() } })).status).toBe(404);
    const post = await fetch(`${server.url}/api/v1/books`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('rate limit', () => {
  /** A request that reaches the function: answers the CDN serves never do and are not counted (ADR 0025). */
  const uncached = async (...args: Parameters<typeof get>) => {
    await purgeCdnTags([CATALOGUE_TAG]);
    return get(...args);
  };
  it(`allows ${LIMIT_PER_MINUTE} requests a minute per client, announces them, then answers 429 with Retry-After`, async () => {
    const client = '203.0.113.77';
    for (let i = 1; i <= LIMIT_PER_MINUTE; i++) {
      const res = await uncached(i % 2 ? '/api/v1/genres' : '/api/v1/books/dune', {}, client);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe(`"default";q=${LIMIT_PER_MINUTE};w=60`);
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"default";r=${LIMIT_PER_MINUTE - i};t=\\d+$`));
    }
    const refused = await uncached('/api/v1/awards', {}, client);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit')).toBe(`"default";r=0;t=${retryAfter}`);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    const error = ErrorEnvelopeSchema.parse(await refused.json()).error;
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfter });
    // Another client is not affected; neither is an IPv6 client, counted by its /64.
    expect((await uncached('/api/v1/awards', {}, '203.0.113.78')).status).toBe(200);
    for (let i = 1; i <= LIMIT_PER_MINUTE; i++) expect((await uncached('/api/v1/genres', {}, `2001:db8:7:7::${i}`)).status).toBe(200);
    expect((await uncached('/api/v1/genres', {}, '2001:db8:7:7::ff')).status).toBe(429);
  });
});

describe('the OpenAPI document', () => {
  const v1Routes = () =>
    readdirSync('netlify/functions')
      .filter((f) => /^api-v1-.*\.mts$/.test(f))
      .map((f) => f.replace(/\.mts$/, ''));

  it('is served, valid OpenAPI 3.1, and names every v1 route', async () => {
    const res = await get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc).toEqual(JSON.parse(JSON.stringify(readApiDocument())));
    const paths: string[] = [];
    for (const fn of v1Routes()) {
      const { config } = (await import(`../../../netlify/functions/${fn}.mts`)) as { config: { path: string } };
      paths.push(config.path);
    }
    expect(paths).toHaveLength(11);
    for (const path of paths.filter((p) => p !== '/api/v1/openapi.json')) expect(Object.keys(doc.paths), path).toContain(path.replace(/:(\w+)/g, '{$1}'));
    const tag = res.headers.get('etag')!;
    expect((await get('/api/v1/openapi.json', { 'if-none-match': tag })).status).toBe(304);
  });

  it('describes real answers: a sample of them validates against its response schemas', async () => {
    const text = JSON.stringify(readApiDocument()).replaceAll('#/components/schemas/', '#/$defs/');
    const doc = JSON.parse(text) as {
      paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: object }> }> } }>;
      components: { schemas: Record<string, object> };
    };
    const schemaOf = (path: string, status: string) => z.fromJSONSchema({ ...doc.paths[path]!.get.responses[status]!.content!['application/json']!.schema, $defs: doc.components.schemas } as never);
    const samples: [string, string, string][] = [
      ['/api/v1/books', '/api/v1/books?limit=100&lang=de', '200'],
      ['/api/v1/books', '/api/v1/books?genre=horror&sort=oldest&limit=50&lang=it', '200'],
      ['/api/v1/books/{ref}', '/api/v1/books/dune?lang=de', '200'],
      ['/api/v1/books/{ref}', '/api/v1/books/the-left-hand-of-darkness', '200'],
      ['/api/v1/authors', '/api/v1/authors?limit=100&sort=rating', '200'],
      ['/api/v1/authors/{ref}', '/api/v1/authors/ursula-k-le-guin?lang=it', '200'],
      ['/api/v1/series', '/api/v1/series?limit=100', '200'],
      ['/api/v1/series/{ref}', '/api/v1/series/discworld', '200'],
      ['/api/v1/genres', '/api/v1/genres', '200'],
      ['/api/v1/genres/{ref}', '/api/v1/genres/fantasy?lang=de', '200'],
      ['/api/v1/awards', '/api/v1/awards?lang=it', '200'],
      ['/api/v1/awards/{ref}', '/api/v1/awards/locus', '200'],
      ['/api/v1/books', '/api/v1/books?sort=best', '400'],
      ['/api/v1/books/{ref}', '/api/v1/books/no-such-book', '404'],
    ];
    for (const [template, path, status] of samples) {
      const res = await get(path);
      expect(String(res.status), path).toBe(status);
      const result = schemaOf(template, status).safeParse(await res.json());
      expect(result.success ? [] : result.error.issues.slice(0, 3), path).toEqual([]);
    }
  });
});
