/**
 * Matching a row of an imported reading history to a catalogue book (issue 16 point 1), in this
 * order (the first that decides wins):
 * 1. ISBN-13, 2. ISBN-10 of one of the book's editions (any form typed: isbnPair normalizes both);
 * 3. the folded title (series parenthetical, subtitle and a leading article dropped) plus the
 *    author's surname; a title whose author is a known other name of the credited one (pen names)
 *    matches too; several books with title and surname: uncertain;
 * 4. fuzzy title (pg_trgm's similarity of trigram sets, src/domain/trigram.ts) among the books of
 *    authors with that surname: one clearly best above MATCH_FUZZY is matched, the others that
 *    pass CANDIDATE_FUZZY are candidates;
 * 5. otherwise the close titles of the author's books: uncertain (the reader picks among up to
 *    three); nothing: not in the catalogue. A book is only ever offered when it shares the row's
 *    author (issue 29 point 3: Stoll's The Cuckoo's Egg is never offered Cherryh's): the same writer
 *    by sameWriter() (surname with particles, first given name or its initial, either name order,
 *    the sorted form, pen names). A title by someone else is no candidate.
 * Pure: the texts come in already folded by PostgreSQL's search_fold() (lower case, accents
 * dropped, apostrophes dropped, ' & ' as ' and '), the fold every search uses; ISBNs as stored.
 */
import type { MatchKind, MatchVia } from '../enums.ts';
import { isbnPair } from './isbn.ts';
import { uniqueTrigrams } from '../trigram.ts';

/** Similarity from which a title by the same author is taken without asking. */
export const MATCH_FUZZY = 0.75;
/** Similarity from which a title is offered as a candidate. */
export const CANDIDATE_FUZZY = 0.45;
/** The best fuzzy match must lead the next by this much to be taken without asking. */
const FUZZY_LEAD = 0.1;
export const MAX_CANDIDATES = 3;


/** Articles dropped from the start of a title key (en, de, it: the catalogue's languages). */
export const LEADING_ARTICLES = ['the', 'a', 'an', 'der', 'die', 'das', 'ein', 'eine', 'il', 'lo', 'la', 'i', 'gli', 'le', 'l', 'un', 'una', 'uno'] as const;
const ARTICLE = new RegExp(`^(?:${LEADING_ARTICLES.join('|')}) `);

/** Name particles that belong to a surname ("Le Guin", "van Vogt", "de Camp", "von Harbou"). */
export const SURNAME_PARTICLES = ['van', 'von', 'de', 'der', 'den', 'del', 'della', 'di', 'da', 'du', 'le', 'la', 'ten', 'ter', 'st', 'saint', 'mac', 'al', 'el'] as const;
const PARTICLES: ReadonlySet<string> = new Set(SURNAME_PARTICLES);
/** Suffixes after a surname ("Walter M. Miller Jr."). */
const SUFFIXES: ReadonlySet<string> = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'phd']);

const words = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * The keys a folded title is found by: without a series parenthetical ("(Dune #1)", "[Foundation 1]"),
 * the whole title and the title before a subtitle (":", " - "), each also without a leading article.
 * @example titleKeys('the left hand of darkness (hainish cycle, #4)') // ['the left hand of darkness', 'left hand of darkness']
 * @example titleKeys('dune: deluxe edition') // ['dune deluxe edition', 'dune']
 */
export function titleKeys(folded: string): string[] {
  const noSeries = folded.replace(/\s*[([{][^)\]}]*[)\]}]/g, ' ');
  const full = words(noSeries);
  const main = words(noSeries.split(/\s*[:;]\s*|\s+[-–—]\s+/)[0] ?? '');
  const keys = [full, main, full.replace(ARTICLE, ''), main.replace(ARTICLE, '')].filter((k) => k !== '');
  return [...new Set(keys)];
}

