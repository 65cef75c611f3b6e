/**
 * What the pop-up shows of the chosen edition (spec §2 "edition switcher", §4 "Edition auto-choice";
 * issue 12 point 3: choosing an edition switches cover, title, publisher, pages, year, ISBN,
 * translator and language in place). The choice itself is chooseEdition() (the one rule); this only
 * says which fields come from the edition and which fall back to the work.
 */
import { chooseEdition, type ChoosableEdition } from '../choose-edition.ts';

/** The edition fields the view reads (spec §3 Edition). */
export interface ViewableEdition extends ChoosableEdition {
  readonly id: number;
  readonly title: string;
  readonly coverImage: string | null;
  readonly publicationYear: number | null;
  readonly publisher: string | null;
  readonly pages: number | null;
  readonly isbn: string | null;
  readonly asin: string | null;
  readonly translator: string | null;
  readonly languageCode: string;
  readonly languageName: string;
}

/** The work's own fields, shown where an edition has none (spec §3 Book). */
export interface ViewableBook {
  readonly title: string;
  readonly coverImage: string | null;
  readonly publicationDate: string | null;
  readonly publicationYear: number | null;
  readonly publisher: string | null;
  readonly pages: number | null;
}

export interface EditionView {
  /** The edition shown, null when the book has none recorded. */
  editionId: number | null;
  title: string;
  coverImage: string | null;
  /** Spec §2 'publication date or year': the work's full date only while no edition year replaces it. */
  publicationDate: string | null;
  year: number | null;
  publisher: string | null;
  pages: number | null;
  isbn: string | null;
  asin: string | null;
  translator: string | null;
  languageCode: string | null;
  languageName: string | null;
}

/**
 * The view of a book in its chosen edition: selected, else interface language, original language,
 * primary, first (chooseEdition); the edition's own values, the work's cover and title filling the gaps,
 * and its publisher, year and pages only for an original-language edition without its own.
 * @example editionView(book, editions, { selectedId: null, interfaceLanguage: 'de' }).title // 'Der Wüstenplanet'
 */
export function editionView(
  book: ViewableBook,
  editions: readonly ViewableEdition[],
  opts: { selectedId: number | null; interfaceLanguage: string },
): EditionView {
  const edition = chooseEdition(editions, opts);
  if (!edition) {
    return {
      editionId: null,
      title: book.title,
      coverImage: book.coverImage,
      publicationDate: book.publicationDate,
      year: book.publicationYear,
      publisher: book.publisher,
      pages: book.pages,
      isbn: null,
      asin: null,
      translator: null,
      languageCode: null,
      languageName: null,
    };
  }
  // Publisher, year and pages are facts of one edition (issue 29 point 5: the German Dune showed the
  // American first edition's "Chilton Company, 1965"). The work's own facts are its first edition's,
  // so they stand in only for an original-language edition that records neither publisher nor year;
  // any other edition shows its own, or nothing.
  const firstEdition = edition.isOriginalLanguage && edition.publisher === null && edition.publicationYear === null;
  return {
    editionId: edition.id,
    title: edition.title.trim() || book.title,
    coverImage: edition.coverImage ?? book.coverImage,
    publicationDate: firstEdition ? book.publicationDate : null,
    year: firstEdition ? book.publicationYear : edition.publicationYear,
    publisher: firstEdition ? book.publisher : edition.publisher,
    pages: edition.pages ?? (firstEdition ? book.pages : null),
    isbn: edition.isbn,
    asin: edition.asin,
    translator: edition.translator,
    languageCode: edition.languageCode,
    languageName: edition.languageName,
  };
}
