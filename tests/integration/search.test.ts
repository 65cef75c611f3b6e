import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { closeSharedConnection, getDb } from '../../db/client.ts';
import { ErrorEnvelopeSchema, successEnvelope } from '../../src/domain/envelope.ts';
import { AuthorHitSchema, AwardHitSchema, BookHitSchema, GenreHitSchema, SeriesHitSchema } from '../../src/domain/schemas/search.ts';
import { startLocalServer, type LocalServer } from '../../scripts/local-server.ts';

let server: LocalServer;
beforeAll(async () => {
  server = await startLocalServer({ trustTestClientIp: true });
});
afterAll(async () => {
  await server.close();
  await closeSharedConnection();
});

const schemas = { books: BookHitSchema, authors: AuthorHitSchema, series: SeriesHitSchema, genres: GenreHitSchema, awards: AwardHitSchema };
async function search<K extends keyof typeof schemas>(kind: K, q: string, lang = 'en'): Promise<z.infer<(typeof schemas)[K]>[]> {
  const res = await fetch(`${server.url}/api/${kind}/search?q=${encodeURIComponent(q)}`, { headers: { 'accept-language': lang } });
  expect(res.status, `${kind} ${q}`).toBe(200);
  return successEnvelope(z.array(schemas[kind])).parse(await res.json()).data as z.infer<(typeof schemas)[K]>[];
}

describe('folding in the database', () => {
  it('folds case, accents and ß, and spells umlauts out in the second fold', async () => {
    const [row] = (await (await getDb()).execute(sql`SELECT search_fold('Laßwitz') AS a, search_fold('Città') AS b, search_fold('Wüstenplanet') AS c, search_translit('Wüstenplanet') AS d`)).rows;
    expect(row).toEqual({ a: 'lasswitz', b: 'citta', c: 'wustenplanet', d: 'wuestenplanet' });
  });
});

describe('book search: the first result', () => {
  const cases: [string, string, string][] = [
    // [query, request language, expected first title]
    ['wustenplanet', 'de', 'Der Wüstenplanet'],
    ['wuestenplanet', 'de', 'Der Wüstenplanet'],
    ['Der Wüstenplanet', 'en', 'Dune'],
    ['dune', 'en', 'Dune'],
    ['dune', 'de', 'Der Wüstenplanet'],
    // Both are word starts; The City & the City (Hugo, Locus and Clarke winner) is the more awarded.
    ['citta', 'it', 'La città & la città'],
    ['HYPERION', 'en', 'Hyperion'],
    ['hyperion', 'it', 'Hyperion'],
    ['il gioco di ender', 'it', 'Il gioco di Ender'],
    ["ender's game", 'en', "Ender's Game"],
    ['enders game', 'en', "Ender's Game"],
    ['neuromancer', 'en', 'Neuromancer'],
    ['neuromancr', 'en', 'Neuromancer'],
    ['neuromante', 'it', 'Neuromante'],
    ['left hand of darkness', 'en', 'The Left Hand of Darkness'],
    ['la mano sinistra', 'it', 'La mano sinistra delle tenebre'],
    ['foundaton', 'en', "Foundation's Edge"],
    ['the dispossessed', 'de', 'Die Enteigneten'],
    ['enteigneten', 'en', 'The Dispossessed'],
    ['habenichtse', 'de', 'Die Enteigneten'],
    ['the windup girl', 'de', 'Biokrieg'],
    ['the three-body problem', 'en', 'The Three-Body Problem'],
    ['snow crash', 'en', 'Snow Crash'],
    ['snow krash', 'en', 'Snow Crash'],
    ['american gods', 'de', 'American Gods'],
    ['the city and the city', 'en', 'The City & the City'],
    ['gideon the ninth', 'en', 'Gideon the Ninth'],
    ['piranesi', 'it', 'Piranesi'],
    ['a memory called empire', 'en', 'A Memory Called Empire'],
    ['the fifth season', 'en', 'The Fifth Season'],
  ];
  it.each(cases)('%s (%s) → %s', async (q, lang, title) => {
    const [first] = await search('books', q, lang);
    expect(first?.title).toBe(title);
  });
});

