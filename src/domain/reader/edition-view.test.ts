import { describe, expect, it } from 'vitest';
import { editionView, type ViewableBook, type ViewableEdition } from './edition-view.ts';

const dune: ViewableBook = {
  title: 'Dune',
  coverImage: '/covers/dune.jpg',
  publicationDate: '1965-08-01',
  publicationYear: 1965,
  publisher: 'Chilton Books',
  pages: 412,
};

let nextId = 1;
const edition = (overrides: Partial<ViewableEdition> = {}): ViewableEdition => ({
  id: nextId++,
  title: 'Dune',
  coverImage: null,
  publicationYear: null,
  publisher: null,
  pages: null,
  isbn: null,
  asin: null,
  translator: null,
  languageCode: 'en',
  languageName: 'English',
  isOriginalLanguage: true,
  isPrimaryEdition: true,
  ...overrides,
});

const english = edition({ publicationYear: 1965, publisher: 'Chilton Books', pages: 412, isbn: '9780801950773' });
const german = edition({
  title: 'Der Wüstenplanet',
  coverImage: '/covers/wuestenplanet.jpg',
  publicationYear: 1967,
  publisher: 'Heyne',
  pages: 560,
  isbn: '9783453317178',
  translator: 'Jakob Schmidt',
  languageCode: 'de',
  languageName: 'Deutsch',
  isOriginalLanguage: false,
  isPrimaryEdition: false,
});

describe('editionView', () => {
  it('shows the edition in the interface language first (spec §4 auto-choice)', () => {
    expect(editionView(dune, [english, german], { selectedId: null, interfaceLanguage: 'de' })).toMatchObject({
      editionId: german.id,
      title: 'Der Wüstenplanet',
      languageCode: 'de',
    });
  });

  it('switches cover, title, publisher, pages, year, ISBN, translator and language to the selected edition', () => {
    expect(editionView(dune, [english, german], { selectedId: german.id, interfaceLanguage: 'en' })).toEqual({
      editionId: german.id,
      title: 'Der Wüstenplanet',
      coverImage: '/covers/wuestenplanet.jpg',
      publicationDate: null,
      year: 1967,
      publisher: 'Heyne',
      pages: 560,
      isbn: '9783453317178',
      asin: null,
      translator: 'Jakob Schmidt',
      languageCode: 'de',
      languageName: 'Deutsch',
    });
  });

  it("fills an edition's gaps from the work, the full date only when the edition has no year", () => {
    const bare = edition({ title: ' ', isPrimaryEdition: false });
    expect(editionView(dune, [bare], { selectedId: bare.id, interfaceLanguage: 'en' })).toMatchObject({
      title: 'Dune',
      coverImage: '/covers/dune.jpg',
      publicationDate: '1965-08-01',
      year: 1965,
      publisher: 'Chilton Books',
      pages: 412,
    });
  });

  it('shows the work itself when no edition is recorded', () => {
    expect(editionView(dune, [], { selectedId: null, interfaceLanguage: 'it' })).toMatchObject({
      editionId: null,
      title: 'Dune',
      publicationDate: '1965-08-01',
      isbn: null,
      languageCode: null,
    });
  });
});
