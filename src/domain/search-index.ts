/**
 * The typeahead search over an in-memory copy of the catalogue (issue 10: reads under load), with
 * the rules of the SQL in db/queries/search.ts, which stays the reference (tests/integration/
 * search-index.test.ts compares the two over thousands of queries):
 * - the query is folded as search_fold() does (a map of characters learned from PostgreSQL at load
 *   time, then ' & ' → ' and ' and apostrophes dropped); a character the map does not know makes
 *   `fold` answer null, and the caller asks PostgreSQL instead;
 * - tiers: 0 exact, 1 prefix, 2 word start (after a space), 3 infix (from 3 characters), 4 fuzzy
 *   (from 4: pg_trgm word similarity ≥ the threshold, src/domain/trigram.ts), of the fold or the
 *   transliterated fold; below 3 characters only prefixes of either fold and word starts of the
 *   fold match (the SQL's `matches()`). Books, authors and series follow search-ranking.ts (issue 29
 *   point 10): books are found by their authors' and series' names too, and the fuzzy tier only
 *   when fewer than three matched better, with close names only. Genres and awards keep infix and
 *   fuzzy in one tier 3, by similarity;
 * - order: tier, then word similarity for the fuzzy tier, then popularity, then the name's rank in
 *   the database's order (ranks computed by PostgreSQL at load: `ORDER BY title` there), then id.
 * Candidates come from small indexes built once (sorted word starts, substring and trigram
 * postings), never from a scan of every name.
 */
import type { Locale } from './enums.ts';
import { FUZZY_MIN_LENGTH, SEARCH_CAPS, type SearchKind } from './search-query.ts';
import { FUZZY_TIER, isCloseMatch, NAME_MATCH_MIN_LENGTH, NAME_MATCH_TIER, wantsFuzzy } from './search-ranking.ts';
import { TrigramDictionary } from './trigram.ts';

/** Below this query length only prefixes and word starts match (search.ts). */
export const INFIX_MIN_LENGTH = 3;

export interface Folds {
  fold: string;
  translit: string;
}

/** One searchable text of an owner (a book's edition title, an author's name, a genre's name in one language). */
interface Text extends Folds {
  owner: number;
}

export interface MatchOptions {
  /** Tiers apart for contained and similar texts, the typo tier gated and kept only when close (search-ranking.ts). */
  strict?: boolean;
  /** Owners matched by something else, with their tier (a book by its author's or series' name). */
  seeds?: ReadonlyMap<number, number>;
  /** Owners similar by something else, asked only when the typo tier is (a book by its author's name with a typo). */
  similarSeeds?: () => ReadonlyMap<number, SimilarOwner>;
}

/** An owner with similar texts: the greatest word similarity, and the texts' folds (whether one is close is decided last, search-ranking.ts). */
export interface SimilarOwner {
  sim: number;
  names: string[];
}

export interface MatchedOwner {
  owner: number;
  tier: number;
  /** Greatest word similarity of a typo-tier text (float4), 0 when none. */
  sim: number;
}

/**
 * The query fold of search_fold(): lower(unaccent(c)) per character from `charMap`, then ' & ' read
 * as ' and ', then apostrophes dropped. Null when a character is not in the map.
 */
