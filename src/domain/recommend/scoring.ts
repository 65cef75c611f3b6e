/**
 * The catalogue's own recommender (issue 15 point 3; ADR 0017): candidates scored by what they share
 * with the books the reader named. Pure: db/queries/recommend.ts reads the facts in a few set-based
 * queries and passes them in. Every point a candidate gets is a reason, so the explanation can say
 * the strongest one.
 */
import type { Hints } from './recognize.ts';

export interface AwardEntry {
  awardId: number;
  categoryId: number | null;
  /** The year presented. */
  year: number;
  winner: boolean;
  /** Books on that list (that award, category and year); a short list says more than a long one. */
  listSize?: number;
}

export interface SeriesPlace {
  seriesId: number;
  position: number | null;
}

/** What the scoring knows of a book (a named one or a candidate). */
export interface BookFacts {
  id: number;
  year: number | null;
  pages: number | null;
  genreIds: number[];
  authorIds: number[];
  series: SeriesPlace[];
  awards: AwardEntry[];
  /** Award wins (book_popularity). */
  wins: number;
  /** Readers who rated it 4 or 5 (only needed for books with co-likes). */
  likes: number;
  /** Readers who liked both this book and a named one, by named book id (at least two; see MIN_CO_LIKES). */
  coLikes: Record<number, number>;
}

/** Why a candidate scored: each kind names what it shares and with which named book. */
export type Reason =
  | { kind: 'nextInSeries' | 'laterInSeries' | 'earlierInSeries'; seedId: number; seriesId: number }
  | { kind: 'sameAuthor'; seedId: number; authorId: number }
  /** winner: the candidate won; seedWinner: the named book won (a tie, as Dune and This Immortal in 1966, is both). */
  | { kind: 'sharedShortlist'; seedId: number; awardId: number; year: number; winner: boolean; seedWinner: boolean }
  | { kind: 'sameAwardYear'; seedId: number; awardId: number; year: number; winner: boolean }
  | { kind: 'coLiked'; seedId: number; readers: number }
  | { kind: 'sharedGenre'; seedId: number; genreId: number }
  | { kind: 'sameEra'; seedId: number; year: number }
  | { kind: 'byAuthor'; authorId: number }
  | { kind: 'inSeries'; seriesId: number; position: number | null }
  | { kind: 'inGenre'; genreId: number }
  | { kind: 'awarded'; awardId: number; year: number; winner: boolean }
  | { kind: 'hint'; hint: keyof Hints };

export interface WeightedReason {
  reason: Reason;
  weight: number;
}

/**
 * The weights, as data (ADR 0017 tells how the evaluation chose them: `npm run eval:recommend`).
 * A series' next book beats everything; a shared author or shortlist beats genre and era, which
 * only order the rest; popularity breaks ties.
 */
export const WEIGHTS = {
  nextInSeries: 12,
  /** Later books of the series: this minus one per further step, at least laterInSeriesMin. */
  laterInSeries: 5,
  laterInSeriesMin: 2,
  earlierInSeries: 1.5,
  sameAuthor: 3,
  sharedShortlist: 2.5,
  /** A shared list of this many books weighs sharedShortlist; a shorter one more (at most shortListCap times), a longer one less. */
  typicalListSize: 8,
  listSizeExponent: 0.5,
  shortListCap: 1.5,
  /** Shortlisted for an award of a year the named book was shortlisted (another list), per list, at most sameAwardYearMax per named book. */
  sameAwardYear: 1,
  sameAwardYearMax: 2,
  /** Times the cosine of the two books' likes. */
  coLiked: 6,
  /** Times the share of genres (Jaccard). */
  sharedGenre: 1,
  /** Full weight in the same year, none from eraYears apart. */
  sameEra: 1,
  eraYears: 20,
  /** Named author, series or genre (the reader asked for it). */
  byAuthor: 4,
  inSeries: 4,
  inGenre: 1,
  /** Per win (log), the tie-break of equals and the order of a genre or award asked for alone. */
  popularity: 0.2,
  hint: 1,
  /** A named award's entry in a year the reader named. */
  awardYear: 3,
  /**
   * The book's best award, beside a named author or series: it says what sets the book apart ("By
   * Ursula K. Le Guin; won the 1970 Hugo Award", issue 29 point 21) and only breaks ties.
   */
  awardFact: 0.05,
  /** A candidate outside a named genre or without a named award keeps this share of its score. */
  offFocus: 0.3,
} as const;

