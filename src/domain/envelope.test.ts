import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { detailsFromZod } from './envelope.ts';
import { editionInputSchema } from './schemas/edition.ts';

const detailsOf = (schema: z.ZodType, value: unknown) => detailsFromZod(schema.safeParse(value).error?.issues ?? []);

describe('detailsFromZod', () => {
  it('names a field once when several of its checks fail with the same message (issue 29 point 26)', () => {
    // 'd' is too short and off the pattern: both checks say validation.edition.languageCode.
    expect(detailsOf(editionInputSchema(2031), { title: 'Dune', languageCode: 'd' })).toEqual([{ path: 'languageCode', key: 'validation.edition.languageCode' }]);
  });

  it('keeps different messages of one field and the same message of different fields', () => {
    const schema = z.object({ a: z.string().min(3, 'validation.a.short').regex(/^x/, 'validation.a.x'), b: z.string().min(3, 'validation.a.short') });
    expect(detailsOf(schema, { a: 'y', b: 'y' })).toEqual([
      { path: 'a', key: 'validation.a.short' },
      { path: 'a', key: 'validation.a.x' },
      { path: 'b', key: 'validation.a.short' },
    ]);
  });

  it('gives the edition year its {max} whatever the year is: out of range, a string, null (issue 29 point 26)', () => {
    for (const publicationYear of [1799, 2032, 1999.5, 'abc', '1967', null, true]) {
      expect(detailsOf(editionInputSchema(2031), { title: 'Dune', publicationYear }), String(publicationYear)).toEqual([
        { path: 'publicationYear', key: 'validation.edition.year', params: { max: 2031 } },
      ]);
    }
    expect(editionInputSchema(2031).parse({ title: 'Dune', publicationYear: 1965 }).publicationYear).toBe(1965);
  });
});