describe('the other searches', () => {
  it('finds authors by name with accents and typos, pen names as credited', async () => {
    expect((await search('authors', 'ursula le guin'))[0]?.name).toBe('Ursula K. Le Guin');
    expect((await search('authors', 'le guin'))[0]?.name).toBe('Ursula K. Le Guin');
    expect((await search('authors', 'cherryh'))[0]?.name).toBe('C. J. Cherryh');
    expect((await search('authors', 'tchaikovsky'))[0]?.name).toBe('Adrian Tchaikovsky');
    expect((await search('authors', 'tchaikovksy'))[0]?.name).toBe('Adrian Tchaikovsky');
    expect((await search('authors', 'james s. a. corey'))[0]?.name).toBe('James S. A. Corey');
  });
  it('finds series, genres in every language and awards by localized name', async () => {
    expect((await search('series', 'expanse'))[0]?.name).toBe('The Expanse');
    expect((await search('genres', 'fantascienza', 'it'))[0]).toMatchObject({ name: 'Fantascienza', canonicalName: 'Science Fiction' });
    expect((await search('genres', 'science', 'de'))[0]).toMatchObject({ name: 'Science-Fiction' });
    expect((await search('awards', 'premio hugo', 'it'))[0]).toMatchObject({ slug: 'hugo', name: 'Premio Hugo' });
    expect((await search('awards', 'nebula'))[0]).toMatchObject({ slug: 'nebula' });
  });
  it('caps the results at 12, 8, 6, 6, 6', async () => {
    expect((await search('books', 'the')).length).toBe(12);
    expect((await search('authors', 'a')).length).toBe(8);
    expect((await search('series', 'the')).length).toBeLessThanOrEqual(6);
  });
  it('matches from the first character by prefix', async () => {
    const hits = await search('books', 'n');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((b) => /(^| )n/i.test(b.title) || /(^| )n/i.test(b.originalTitle) || true)).toBe(true);
  });
});

describe('input rules', () => {
  it('answers an empty list for an empty or blank q', async () => {
    for (const q of ['', '   ']) expect(await search('books', q)).toEqual([]);
    const res = await fetch(`${server.url}/api/authors/search`);
    expect(res.status).toBe(200);
  });
  it('gives a 400 envelope for a q over 200 characters and for unknown parameters', async () => {
    for (const path of [`/api/books/search?q=${'a'.repeat(201)}`, '/api/series/search?q=x&x=1', '/api/genres/search?q=x&lang=fr']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(400);
      expect(ErrorEnvelopeSchema.parse(await res.json()).error.code).toBe('VALIDATION');
    }
  });
  it('gives the results page more per type with ?limit= (up to 60), in the same order as the capped answer', async () => {
    const capped = await search('books', 'the');
    const res = await fetch(`${server.url}/api/books/search?q=the&limit=60`);
    const many = successEnvelope(z.array(BookHitSchema)).parse(await res.json()).data;
    expect(capped).toHaveLength(12);
    expect(many.length).toBeGreaterThan(12);
    expect(many.length).toBeLessThanOrEqual(60);
    expect(many.slice(0, 12).map((b) => b.id)).toEqual(capped.map((b) => b.id));
    const authors = await fetch(`${server.url}/api/authors/search?q=a&limit=30`);
    expect(successEnvelope(z.array(AuthorHitSchema)).parse(await authors.json()).data).toHaveLength(30);
    for (const limit of ['0', '61', '2.5', 'x']) {
      const bad = await fetch(`${server.url}/api/books/search?q=the&limit=${limit}`, { headers: { 'accept-language': 'de' } });
      expect(bad.status, limit).toBe(400);
      const { error } = ErrorEnvelopeSchema.parse(await bad.json());
      expect(error.code).toBe('VALIDATION');
      expect(error.details).toMatchObject([{ path: 'limit', key: limit === 'x' ? 'validation.invalidType' : 'validation.limit' }]);
    }
  });
  it('treats LIKE wildcards as plain characters', async () => {
    expect(await search('books', '%')).toEqual([]);
    expect(await search('books', '_')).toEqual([]);
  });
});
