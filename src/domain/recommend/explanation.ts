/**
 * The one short sentence that says why a book is recommended (issue 15 point 3): the strongest
 * reason (scoring.ts) with its names filled in, and a shared genre after it when the reason is not
 * the genre itself ("Shortlisted for the 1990 Hugo Award beside Hyperion; also science fiction").
 * Pure: the caller passes the names in the reader's language and the translator (src/lib/i18n.ts `t`).
 */
import type { Locale } from '../enums.ts';
import type { Reason, WeightedReason } from './scoring.ts';

/** The message keys of the explanations (locales/*.json, group `recommend`). */
export const EXPLANATION_KEYS = [
  'recommend.nextInSeries',
  'recommend.laterInSeries',
  'recommend.earlierInSeries',
  'recommend.sameAuthor',
  'recommend.sharedShortlist',
  'recommend.sharedShortlistWon',
  'recommend.sharedWin',
  'recommend.sameAwardYear',
  'recommend.sameAwardYearWon',
  'recommend.coLiked',
  'recommend.sharedGenre',
  'recommend.sameEra',
  'recommend.byAuthor',
  'recommend.inSeries',
  'recommend.inSeriesUnnumbered',
  'recommend.inGenre',
  'recommend.awardedWon',
  'recommend.awardedShortlisted',
  'recommend.alsoGenre',
  'recommend.alsoFact',
] as const;
export type ExplanationKey = (typeof EXPLANATION_KEYS)[number];

/** What the answer says about a hint no book could follow (recognize.ts unmetHints), by hint. */
export const UNMET_HINT_KEYS = { shorter: 'recommend.unmet.shorter', newer: 'recommend.unmet.newer', older: 'recommend.unmet.older' } as const;

export type Translate = (key: ExplanationKey, params: Readonly<Record<string, string | number>>) => string;

/** Names in the reader's language, by id. */
export interface ExplanationNames {
  /** Book titles (the named books). */
  books: ReadonlyMap<number, string>;
  series: ReadonlyMap<number, string>;
  authors: ReadonlyMap<number, string>;
  awards: ReadonlyMap<number, string>;
  genres: ReadonlyMap<number, string>;
}

/**
 * A genre's name inside a sentence: English and Italian write genres in lower case ("also science
 * fiction", "anche fantascienza"), German keeps its nouns capitalized ("auch Science-Fiction").
 */
export function genreInSentence(name: string, locale: Locale, sentenceStart = false): string {
  const inner = locale === 'de' ? name : name.toLocaleLowerCase(locale);
  return sentenceStart ? inner.charAt(0).toLocaleUpperCase(locale) + inner.slice(1) : inner;
}

const position = (value: number | null): string => (value === null ? '' : String(Number(value)));

/** The message of one reason, or null when a name it needs is unknown. */
function message(reason: Reason, names: ExplanationNames, locale: Locale): { key: ExplanationKey; params: Record<string, string | number> } | null {
  const title = 'seedId' in reason ? names.books.get(reason.seedId) : undefined;
  if ('seedId' in reason && title === undefined) return null;
  const t = title ?? '';
  switch (reason.kind) {
    case 'nextInSeries':
    case 'laterInSeries':
    case 'earlierInSeries': {
      const series = names.series.get(reason.seriesId);
      return series === undefined ? null : { key: `recommend.${reason.kind}`, params: { series, title: t } };
    }
    case 'sameAuthor': {
      const author = names.authors.get(reason.authorId);
      return author === undefined ? null : { key: 'recommend.sameAuthor', params: { author, title: t } };
    }
    case 'sharedShortlist':
    case 'sameAwardYear': {
      const award = names.awards.get(reason.awardId);
      if (award === undefined) return null;
      // Who won is said as the catalogue has it: two winners of one year (a tie) shared it (issue 29 point 21).
      const key =
        reason.kind === 'sameAwardYear'
          ? reason.winner
            ? 'recommend.sameAwardYearWon'
            : 'recommend.sameAwardYear'
          : reason.winner
            ? reason.seedWinner
              ? 'recommend.sharedWin'
              : 'recommend.sharedShortlistWon'
            : 'recommend.sharedShortlist';
      return { key, params: { award, year: reason.year, title: t } };
    }
    case 'coLiked':
      // A number: the translator picks the plural form and formats it (issue 29 point 9).
      return { key: 'recommend.coLiked', params: { title: t, count: reason.readers } };
    case 'sharedGenre': {
      const genre = names.genres.get(reason.genreId);
      return genre === undefined ? null : { key: 'recommend.sharedGenre', params: { genre: genreInSentence(genre, locale, true), title: t } };
    }
    case 'sameEra':
      return { key: 'recommend.sameEra', params: { title: t, year: reason.year } };
    case 'byAuthor': {
      const author = names.authors.get(reason.authorId);
      return author === undefined ? null : { key: 'recommend.byAuthor', params: { author } };
    }
    case 'inSeries': {
      const series = names.series.get(reason.seriesId);
      if (series === undefined) return null;
      return reason.position === null
        ? { key: 'recommend.inSeriesUnnumbered', params: { series } }
        : { key: 'recommend.inSeries', params: { series, position: position(reason.position) } };
    }
    case 'inGenre': {
      const genre = names.genres.get(reason.genreId);
      return genre === undefined ? null : { key: 'recommend.inGenre', params: { genre: genreInSentence(genre, locale) } };
    }
    case 'awarded': {
      const award = names.awards.get(reason.awardId);
      return award === undefined ? null : { key: reason.winner ? 'recommend.awardedWon' : 'recommend.awardedShortlisted', params: { award, year: reason.year } };
    }
    case 'hint':
      // "shorter", "newer" only nudge the order; they are never the reason given.
      return null;
  }
}

