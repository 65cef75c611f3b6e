/**
 * A whole edition as the API sends it (src/domain/schemas/edition.ts), for the unit tests of the
 * islands that show editions (the editions manager, the edition selector): Dune's English hardcover
 * first edition unless overridden, each call with a new id.
 */
import type { Edition } from '../../src/domain/schemas/edition.ts';

let nextId = 1;

export const anEdition = (overrides: Partial<Edition> = {}): Edition => ({
  id: nextId++,
  bookId: 1,
  title: 'Dune',
  description: null,
  coverImage: null,
  publicationYear: 1965,
  pages: 412,
  isbn: null,
  asin: null,
  publisher: 'Chilton',
  isPrimaryEdition: true,
  editionType: 'original',
  formatType: 'physical',
  bindingType: 'hardcover',
  languageCode: 'en',
  languageName: 'English',
  translator: null,
  isOriginalLanguage: true,
  price: null,
  currency: null,
  ...overrides,
});