/** Co-likes below this are noise (one reader's taste). */
export const MIN_CO_LIKES = 2;

export interface Focus {
  /** Authors, series and genres the reader named (their books are candidates, not named books). */
  authorIds: number[];
  seriesIds: number[];
  genreIds: number[];
  awardIds: number[];
  /** Years the reader named ("the 1966 Hugo"): a named award's entries of those years come first. */
  years?: number[];
}

export const NO_FOCUS: Focus = { authorIds: [], seriesIds: [], genreIds: [], awardIds: [] };
export const NO_HINTS: Hints = { shorter: false, newer: false, older: false };

export interface ScoringInput {
  /** The books the reader named (their facts). */
  seeds: BookFacts[];
  candidates: BookFacts[];
  /** Every member of every series a named book or a candidate is in (also books the reader read): series order counts them. */
  seriesMembers: { seriesId: number; bookId: number; position: number | null }[];
  focus?: Focus;
  hints?: Hints;
  /** Books never recommended: the named ones, and what the reader read, listed or rated. */
  excluded?: ReadonlySet<number>;
}

export interface ScoredBook {
  id: number;
  score: number;
  /** Strongest first. */
  reasons: WeightedReason[];
}

/** The series step from a named book to a candidate: 1 for the very next, 2 for the one after, -1 for earlier. */
function seriesStep(members: { bookId: number; position: number | null }[], seedId: number, candidateId: number): number | null {
  const seed = members.find((m) => m.bookId === seedId);
  const candidate = members.find((m) => m.bookId === candidateId);
  if (seed?.position == null || candidate?.position == null) return null;
  if (candidate.position <= seed.position) return -1;
  // Books between them (and books sharing the candidate's place) make it a later step.
  return 1 + members.filter((m) => m.position != null && m.position > seed.position! && m.position < candidate.position!).length;
}