const GENRE_KINDS = new Set<Reason['kind']>(['sharedGenre', 'inGenre']);
/** Reasons that only repeat what the reader named (an author, a series): a fact about the book follows them. */
const FACT_KINDS = new Set<Reason['kind']>(['byAuthor', 'inSeries']);

/** A sentence's start inside another sentence ("Won the …" → "won the …"; German "Für den …" → "für den …"). */
const lowerFirst = (text: string, locale: Locale) => text.charAt(0).toLocaleLowerCase(locale) + text.slice(1);
const GENERIC_KINDS = new Set<Reason['kind']>(['sharedGenre', 'inGenre', 'sameEra']);

/**
 * One sentence for a recommended book: its strongest specific reason that can be named (genre and era last), and a genre it shares
 * with the named books (or the named genre) after it, unless that reason is the genre already.
 * Empty when no reason can be named (never happens for a scored book with names loaded).
 * @example explainRecommendation(reasons, names, 'en', (key, params) => t('en', key, params)) // 'Shortlisted for the 1990 Hugo Award beside Hyperion; also science fiction'
 */
export function explainRecommendation(reasons: readonly WeightedReason[], names: ExplanationNames, locale: Locale, translate: Translate): string {
  // The most specific reason is said first: a genre (a third of the catalogue) or an era only when nothing else is shared.
  const generic = (r: WeightedReason) => Number(GENERIC_KINDS.has(r.reason.kind));
  const ordered = [...reasons].filter((r) => r.weight > 0).sort((a, b) => generic(a) - generic(b) || b.weight - a.weight);
  let primary: { kind: Reason['kind']; text: string } | null = null;
  for (const { reason } of ordered) {
    const m = message(reason, names, locale);
    if (m) {
      primary = { kind: reason.kind, text: translate(m.key, m.params) };
      break;
    }
  }
  if (!primary) return '';
  if (FACT_KINDS.has(primary.kind)) {
    // "By Ursula K. Le Guin" alone says nothing the reader did not ask: add the book's award (issue 29 point 21).
    const award = ordered.find((r) => r.reason.kind === 'awarded')?.reason;
    const fact = award ? message(award, names, locale) : null;
    if (fact) return translate('recommend.alsoFact', { reason: primary.text, fact: lowerFirst(translate(fact.key, fact.params), locale) });
  }
  if (GENRE_KINDS.has(primary.kind)) return primary.text;
  const genreReason = ordered.find((r) => GENRE_KINDS.has(r.reason.kind))?.reason;
  const genre = genreReason && 'genreId' in genreReason ? names.genres.get(genreReason.genreId) : undefined;
  return genre === undefined ? primary.text : translate('recommend.alsoGenre', { reason: primary.text, genre: genreInSentence(genre, locale) });
}