const compact = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The keys a folded author name is found by: the surname, with its particles ("leguin" for
 * "Ursula K. Le Guin" and "Le Guin, Ursula K."), written without spaces, and its last word alone.
 * "Sorted" names (with a comma) give what stands before the comma; initials never count.
 * @example surnameKeys('j.r.r. tolkien') // ['tolkien']
 * @example surnameKeys('le guin, ursula k.') // ['leguin', 'guin']
 */
export function surnameKeys(folded: string): string[] {
  const text = folded.trim();
  if (text === '') return [];
  let parts: string[];
  if (text.includes(',')) {
    parts = words(text.split(',')[0]!).split(' ').filter(Boolean);
  } else {
    const all = words(text.replace(/\./g, '. ')).split(' ').filter(Boolean);
    while (all.length > 1 && SUFFIXES.has(all[all.length - 1]!)) all.pop();
    let start = all.length - 1;
    while (start > 0 && PARTICLES.has(all[start - 1]!) && start - 1 > 0) start--;
    parts = all.slice(Math.max(start, 0));
  }
  while (parts.length > 1 && SUFFIXES.has(parts[parts.length - 1]!)) parts.pop();
  if (parts.length === 0) return [];
  const keys = [compact(parts.join(' ')), compact(parts[parts.length - 1]!)].filter((k) => k.length > 1);
  return [...new Set(keys)];
}

/**
 * Pen names: the credited names of one person (or one joint pen name and its writers), as the seed
 * data's corrections record them (db/seed/data/corrections.md) and as other catalogues credit the
 * same books. The catalogue keeps one credited name per book (no alias table); this list lets an
 * import that credits the other name still match.
 */
export const PEN_NAME_GROUPS: readonly (readonly string[])[] = [
  ['Robin Hobb', 'Megan Lindholm', 'Margaret Astrid Lindholm Ogden'],
  ['T. Kingfisher', 'Ursula Vernon'],
  ['James S. A. Corey', 'Daniel Abraham', 'Ty Franck'],
  ['M. A. Carrick', 'Marie Brennan', 'Alyc Helms'],
  ['Iain M. Banks', 'Iain Banks'],
  ['Vercors', 'Jean Bruller'],
  ['Richard Cowper', 'John Middleton Murry'],
  ['Kathleen Tierney', 'Caitlín R. Kiernan'],
  ['Minister Faust', 'Malcolm Azania'],
  ['Daniel Fox', 'Chaz Brenchley'],
  ['William Heaney', 'Graham Joyce'],
  ['S. Morgenstern', 'William Goldman'],
  ['Mira Grant', 'Seanan McGuire'],
  ['Richard Bachman', 'Stephen King'],
  ['James Tiptree Jr.', 'Alice B. Sheldon', 'Raccoona Sheldon'],
  ['Cordwainer Smith', 'Paul Linebarger'],
  ['Lewis Padgett', 'Henry Kuttner', 'C. L. Moore'],
  ['John Wyndham', 'John Beynon Harris', 'John Beynon'],
  ['Robert Galbraith', 'J. K. Rowling'],
  ['K. J. Parker', 'Tom Holt'],
];

/** A name as a pen-name key: accents and everything but letters dropped, lower case. */
const personKey = (name: string) => compact(name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());

const GROUP_OF: ReadonlyMap<string, number> = new Map(PEN_NAME_GROUPS.flatMap((group, i) => group.map((name) => [personKey(name), i] as [string, number])));

/**
 * Whether two names are the same writer under different names (a pen-name group holds both).
 * @example isPenNameOf('Megan Lindholm', 'Robin Hobb') // true
 */
export function isPenNameOf(a: string, b: string): boolean {
  const ga = GROUP_OF.get(personKey(a));
  return ga !== undefined && ga === GROUP_OF.get(personKey(b)) && personKey(a) !== personKey(b);
}

/** The other names of a writer (empty for a name in no group). */
export function otherNamesOf(name: string): string[] {
  const group = GROUP_OF.get(personKey(name));
  return group === undefined ? [] : PEN_NAME_GROUPS[group]!.filter((n) => personKey(n) !== personKey(name));
}