function reasonsAgainstSeed(seed: BookFacts, candidate: BookFacts, members: Map<number, { bookId: number; position: number | null }[]>): WeightedReason[] {
  const reasons: WeightedReason[] = [];
  for (const place of candidate.series) {
    if (!seed.series.some((s) => s.seriesId === place.seriesId)) continue;
    const step = seriesStep(members.get(place.seriesId) ?? [], seed.id, candidate.id);
    if (step === 1) reasons.push({ reason: { kind: 'nextInSeries', seedId: seed.id, seriesId: place.seriesId }, weight: WEIGHTS.nextInSeries });
    else if (step !== null && step > 1)
      reasons.push({
        reason: { kind: 'laterInSeries', seedId: seed.id, seriesId: place.seriesId },
        weight: Math.max(WEIGHTS.laterInSeriesMin, WEIGHTS.laterInSeries - (step - 2)),
      });
    else reasons.push({ reason: { kind: 'earlierInSeries', seedId: seed.id, seriesId: place.seriesId }, weight: WEIGHTS.earlierInSeries });
  }
  const author = candidate.authorIds.find((a) => seed.authorIds.includes(a));
  if (author !== undefined) reasons.push({ reason: { kind: 'sameAuthor', seedId: seed.id, authorId: author }, weight: WEIGHTS.sameAuthor });

  let sameYear = 0;
  for (const entry of candidate.awards) {
    const shared = seed.awards.find((s) => s.awardId === entry.awardId && s.categoryId === entry.categoryId && s.year === entry.year);
    if (shared) {
      const size = Math.max(2, entry.listSize ?? WEIGHTS.typicalListSize);
      reasons.push({
        reason: { kind: 'sharedShortlist', seedId: seed.id, awardId: entry.awardId, year: entry.year, winner: entry.winner, seedWinner: shared.winner },
        weight: WEIGHTS.sharedShortlist * Math.min(WEIGHTS.shortListCap, (WEIGHTS.typicalListSize / size) ** WEIGHTS.listSizeExponent),
      });
    } else if (seed.awards.some((s) => s.year === entry.year) && sameYear < WEIGHTS.sameAwardYearMax) {
      const weight = Math.min(WEIGHTS.sameAwardYear, WEIGHTS.sameAwardYearMax - sameYear);
      sameYear += weight;
      reasons.push({ reason: { kind: 'sameAwardYear', seedId: seed.id, awardId: entry.awardId, year: entry.year, winner: entry.winner }, weight });
    }
  }

  const both = candidate.coLikes[seed.id] ?? 0;
  if (both >= MIN_CO_LIKES && seed.likes > 0 && candidate.likes > 0) {
    reasons.push({ reason: { kind: 'coLiked', seedId: seed.id, readers: both }, weight: (WEIGHTS.coLiked * both) / Math.sqrt(seed.likes * candidate.likes) });
  }

  const sharedGenres = candidate.genreIds.filter((g) => seed.genreIds.includes(g));
  if (sharedGenres.length > 0) {
    const union = new Set([...candidate.genreIds, ...seed.genreIds]).size;
    reasons.push({ reason: { kind: 'sharedGenre', seedId: seed.id, genreId: sharedGenres[0]! }, weight: (WEIGHTS.sharedGenre * sharedGenres.length) / union });
  }
  if (seed.year !== null && candidate.year !== null) {
    const closeness = 1 - Math.abs(seed.year - candidate.year) / WEIGHTS.eraYears;
    if (closeness > 0) reasons.push({ reason: { kind: 'sameEra', seedId: seed.id, year: seed.year }, weight: WEIGHTS.sameEra * closeness });
  }
  return reasons;
}

/** Reasons of a candidate for what the reader named besides books: an author, a series, a genre, an award. */
function focusReasons(candidate: BookFacts, focus: Focus): WeightedReason[] {
  const reasons: WeightedReason[] = [];
  const author = candidate.authorIds.find((a) => focus.authorIds.includes(a));
  if (author !== undefined) reasons.push({ reason: { kind: 'byAuthor', authorId: author }, weight: WEIGHTS.byAuthor });
  const place = candidate.series.find((s) => focus.seriesIds.includes(s.seriesId));
  // Earlier volumes first: a named series is read in order.
  if (place) reasons.push({ reason: { kind: 'inSeries', seriesId: place.seriesId, position: place.position }, weight: WEIGHTS.inSeries - Math.min(2, (place.position ?? 1) / 10) });
  const genre = candidate.genreIds.find((g) => focus.genreIds.includes(g));
  if (genre !== undefined) reasons.push({ reason: { kind: 'inGenre', genreId: genre }, weight: WEIGHTS.inGenre });
  const years = focus.years ?? [];
  const inYear = (e: AwardEntry) => Number(years.includes(e.year));
  const award = [...candidate.awards]
    .filter((e) => focus.awardIds.includes(e.awardId))
    .sort((a, b) => inYear(b) - inYear(a) || Number(b.winner) - Number(a.winner) || b.year - a.year)[0];
  if (award) {
    const weight = (award.winner ? 1.5 : 1) + (inYear(award) ? WEIGHTS.awardYear : 0);
    reasons.push({ reason: { kind: 'awarded', awardId: award.awardId, year: award.year, winner: award.winner }, weight });
  } else if (reasons.some((r) => r.reason.kind === 'byAuthor' || r.reason.kind === 'inSeries')) {
    // The first win (else the first shortlist): the fact a reader of that author or series knows the book by.
    const best = [...candidate.awards].sort((a, b) => Number(b.winner) - Number(a.winner) || a.year - b.year || a.awardId - b.awardId)[0];
    if (best) reasons.push({ reason: { kind: 'awarded', awardId: best.awardId, year: best.year, winner: best.winner }, weight: WEIGHTS.awardFact * (best.winner ? 2 : 1) });
  }
  return reasons;
}