export function createFolder(charMap: ReadonlyMap<string, string>): (query: string) => string | null {
  return (query) => {
    let out = '';
    for (const c of query) {
      const mapped = charMap.get(c);
      if (mapped === undefined) return null;
      out += mapped;
    }
    return out.replaceAll(' & ', ' and ').replace(/['’`´]/g, '');
  };
}

function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The texts of one kind (edition titles, author names ...) with their lookup structures: sorted
 * prefixes (every word start of the fold, the start of the transliteration), postings of every
 * three-character substring, and every fold and transliteration as pg_trgm trigrams (numbered) with
 * their postings.
 */
export class TextIndex {
  private readonly texts: Text[];
  private readonly startKeys: string[] = [];
  private readonly startTexts: number[] = [];
  private readonly substrings = new Map<string, number[]>();
  private readonly dictionary = new TrigramDictionary();
  /** Trigrams of the fold (2·i) and the transliteration (2·i+1) of text i. */
  private readonly encoded: Int32Array[] = [];
  /** Trigram id → ids (2·i+side) of the folds and transliterations that contain it. */
  private readonly postings: number[][] = [];
  private readonly counts: Uint16Array;

  constructor(texts: Text[]) {
    this.texts = texts;
    const starts: [string, number][] = [];
    texts.forEach((t, i) => {
      starts.push([t.fold, i]);
      for (let p = t.fold.indexOf(' '); p >= 0; p = t.fold.indexOf(' ', p + 1)) starts.push([t.fold.slice(p + 1), i]);
      if (t.translit !== t.fold) {
        starts.push([t.translit, i]);
        // Word starts of the transliteration too, for `wordMatches` (match() filters what it needs).
        for (let p = t.translit.indexOf(' '); p >= 0; p = t.translit.indexOf(' ', p + 1)) starts.push([t.translit.slice(p + 1), i]);
      }
      const seen = new Set<string>();
      for (const s of [t.fold, t.translit]) for (let k = 0; k + 3 <= s.length; k++) seen.add(s.slice(k, k + 3));
      for (const s of seen) push(this.substrings, s, i);
      for (const [side, s] of [t.fold, t.translit].entries()) {
        const ids = this.dictionary.encode(s);
        this.encoded[2 * i + side] = ids;
        for (const id of new Set(ids)) (this.postings[id] ??= []).push(2 * i + side);
      }
    });
    starts.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    for (const [key, i] of starts) {
      this.startKeys.push(key);
      this.startTexts.push(i);
    }
    this.counts = new Uint16Array(texts.length * 2);
  }

  /** Texts with a key starting with `prefix` (word starts of the fold and of the transliteration). */
  private startingWith(prefix: string, into: Set<number>): void {
    for (let k = lowerBound(this.startKeys, prefix); k < this.startKeys.length && this.startKeys[k]!.startsWith(prefix); k++) into.add(this.startTexts[k]!);
  }

  /** Texts whose fold or transliteration contains `f`, from the rarest three-character substring's postings. */
  private containing(f: string, into: Set<number>): void {
    let best: number[] | undefined;
    if (f.length >= 3) {
      for (let k = 0; k + 3 <= f.length; k++) {
        const list = this.substrings.get(f.slice(k, k + 3));
        if (!list) return;
        if (!best || list.length < best.length) best = list;
      }
    }
    const ids = best ?? this.texts.map((_, i) => i);
    for (const i of ids) {
      const t = this.texts[i]!;
      if (t.fold.includes(f) || t.translit.includes(f)) into.add(i);
    }
  }

  /** Texts not in `into` with word_similarity(f, fold or transliteration) ≥ threshold; trigram counts bound it from above. */
  private similar(query: { ids: Set<number>; size: number }, threshold: number, into: Set<number>): number[] {
    const added: number[] = [];
    if (query.size === 0) return added;
    const touched: number[] = [];
    for (const trg of query.ids) {
      for (const id of this.postings[trg] ?? []) {
        if (this.counts[id] === 0) touched.push(id);
        this.counts[id] = this.counts[id]! + 1;
      }
    }
    // word_similarity ≤ shared distinct trigrams / query trigrams.
    const need = threshold * query.size - 1e-9;
    for (const id of touched) {
      const i = id >> 1;
      if (this.counts[id]! >= need && !into.has(i) && this.dictionary.similarity(query, this.encoded[id]!) >= threshold) {
        into.add(i);
        added.push(i);
      }
      this.counts[id] = 0;
    }
    return added;
  }

  /**
   * Owners with a text that is, starts with or has a word starting with `f` (tiers 0-2), from the
   * sorted word starts: a book's authors and series (search-ranking.ts NAME_MATCH_TIER).
   */
  wordMatches(f: string): Set<number> {
    const hits = new Set<number>();
    this.startingWith(f, hits);
    const owners = new Set<number>();
    for (const i of hits) if (tierOf(this.texts[i]!, f) <= NAME_MATCH_TIER) owners.add(this.texts[i]!.owner);
    return owners;
  }

  /** Owners with a text of word similarity ≥ threshold to `f`: the greatest similarity, and those texts' folds. */
  similarOwners(f: string, threshold: number): Map<number, SimilarOwner> {
    const query = this.dictionary.query(f);
    const out = new Map<number, SimilarOwner>();
    for (const i of this.similar(query, threshold, new Set())) {
      const t = this.texts[i]!;
      const sim = Math.max(this.dictionary.similarity(query, this.encoded[2 * i]!), this.dictionary.similarity(query, this.encoded[2 * i + 1]!));
      const seen = out.get(t.owner);
      if (seen) {
        seen.sim = Math.max(seen.sim, sim);
        seen.names.push(t.fold, t.translit);
      } else out.set(t.owner, { sim, names: [t.fold, t.translit] });
    }
    return out;
  }

  /**
   * The `limit` best owners of matching texts: best tier first, then (typo tier) greatest similarity,
   * then `order` (an owner's place by popularity and name, lower first). `length` is the query's
   * length before folding (the SQL decides by it), `f` the folded query. Similarities are computed
   * only when the better tiers leave room, and only for owners in the typo tier.
   * `strict` (books, authors, series; issue 29 point 10): contained (3) and similar (4) texts are
   * tiers apart, the typo tier is searched only when fewer than FUZZY_GATE owners matched better and
   * keeps only close names (search-ranking.ts); `seeds` are owners matched elsewhere with their tier.
   * Otherwise (genres, awards) both are tier 3, by similarity, searched while the limit leaves room.
   */
  match(f: string, length: number, threshold: number, limit: number, order: ArrayLike<number>, { strict = false, seeds, similarSeeds }: MatchOptions = {}): MatchedOwner[] {
    const fuzzyTier = strict ? FUZZY_TIER : 3;
    const hits = new Set<number>();
    if (length < INFIX_MIN_LENGTH) this.startingWith(f, hits);
    else this.containing(f, hits);
    const owners = new Map<number, MatchedOwner & { texts?: number[]; names?: string[] }>();
    for (const [owner, tier] of seeds ?? []) owners.set(owner, { owner, tier, sim: 0 });
    const add = (i: number, tier: number) => {
      const t = this.texts[i]!;
      let seen = owners.get(t.owner);
      if (!seen) owners.set(t.owner, (seen = { owner: t.owner, tier, sim: 0 }));
      else seen.tier = Math.min(seen.tier, tier);
      if (tier === fuzzyTier) (seen.texts ??= []).push(i);
    };
    for (const i of hits) {
      const t = this.texts[i]!;
      if (length < INFIX_MIN_LENGTH && !t.fold.startsWith(f) && !` ${t.fold}`.includes(` ${f}`) && !t.translit.startsWith(f)) continue;
      add(i, strict ? tierOf(t, f) : Math.min(tierOf(t, f), 3));
    }
    let better = 0;
    for (const o of owners.values()) if (o.tier < fuzzyTier) better++;
    const searchFuzzy = strict ? wantsFuzzy(length, FUZZY_MIN_LENGTH, better, limit) : better < limit && length >= INFIX_MIN_LENGTH;
    let ranked = [...owners.values()];
    if (!searchFuzzy) {
      ranked = ranked.filter((o) => o.tier < fuzzyTier);
    } else {
      const query = this.dictionary.query(f);
      if (length >= FUZZY_MIN_LENGTH) for (const i of this.similar(query, threshold, hits)) add(i, fuzzyTier);
      for (const [owner, similar] of similarSeeds?.() ?? []) {
        let seen = owners.get(owner);
        if (!seen) owners.set(owner, (seen = { owner, tier: fuzzyTier, sim: 0 }));
        if (seen.tier !== fuzzyTier) continue;
        seen.sim = Math.max(seen.sim, similar.sim);
        (seen.names ??= []).push(...similar.names);
      }
      for (const o of owners.values()) {
        if (o.tier < fuzzyTier) continue;
        for (const i of o.texts ?? []) {
          o.sim = Math.max(o.sim, this.dictionary.similarity(query, this.encoded[2 * i]!), this.dictionary.similarity(query, this.encoded[2 * i + 1]!));
        }
      }
      ranked = [...owners.values()];
    }
    ranked.sort((a, b) => a.tier - b.tier || (a.tier === fuzzyTier ? b.sim - a.sim : 0) || order[a.owner]! - order[b.owner]!);
    if (!strict) return ranked.slice(0, limit);
    // Similar owners count only when close; checked in rank order until the list is full (the check costs edit distances).
    const out: MatchedOwner[] = [];
    for (const o of ranked) {
      if (out.length >= limit) break;
      if (o.tier === fuzzyTier && !isCloseMatch(f, [...(o.texts ?? []).flatMap((i) => [this.texts[i]!.fold, this.texts[i]!.translit]), ...(o.names ?? [])])) continue;
      out.push(o);
    }
    return out;
  }
}

/** Each owner's place when owners are sorted by `compare` (0 first). */
export function ordinals(count: number, compare: (a: number, b: number) => number): Int32Array {
  const sorted = Array.from({ length: count }, (_, i) => i).sort(compare);
  const out = new Int32Array(count);
  sorted.forEach((owner, place) => (out[owner] = place));
  return out;
}

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}

/** 0 exact, 1 prefix, 2 word start, 3 anything else: contained, for the texts a substring search found (search.ts `tier()`). */
export function tierOf({ fold, translit }: Folds, f: string): number {
  if (fold === f || translit === f) return 0;
  if (fold.startsWith(f) || translit.startsWith(f)) return 1;
  if (` ${fold}`.includes(` ${f}`) || ` ${translit}`.includes(` ${f}`)) return 2;
  return 3;
}

// ---------------------------------------------------------------------------------------------------
// The catalogue snapshot the index is built from (db/queries/search-snapshot.ts reads it).

export interface PersonRef {
  slug: string;
  name: string;
}

export interface SnapshotBook {
  id: number;
  slug: string;
  originalTitle: string;
  year: number | null;
  coverImage: string | null;
  authors: PersonRef[];
  /** Ids of the book's authors and series: their names find the book (search-ranking.ts NAME_MATCH_TIER). */
  authorIds: number[];
  seriesIds: number[];
  /** Title per page language (localized_book_title) and its rank in the database's order of titles. */
  titles: Record<Locale, { title: string; rank: number }>;
  wins: number;
  ratingCount: number;
}

export interface SnapshotNamed extends Folds {
  id: number;
  slug: string;
  name: string;
  /** Authors: award wins of their books; series: their number of books. */
  popularity: number;
  /** Rank of the tie-break (authors: sort name; series: name) in the database's order. */
  rank: number;
}

export interface SnapshotLocalized {
  id: number;
  slug: string;
  /** The canonical name, and its rank in the database's order. */
  name: string;
  rank: number;
  localized: Partial<Record<Locale, string>>;
  /** Folds of the canonical name and of every localized name. */
  folds: Folds[];
  category: string;
}

export interface CatalogueSnapshot {
  charMap: Map<string, string>;
  /** pg_trgm.word_similarity_threshold outside the search transaction (the genre and award searches use it). */
  defaultThreshold: number;
  books: SnapshotBook[];
  editions: (Folds & { bookId: number })[];
  authors: SnapshotNamed[];
  series: SnapshotNamed[];
  genres: SnapshotLocalized[];
  awards: SnapshotLocalized[];
}

interface Named<T> {
  rows: T[];
  index: TextIndex;
  order: Int32Array;
}

export interface BookHit {
  id: number;
  slug: string;
  title: string;
  originalTitle: string;
  year: number | null;
  coverImage: string | null;
  authors: PersonRef[];
}

/** Similarity the book, author and series searches need (search.ts FUZZY_THRESHOLD). */
export const FUZZY_THRESHOLD = 0.45;

/**
 * The five searches over one snapshot. Each answers null when the query has a character the
 * folding map does not know (the caller asks PostgreSQL then).
 */
export class SearchIndex {
  private readonly fold: (q: string) => string | null;
  private readonly books: SnapshotBook[];
  private readonly editions: TextIndex;
  /** Books' places by popularity (award wins, ratings), then title in each language, then id. */
  private bookOrder!: Record<Locale, Int32Array>;
  private readonly authors: Named<SnapshotNamed>;
  private readonly series: Named<SnapshotNamed>;
  private readonly genres: Named<SnapshotLocalized>;
  private readonly awards: Named<SnapshotLocalized>;
  private readonly defaultThreshold: number;
  /** Book positions per author and per series (positions in `authors.rows`, `series.rows`). */
  private readonly booksOfAuthor: number[][];
  private readonly booksOfSeries: number[][];

  constructor(snapshot: CatalogueSnapshot) {
    this.fold = createFolder(snapshot.charMap);
    this.defaultThreshold = snapshot.defaultThreshold;
    this.books = snapshot.books;
    const position = new Map(snapshot.books.map((b, i) => [b.id, i]));
    this.editions = new TextIndex(
      snapshot.editions.filter((e) => position.has(e.bookId)).map((e) => ({ fold: e.fold, translit: e.translit, owner: position.get(e.bookId)! })),
    );
    this.orderBooks();
    const named = (rows: SnapshotNamed[]): Named<SnapshotNamed> => ({
      rows,
      index: new TextIndex(rows.map((r, i) => ({ fold: r.fold, translit: r.translit, owner: i }))),
      order: ordinals(rows.length, (a, b) => rows[b]!.popularity - rows[a]!.popularity || rows[a]!.rank - rows[b]!.rank || rows[a]!.id - rows[b]!.id),
    });
    this.authors = named(snapshot.authors);
    this.series = named(snapshot.series);
    const localized = (rows: SnapshotLocalized[]): Named<SnapshotLocalized> => ({
      rows,
      index: new TextIndex(rows.flatMap((r, i) => r.folds.map((f) => ({ ...f, owner: i })))),
      order: ordinals(rows.length, (a, b) => rows[a]!.rank - rows[b]!.rank || rows[a]!.id - rows[b]!.id),
    });
    this.genres = localized(snapshot.genres);
    this.awards = localized(snapshot.awards);
    const booksOf = (rows: SnapshotNamed[], ids: (b: SnapshotBook) => number[]) => {
      const at = new Map(rows.map((r, i) => [r.id, i]));
      const out: number[][] = rows.map(() => []);
      snapshot.books.forEach((b, i) => {
        for (const id of ids(b)) if (at.has(id)) out[at.get(id)!]!.push(i);
      });
      return out;
    };
    this.booksOfAuthor = booksOf(snapshot.authors, (b) => b.authorIds);
    this.booksOfSeries = booksOf(snapshot.series, (b) => b.seriesIds);
  }

  /** Books whose author's or series' name has a word starting with the folded query, at NAME_MATCH_TIER. */
  private booksByName(f: string, length: number): Map<number, number> {
    const seeds = new Map<number, number>();
    if (length < NAME_MATCH_MIN_LENGTH) return seeds;
    for (const a of this.authors.index.wordMatches(f)) for (const b of this.booksOfAuthor[a]!) seeds.set(b, NAME_MATCH_TIER);
    for (const s of this.series.index.wordMatches(f)) for (const b of this.booksOfSeries[s]!) seeds.set(b, NAME_MATCH_TIER);
    return seeds;
  }

  /** Books whose author's or series' name is similar to the folded query (typo tier), with that similarity. */
  private booksBySimilarName(f: string): Map<number, SimilarOwner> {
    const out = new Map<number, SimilarOwner>();
    const merge = (similar: Map<number, SimilarOwner>, booksOf: number[][]) => {
      for (const [owner, s] of similar) {
        for (const b of booksOf[owner]!) {
          const seen = out.get(b);
          if (seen) {
            seen.sim = Math.max(seen.sim, s.sim);
            seen.names.push(...s.names);
          } else out.set(b, { sim: s.sim, names: [...s.names] });
        }
      }
    };
    merge(this.authors.index.similarOwners(f, FUZZY_THRESHOLD), this.booksOfAuthor);
    merge(this.series.index.similarOwners(f, FUZZY_THRESHOLD), this.booksOfSeries);
    return out;
  }

  private orderBooks(): void {
    const books = this.books;
    const byLocale = (locale: Locale) =>
      ordinals(
        books.length,
        (a, b) =>
          books[b]!.wins - books[a]!.wins ||
          books[b]!.ratingCount - books[a]!.ratingCount ||
          books[a]!.titles[locale].rank - books[b]!.titles[locale].rank ||
          books[a]!.id - books[b]!.id,
      );
    this.bookOrder = { en: byLocale('en'), de: byLocale('de'), it: byLocale('it') };
  }

  /** Replaces the popularity counters (book_popularity changes with every rating). */
  withPopularity(counters: Map<number, { wins: number; ratingCount: number }>): void {
    for (const b of this.books) {
      const c = counters.get(b.id);
      b.wins = c?.wins ?? 0;
      b.ratingCount = c?.ratingCount ?? 0;
    }
    this.orderBooks();
  }

  searchBooks(query: string, locale: Locale, limit: number): BookHit[] | null {
    const f = this.fold(query);
    if (f === null) return null;
    const seeds = this.booksByName(f, query.length);
    const similarSeeds = () => this.booksBySimilarName(f);
    return this.editions.match(f, query.length, FUZZY_THRESHOLD, limit, this.bookOrder[locale], { strict: true, seeds, similarSeeds }).map(({ owner }) => {
      const b = this.books[owner]!;
      return { id: b.id, slug: b.slug, title: b.titles[locale].title, originalTitle: b.originalTitle, year: b.year, coverImage: b.coverImage, authors: b.authors };
    });
  }

  private searchNamed({ rows, index, order }: Named<SnapshotNamed>, query: string, limit: number) {
    const f = this.fold(query);
    if (f === null) return null;
    return index.match(f, query.length, FUZZY_THRESHOLD, limit, order, { strict: true }).map(({ owner }) => ({ id: rows[owner]!.id, slug: rows[owner]!.slug, name: rows[owner]!.name }));
  }

  searchAuthors(query: string, limit: number) {
    return this.searchNamed(this.authors, query, limit);
  }

  searchSeries(query: string, limit: number) {
    return this.searchNamed(this.series, query, limit);
  }

  /**
   * Genres and awards: ordered by tier, then canonical name (no similarity, no popularity), with the
   * threshold of a plain `<%` (their SQL runs outside the search transaction).
   */
  private searchLocalized({ rows, index, order }: Named<SnapshotLocalized>, query: string, limit: number) {
    const f = this.fold(query);
    if (f === null) return null;
    const matched = index.match(f, query.length, this.defaultThreshold, rows.length, order);
    for (const m of matched) m.sim = 0;
    matched.sort((a, b) => a.tier - b.tier || order[a.owner]! - order[b.owner]!);
    return matched.slice(0, limit).map(({ owner }) => rows[owner]!);
  }

  searchGenres(query: string, locale: Locale, limit: number) {
    return this.searchLocalized(this.genres, query, limit)?.map((g) => ({ id: g.id, name: g.localized[locale] ?? g.name, canonicalName: g.name, category: g.category }));
  }

  searchAwards(query: string, locale: Locale, limit: number) {
    return this.searchLocalized(this.awards, query, limit)?.map((a) => ({ id: a.id, name: a.localized[locale] ?? a.name, slug: a.slug }));
  }

  /** One of the five searches by kind; null when the query needs PostgreSQL (see `createFolder`). */
  search(kind: SearchKind, query: string, locale: Locale, limit: number = SEARCH_CAPS[kind]): unknown[] | null {
    switch (kind) {
      case 'books':
        return this.searchBooks(query, locale, limit);
      case 'authors':
        return this.searchAuthors(query, limit);
      case 'series':
        return this.searchSeries(query, limit);
      case 'genres':
        return this.searchGenres(query, locale, limit) ?? null;
      case 'awards':
        return this.searchAwards(query, locale, limit) ?? null;
    }
  }
}
