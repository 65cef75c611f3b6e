import { describe, expect, it } from 'vitest';
import { readApiDocument } from './openapi-document.ts';
import { curlLine, fieldsOf, operationsOf, schemaNamesOf, typeLabel, type DocumentNode } from './openapi-view.ts';

const doc = readApiDocument() as unknown as DocumentNode;

describe('the reference pages read the OpenAPI document', () => {
  it('lists every operation with its parameters, answers and a working example path', () => {
    const operations = operationsOf(doc);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual([
      'GET /api/v1/books',
      'GET /api/v1/books/{ref}',
      'GET /api/v1/authors',
      'GET /api/v1/authors/{ref}',
      'GET /api/v1/series',
      'GET /api/v1/series/{ref}',
      'GET /api/v1/genres',
      'GET /api/v1/genres/{ref}',
      'GET /api/v1/awards',
      'GET /api/v1/awards/{ref}',
    ]);
    const books = operations[0]!;
    expect(books.parameters.map((p) => p.name)).toEqual(['genre', 'minRating', 'sort', 'limit', 'cursor', 'lang']);
    expect(books.parameters.find((p) => p.name === 'limit')).toMatchObject({ type: 'integer (1-100)', default: '20', in: 'query', required: false });
    expect(books.parameters.find((p) => p.name === 'sort')?.type).toBe('"newest" | "oldest" | "title_asc" | "title_desc" | "rating"');
    expect(books.responses.find((r) => r.status === '200')?.schema).toBe('BooksPage');
    expect(books.responses.map((r) => r.status)).toEqual(['200', '304', '400', '429', '503']);
    expect(books.examplePath).toBe('/api/v1/books?limit=2&lang=de');
    const book = operations[1]!;
    expect(book.examplePath).toBe('/api/v1/books/dune?lang=de');
    expect(book.responses.find((r) => r.status === '200')?.schema).toBe('BookDetail');
    expect(book.responses.find((r) => r.status === '404')?.schema).toBe('Error');
  });

  it('lists the fields of a schema with readable types', () => {
    const fields = fieldsOf(doc, 'Book');
    expect(fields.find((f) => f.name === 'editions')).toMatchObject({ type: 'Edition[]', required: true });
    expect(fields.find((f) => f.name === 'year')?.type).toBe('integer | null');
    expect(fieldsOf(doc, 'BookDetail').find((f) => f.name === 'description')?.type).toBe('LocalizedText | null');
    expect(schemaNamesOf(doc)).toEqual(expect.arrayContaining(['Book', 'BookDetail', 'Edition', 'Author', 'AwardEntry', 'Error', 'BooksPage']));
    expect(schemaNamesOf(doc).some((n) => n.endsWith('Answer'))).toBe(false);
  });

  it('names types briefly', () => {
    expect(typeLabel({ anyOf: [{ $ref: '#/components/schemas/LocalizedText' }, { type: 'null' }] })).toBe('LocalizedText | null');
    expect(typeLabel({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeLabel({ type: 'array', items: { type: 'string' } })).toBe('string[]');
    expect(typeLabel({ const: true })).toBe('true');
    expect(typeLabel(undefined)).toBe('any');
  });

  it('writes a curl line', () => {
    expect(curlLine('https://example.org', '/api/v1/books?limit=2&lang=de')).toBe("curl -s 'https://example.org/api/v1/books?limit=2&lang=de'");
  });
});