function hintReasons(seeds: BookFacts[], candidate: BookFacts, hints: Hints): WeightedReason[] {
  const reasons: WeightedReason[] = [];
  const years = seeds.map((s) => s.year).filter((y): y is number => y !== null);
  const pages = seeds.map((s) => s.pages).filter((p): p is number => p !== null);
  const add = (hint: keyof Hints, fits: boolean) => reasons.push({ reason: { kind: 'hint', hint }, weight: fits ? WEIGHTS.hint : -WEIGHTS.hint });
  if (hints.newer && years.length > 0 && candidate.year !== null) add('newer', candidate.year > Math.max(...years));
  if (hints.older && years.length > 0 && candidate.year !== null) add('older', candidate.year < Math.min(...years));
  if (hints.shorter && pages.length > 0 && candidate.pages !== null) add('shorter', candidate.pages < Math.min(...pages));
  return reasons;
}

/**
 * Scores and ranks the candidates (best first; ties by id): the sum of what each shares with each
 * named book, plus what it shares with a named author, series, genre or award, plus the hints and
 * a little popularity; a named genre or award the candidate lacks cuts its score (WEIGHTS.offFocus).
 * Excluded books and books that share nothing are left out.
 * @example scoreCandidates({ seeds: [hyperion], candidates: [fallOfHyperion], seriesMembers }) // [{ id: fallOfHyperion.id, score: 14.2, reasons: [nextInSeries, ...] }]
 */
export function scoreCandidates(input: ScoringInput): ScoredBook[] {
  const focus = input.focus ?? NO_FOCUS;
  const hints = input.hints ?? NO_HINTS;
  const excluded = input.excluded ?? new Set<number>();
  const members = new Map<number, { bookId: number; position: number | null }[]>();
  for (const m of input.seriesMembers) {
    const list = members.get(m.seriesId) ?? [];
    if (!list.some((x) => x.bookId === m.bookId)) list.push({ bookId: m.bookId, position: m.position });
    members.set(m.seriesId, list);
  }
  const seedIds = new Set(input.seeds.map((s) => s.id));
  const scored: ScoredBook[] = [];
  const seen = new Set<number>();
  for (const candidate of input.candidates) {
    if (excluded.has(candidate.id) || seedIds.has(candidate.id) || seen.has(candidate.id)) continue;
    seen.add(candidate.id);
    const reasons = [...input.seeds.flatMap((seed) => reasonsAgainstSeed(seed, candidate, members)), ...focusReasons(candidate, focus)];
    // Sharing only genre or era with a named book is no reason on its own when something better exists; it still orders the rest.
    if (reasons.length === 0) continue;
    reasons.push(...hintReasons(input.seeds, candidate, hints));
    let score = reasons.reduce((sum, r) => sum + r.weight, 0) + WEIGHTS.popularity * Math.log1p(candidate.wins);
    const offGenre = focus.genreIds.length > 0 && !candidate.genreIds.some((g) => focus.genreIds.includes(g));
    const offAward = focus.awardIds.length > 0 && !candidate.awards.some((e) => focus.awardIds.includes(e.awardId));
    if (offGenre || offAward) score *= WEIGHTS.offFocus;
    scored.push({ id: candidate.id, score: Math.round(score * 1000) / 1000, reasons: reasons.sort((a, b) => b.weight - a.weight) });
  }
  return scored.sort((a, b) => b.score - a.score || a.id - b.id);
}
