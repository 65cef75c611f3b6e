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

  it("gives an original-language edition without publisher and year the work's first-edition facts", () => {
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

  it('never mixes one edition\'s facts with another\'s (issue 29 point 5)', () => {
    // The German Dune without publisher and year: none, not the American first edition's.
    const bareGerman = edition({ ...german, id: nextId++, publisher: null, publicationYear: null, pages: null });
    expect(editionView(dune, [english, bareGerman], { selectedId: null, interfaceLanguage: 'de' })).toMatchObject({
      editionId: bareGerman.id,
      publisher: null,
      year: null,
      publicationDate: null,
      pages: null,
    });
    // The Italian Left Hand of Darkness with its year and no publisher: its year alone, not Ace Books.
    const leGuin: ViewableBook = { title: 'The Left Hand of Darkness', coverImage: null, publicationDate: null, publicationYear: 1969, publisher: 'Ace Books', pages: 286 };
    const italian = edition({ title: 'La mano sinistra delle tenebre', languageCode: 'it', languageName: 'Italiano', isOriginalLanguage: false, isPrimaryEdition: false, publicationYear: 2003 });
    expect(editionView(leGuin, [edition({ title: 'The Left Hand of Darkness' }), italian], { selectedId: null, interfaceLanguage: 'it' })).toMatchObject({
      publisher: null,
      year: 2003,
      pages: null,
    });
    // An original-language reprint with its publisher keeps its own facts only.
    const reprint = edition({ publisher: 'Ace Books', isPrimaryEdition: false });
    expect(editionView(dune, [reprint], { selectedId: reprint.id, interfaceLanguage: 'en' })).toMatchObject({ publisher: 'Ace Books', year: null, publicationDate: null, pages: null });
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
