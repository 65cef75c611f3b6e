import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { closeSharedConnection } from '../../db/client.ts';
import { ErrorEnvelopeSchema, successEnvelope } from '../../src/domain/envelope.ts';
import { EditionSchema } from '../../src/domain/schemas/edition.ts';
import { startLocalServer, type LocalServer } from '../../scripts/local-server.ts';

const EditionsEnvelope = successEnvelope(z.array(EditionSchema));
let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer({ trustTestClientIp: true });
});
afterAll(async () => {
  await server.close();
  await closeSharedConnection();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

describe('GET /api/books/{id}/editions', () => {
  it('lists Dune with its original English primary edition first and its German edition', async () => {
    const res = await get('/api/books/dune/editions');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = EditionsEnvelope.parse(await res.json());
    const [primary, ...others] = body.data;
    expect(primary).toMatchObject({ title: 'Dune', isPrimaryEdition: true, editionType: 'original', languageCode: 'en', isOriginalLanguage: true });
    expect(others).toContainEqual(expect.objectContaining({ title: 'Der Wüstenplanet', languageCode: 'de', languageName: 'Deutsch', isOriginalLanguage: false }));
  });

  it('answers the same for the numeric id as for the slug', async () => {
    const bySlug = EditionsEnvelope.parse(await (await get('/api/books/dune/editions')).json());
    const bookId = bySlug.data[0]!.bookId;
    const byId = EditionsEnvelope.parse(await (await get(`/api/books/${bookId}/editions`)).json());
    expect(byId.data).toEqual(bySlug.data);
  });

  it('keeps both German titles of The Dispossessed as separate editions', async () => {
    const body = EditionsEnvelope.parse(await (await get('/api/books/the-dispossessed/editions')).json());
    expect(body.data.filter((e) => e.languageCode === 'de').map((e) => e.title).sort()).toEqual(['Die Enteigneten', 'Planet der Habenichtse']);
  });

  it('gives a localized 404 envelope for an unknown book', async () => {
    const res = await get('/api/books/no-such-book-anywhere/editions', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(res.status).toBe(404);
    const body = ErrorEnvelopeSchema.parse(await res.json());
    expect(body.error.code).toBe('NOT_FOUND');
    expect(res.headers.get('content-language')).toBe('de');
    expect(body.error.message).toBe('Buch nicht gefunden.');
  });

  it('answers in the language of Accept-Language, falling back to English', async () => {
    const message = async (lang: string) =>
      ErrorEnvelopeSchema.parse(await (await get('/api/books/no-such-book-anywhere/editions', { 'accept-language': lang })).json()).error.message;
    expect(await message('it-IT,it;q=0.9')).toBe('Libro non trovato.');
    expect(await message('en-GB')).toBe('Book not found.');
    expect(await message('fr-FR')).toBe('Book not found.');
  });

  it('rejects a malformed reference with a 400 envelope, not a 500', async () => {
    for (const ref of ['Dune!', '-1', 'du ne', 'dune--x', 'a'.repeat(300)]) {
      const res = await get(`/api/books/${encodeURIComponent(ref)}/editions`);
      expect(res.status, ref).toBe(400);
      expect(ErrorEnvelopeSchema.parse(await res.json()).error.code).toBe('VALIDATION');
    }
  });

  it('answers 405 with Allow for a method the endpoint does not have', async () => {
    const res = await fetch(`${server.url}/api/books/dune/editions`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(ErrorEnvelopeSchema.parse(await res.json()).success).toBe(false);
  });
});
