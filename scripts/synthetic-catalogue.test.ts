import { describe, expect, it } from 'vitest';
import { SeedBookSchema } from '../db/seed/seed-data.ts';
import { generateSyntheticCatalogue, prng } from './synthetic-catalogue.ts';

const awards = [{ key: 'hugo', name: 'Hugo Award', names: { en: 'Hugo', de: 'Hugo', it: 'Hugo' }, about: { en: '', de: '', it: '' }, categories: [{ key: 'best-novel', name: { en: 'Best Novel', de: 'Bester Roman', it: 'Miglior romanzo' } }] }];

describe('synthetic catalogue', () => {
  it('is the same for the same seed and differs for another', () => {
    const a = generateSyntheticCatalogue(200, 7, { awards });
    expect(generateSyntheticCatalogue(200, 7, { awards })).toEqual(a);
    expect(generateSyntheticCatalogue(200, 8, { awards }).books[0]).not.toEqual(a.books[0]);
    expect(prng(1)()).toBe(prng(1)());
  });

  it('has the requested size, valid seed shapes and keys that never collide with the real catalogue', () => {
    const data = generateSyntheticCatalogue(300, 42, { awards });
    expect(data.books).toHaveLength(300);
    expect(data.authors).toHaveLength(100);
    for (const book of data.books) expect(SeedBookSchema.parse(book).key).toMatch(/^synthetic-book-\d+$/);
    const authorKeys = new Set(data.authors.map((a) => a.key));
    expect(data.books.every((b) => b.authorKeys.every((k) => authorKeys.has(k)))).toBe(true);
  });
});