/** A folded name's tokens ("j.r.r. tolkien" → j, r, r, tolkien), suffixes dropped. */
function nameTokens(folded: string): string[] {
  const all = words(folded.replace(/\./g, '. ')).split(' ').filter(Boolean);
  while (all.length > 1 && SUFFIXES.has(all[all.length - 1]!)) all.pop();
  return all;
}

/** The first letter of the given names of a folded name ("le guin, ursula k." → u; "frank herbert" → f), or null (one name only). */
function givenInitial(folded: string): string | null {
  const text = folded.trim();
  if (text.includes(',')) {
    const given = nameTokens(text.split(',').slice(1).join(' ')).filter((t) => !SUFFIXES.has(t));
    return given[0]?.[0] ?? null;
  }
  const tokens = nameTokens(text);
  const surnameLength = (surnameKeys(text)[0] ?? '').length;
  // Tokens before the surname (with its particles) are the given names.
  let used = 0;
  let end = tokens.length;
  while (end > 0 && used < surnameLength) used += tokens[--end]!.length;
  return end > 0 ? tokens[0]![0]! : null;
}

/**
 * Whether a row's author and a catalogue author are the same writer (issue 29 point 3): the same
 * surname (with its particles) and, where both give one, the same first given name or initial
 * ("H. G. Wells" is "Herbert George Wells", "Brian Herbert" is not "Frank Herbert"); or the same
 * names in another order ("Liu Cixin" and "Cixin Liu"); or another name of the writer (pen names).
 * `rowNames` are the row's folded forms ("ursula k. le guin", "le guin, ursula k.").
 * @example sameWriter(['h. g. wells'], 'H. G. Wells', { name: 'H. G. Wells', nameFold: 'h. g. wells', sortNameFold: 'wells, h. g.' }) // true
 */
export function sameWriter(rowNames: readonly string[], rowAuthor: string, author: MatchAuthor): boolean {
  if (rowAuthor !== '' && isPenNameOf(rowAuthor, author.name)) return true;
  const theirs = [author.nameFold, author.sortNameFold].filter((n) => n.trim() !== '');
  for (const mine of rowNames) {
    if (mine.trim() === '') continue;
    const mineTokens = nameTokens(mine.replace(',', ' ')).sort().join(' ');
    for (const other of theirs) {
      if (mineTokens !== '' && mineTokens === nameTokens(other.replace(',', ' ')).sort().join(' ')) return true;
      const surnames = surnameKeys(other);
      if (!surnameKeys(mine).some((k) => surnames.includes(k))) continue;
      const [a, b] = [givenInitial(mine), givenInitial(other)];
      if (a === null || b === null || a === b) return true;
    }
  }
  return false;
}

/**
 * pg_trgm's `similarity()`: shared trigrams over all trigrams of the two texts.
 * @example titleSimilarity('the left hand of darkness', 'left hand of darknes') // > 0.75
 */
export function titleSimilarity(a: string, b: string): number {
  const ta = uniqueTrigrams(a);
  const tb = uniqueTrigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  const all = ta.size + tb.size - shared;
  return all === 0 ? 0 : shared / all;
}

// ---------------------------------------------------------------------------------------------------

export interface MatchAuthor {
  /** As credited, for pen names. */
  name: string;
  nameFold: string;
  sortNameFold: string;
}

export interface MatchEdition {
  id: number;
  titleFold: string;
  isbn: string | null;
  isPrimary: boolean;
}

/** A catalogue book as the matcher sees it (db/queries/open-data/import-jobs.ts reads them in one statement). */
export interface MatchBook {
  id: number;
  authors: MatchAuthor[];
  editions: MatchEdition[];
  /** Other titles of the work (serial, UK/US, working titles), folded. */
  altTitleFolds: string[];
}

/** What the matcher needs of one imported row. */
export interface MatchQuery {
  isbn10: string | null;
  isbn13: string | null;
  titleFold: string;
  /** The first author as written (for pen names) and folded; the sorted form ("Le Guin, Ursula K.") where the file has it. */
  author: string;
  authorFold: string;
  authorSortedFold: string | null;
}

export interface Candidate {
  bookId: number;
  editionId: number | null;
  /** 1 for a title match, else the title similarity. */
  score: number;
}

export interface MatchResult {
  kind: MatchKind;
  via: MatchVia | null;
  bookId: number | null;
  editionId: number | null;
  /** Uncertain: up to three, best first. */
  candidates: Candidate[];
}

interface TitleEntry {
  key: string;
  bookId: number;
  editionId: number | null;
}

const UNMATCHED: MatchResult = { kind: 'unmatched', via: null, bookId: null, editionId: null, candidates: [] };

/**
 * The catalogue's lookup structures, built once per import: editions by ISBN, books by title key and
 * by author surname (no row scans the whole catalogue).
 */
export class ImportMatcher {
  private readonly books = new Map<number, MatchBook>();
  private readonly byIsbn13 = new Map<string, { bookId: number; editionId: number }>();
  private readonly byIsbn10 = new Map<string, { bookId: number; editionId: number }>();
  private readonly byKey = new Map<string, TitleEntry[]>();
  private readonly bySurname = new Map<string, Set<number>>();

  constructor(books: readonly MatchBook[]) {
    for (const book of books) {
      this.books.set(book.id, book);
      for (const edition of book.editions) {
        const { isbn10, isbn13 } = isbnPair(edition.isbn);
        if (isbn13 && !this.byIsbn13.has(isbn13)) this.byIsbn13.set(isbn13, { bookId: book.id, editionId: edition.id });
        if (isbn10 && !this.byIsbn10.has(isbn10)) this.byIsbn10.set(isbn10, { bookId: book.id, editionId: edition.id });
      }
      const titles: { fold: string; editionId: number | null }[] = [
        ...book.editions.map((e) => ({ fold: e.titleFold, editionId: e.id })),
        ...book.altTitleFolds.map((fold) => ({ fold, editionId: null })),
      ];
      for (const { fold, editionId } of titles) {
        for (const key of titleKeys(fold)) {
          const list = this.byKey.get(key) ?? [];
          if (!list.some((e) => e.bookId === book.id)) list.push({ key, bookId: book.id, editionId });
          this.byKey.set(key, list);
        }
      }
      for (const author of book.authors) {
        for (const key of [...surnameKeys(author.sortNameFold), ...surnameKeys(author.nameFold)]) {
          const set = this.bySurname.get(key) ?? new Set<number>();
          set.add(book.id);
          this.bySurname.set(key, set);
        }
      }
    }
  }

  /** The best match of one row (see the module comment for the order). */
  match(query: MatchQuery): MatchResult {
    const isbn = (query.isbn13 && this.byIsbn13.get(query.isbn13)) || null;
    if (isbn) return { kind: 'matched', via: 'isbn13', ...isbn, candidates: [] };
    const isbn10 = (query.isbn10 && this.byIsbn10.get(query.isbn10)) || null;
    if (isbn10) return { kind: 'matched', via: 'isbn10', ...isbn10, candidates: [] };

    const keys = titleKeys(query.titleFold);
    if (keys.length === 0) return UNMATCHED;
    const rowNames = [query.authorFold, ...(query.authorSortedFold ? [query.authorSortedFold] : [])];
    // Looked up broadly (every word of the name: "Liu Cixin" written surname first), kept strictly (sameWriter).
    const surnames = new Set([...(query.authorSortedFold ? surnameKeys(query.authorSortedFold) : []), ...surnameKeys(query.authorFold), ...nameTokens(query.authorFold).filter((t) => t.length > 1)]);
    const byAuthor = (bookId: number) => this.books.get(bookId)!.authors.some((a) => !isPenNameOf(query.author, a.name) && sameWriter(rowNames, query.author, a));
    const byPenName = (bookId: number) => query.author !== '' && this.books.get(bookId)!.authors.some((a) => isPenNameOf(query.author, a.name));

    // 3. Title keys: the whole title's key first, then the shorter ones.
    const titled: TitleEntry[] = [];
    for (const key of keys) for (const entry of this.byKey.get(key) ?? []) if (!titled.some((t) => t.bookId === entry.bookId)) titled.push(entry);
    const sameAuthor = titled.filter((t) => byAuthor(t.bookId));
    if (sameAuthor.length === 1) return this.matched('title', sameAuthor[0]!, keys);
    if (sameAuthor.length > 1) return this.uncertain(sameAuthor.map((t) => ({ bookId: t.bookId, editionId: this.editionFor(t, keys), score: 1 })));
    const penNamed = titled.filter((t) => byPenName(t.bookId));
    if (penNamed.length === 1) return this.matched('penName', penNamed[0]!, keys);

    // 4. Fuzzy title among the books of authors with that surname (or another name of the author).
    const authorBooks = new Set<number>();
    for (const s of surnames) for (const id of this.bySurname.get(s) ?? []) authorBooks.add(id);
    for (const other of otherNamesOf(query.author)) for (const s of surnameKeys(other.toLowerCase())) for (const id of this.bySurname.get(s) ?? []) authorBooks.add(id);
    const main = keys[keys.length > 1 ? 1 : 0]!;
    const scored: Candidate[] = [];
    for (const bookId of authorBooks) {
      let best: Candidate | null = null;
      for (const entry of this.entriesOf(bookId)) {
        const score = Math.max(titleSimilarity(keys[0]!, entry.key), titleSimilarity(main, entry.key));
        if (!best || score > best.score) best = { bookId, editionId: this.editionFor(entry, keys), score };
      }
      if (best && best.score >= CANDIDATE_FUZZY && (byAuthor(bookId) || byPenName(bookId))) scored.push(best);
    }
    scored.sort((a, b) => b.score - a.score || a.bookId - b.bookId);
    if (scored.length > 0 && scored[0]!.score >= MATCH_FUZZY && (scored.length === 1 || scored[0]!.score - scored[1]!.score >= FUZZY_LEAD)) {
      return { kind: 'matched', via: 'fuzzy', bookId: scored[0]!.bookId, editionId: scored[0]!.editionId, candidates: [] };
    }
    // 5. Uncertain: the author's books under other names, then their close titles. Never a book by
    // someone else (issue 29 point 3), however close its title.
    const offered: Candidate[] = [...penNamed.map((t) => ({ bookId: t.bookId, editionId: this.editionFor(t, keys), score: 1 })), ...scored];
    return offered.length > 0 ? this.uncertain(offered) : UNMATCHED;
  }

  private matched(via: MatchVia, entry: TitleEntry, keys: string[]): MatchResult {
    return { kind: 'matched', via, bookId: entry.bookId, editionId: this.editionFor(entry, keys), candidates: [] };
  }

  private uncertain(candidates: Candidate[]): MatchResult {
    const seen = new Set<number>();
    const unique = candidates.filter((c) => !seen.has(c.bookId) && seen.add(c.bookId));
    unique.sort((a, b) => b.score - a.score || a.bookId - b.bookId);
    return { kind: 'uncertain', via: null, bookId: null, editionId: null, candidates: unique.slice(0, MAX_CANDIDATES) };
  }

  /** The edition a title names: the one whose title gave the key (the whole title's key first), else the primary. */
  private editionFor(entry: TitleEntry, keys: string[]): number | null {
    const book = this.books.get(entry.bookId)!;
    for (const key of keys) {
      const edition = book.editions.find((e) => titleKeys(e.titleFold).includes(key));
      if (edition) return edition.id;
    }
    return entry.editionId ?? book.editions.find((e) => e.isPrimary)?.id ?? book.editions[0]?.id ?? null;
  }

  private entriesOf(bookId: number): TitleEntry[] {
    const book = this.books.get(bookId)!;
    return [...book.editions.map((e) => e.titleFold), ...book.altTitleFolds].flatMap((fold) => titleKeys(fold).map((key) => ({ key, bookId, editionId: null })));
  }
}
