import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../enums.ts';
import { translateKey } from '../../lib/i18n.ts';
import { EXPLANATION_KEYS, explainRecommendation, genreInSentence, type ExplanationNames } from './explanation.ts';
import type { Reason, WeightedReason } from './scoring.ts';

const names = (locale: Locale): ExplanationNames => ({
  books: new Map([[1, locale === 'de' ? 'Die linke Hand der Dunkelheit' : locale === 'it' ? 'La mano sinistra delle tenebre' : 'Hyperion']]),
  series: new Map([[5, 'Hyperion Cantos']]),
  authors: new Map([[10, 'Dan Simmons']]),
  awards: new Map([[1, { en: 'Hugo Award', de: 'Hugo Award', it: 'Premio Hugo' }[locale]]]),
  genres: new Map([[1, { en: 'Science Fiction', de: 'Science-Fiction', it: 'Fantascienza' }[locale]]]),
});
const explain = (locale: Locale, reasons: WeightedReason[]) => explainRecommendation(reasons, names(locale), locale, (key, params) => translateKey(locale, key, params));
const genre: WeightedReason = { reason: { kind: 'sharedGenre', seedId: 1, genreId: 1 }, weight: 1 };
const w = (reason: Reason, weight = 5): WeightedReason => ({ reason, weight });

describe('explainRecommendation', () => {
  it('names the award, year and named book of a shared shortlist, and the shared genre after it', () => {
    const reasons = [genre, w({ kind: 'sharedShortlist', seedId: 1, awardId: 1, year: 1990, winner: false, seedWinner: true })];
    expect(explain('en', reasons)).toBe('Shortlisted for the 1990 Hugo Award beside Hyperion; also science fiction');
    expect(explain('de', reasons)).toBe('Wie Die linke Hand der Dunkelheit für den Hugo Award 1990 nominiert; ebenfalls Science-Fiction');
    expect(explain('it', reasons)).toBe('Candidato al Premio Hugo 1990 insieme a La mano sinistra delle tenebre; anche fantascienza');
  });

  it('says a shared award year before a shared genre, though the genre weighs more', () => {
    const reasons = [w({ kind: 'sameAwardYear', seedId: 1, awardId: 1, year: 1990, winner: false }, 0.6), w({ kind: 'sameEra', seedId: 1, year: 1989 }, 0.9), genre];
    expect(explain('en', reasons)).toBe('Shortlisted for the 1990 Hugo Award, the same year as Hyperion; also science fiction');
  });

  it('says a winner won', () => {
    const reasons = [w({ kind: 'sharedShortlist', seedId: 1, awardId: 1, year: 1990, winner: true, seedWinner: false })];
    expect(explain('en', reasons)).toBe('Won the 1990 Hugo Award, for which Hyperion was shortlisted too');
    expect(explain('de', reasons)).toBe('Gewann den Hugo Award 1990, für den auch Die linke Hand der Dunkelheit nominiert war');
    expect(explain('it', reasons)).toBe('Ha vinto il Premio Hugo 1990, a cui era candidato anche La mano sinistra delle tenebre');
  });

  it('says a tie as the catalogue has it: two winners of one year shared it, never "shortlisted too" (issue 29 point 21)', () => {
    const reasons = [w({ kind: 'sharedShortlist', seedId: 1, awardId: 1, year: 1966, winner: true, seedWinner: true })];
    expect(explain('en', reasons)).toBe('Shared the 1966 Hugo Award with Hyperion');
    expect(explain('de', reasons)).toBe('Teilte sich den Hugo Award 1966 mit Die linke Hand der Dunkelheit');
    expect(explain('it', reasons)).toBe('Ha vinto il Premio Hugo 1966 ex aequo con La mano sinistra delle tenebre');
    const sameYear = [w({ kind: 'sameAwardYear', seedId: 1, awardId: 1, year: 1966, winner: true }, 1)];
    expect(explain('en', sameYear)).toBe('Won the 1966 Hugo Award, the same year as Hyperion');
  });

  it('adds the book\'s award to a named author or series, in the middle of the sentence (issue 29 point 21)', () => {
    const reasons = [w({ kind: 'byAuthor', authorId: 10 }, 4), w({ kind: 'awarded', awardId: 1, year: 1970, winner: true }, 0.1)];
    expect(explain('en', reasons)).toBe('By Dan Simmons; won the 1970 Hugo Award');
    expect(explain('de', reasons)).toBe('Von Dan Simmons; gewann den Hugo Award 1970');
    expect(explain('it', [w({ kind: 'inSeries', seriesId: 5, position: 1 }, 4), w({ kind: 'awarded', awardId: 1, year: 1975, winner: false }, 0.05)])).toMatch(
      /Hyperion Cantos; candidato al Premio Hugo 1975$/,
    );
    expect(explain('de', [w({ kind: 'byAuthor', authorId: 10 }, 4), w({ kind: 'awarded', awardId: 1, year: 1975, winner: false }, 0.05)])).toBe(
      'Von Dan Simmons; für den Hugo Award 1975 nominiert',
    );
  });

  it('names the series of the next volume', () => {
    const reasons = [w({ kind: 'nextInSeries', seedId: 1, seriesId: 5 }, 12), w({ kind: 'sameAuthor', seedId: 1, authorId: 10 }, 3)];
    expect(explain('en', reasons)).toBe('Next in Hyperion Cantos after Hyperion');
    expect(explain('de', reasons)).toBe('Der nächste Band von Hyperion Cantos nach Die linke Hand der Dunkelheit');
    expect(explain('it', reasons)).toBe('Il volume successivo a La mano sinistra delle tenebre in Hyperion Cantos');
  });

  it('names the shared author, the co-likes, the era', () => {
    expect(explain('en', [w({ kind: 'sameAuthor', seedId: 1, authorId: 10 })])).toBe('Also by Dan Simmons, like Hyperion');
    expect(explain('de', [w({ kind: 'coLiked', seedId: 1, readers: 3 })])).toBe('3 Leserinnen und Leser, denen Die linke Hand der Dunkelheit gefiel, mochten auch dieses Buch');
    expect(explain('de', [w({ kind: 'coLiked', seedId: 1, readers: 1200 })])).toMatch(/^1\.200 Leserinnen/);
    // Issue 29 point 9: one reader is one.
    expect(explain('en', [w({ kind: 'coLiked', seedId: 1, readers: 1 })])).toBe('1 reader who liked Hyperion liked this too');
    expect(explain('de', [w({ kind: 'coLiked', seedId: 1, readers: 1 })])).toMatch(/^1 Person, der Die linke Hand der Dunkelheit gefiel, mochte/);
    expect(explain('it', [w({ kind: 'sameEra', seedId: 1, year: 1969 })])).toBe('Degli stessi anni di La mano sinistra delle tenebre (1969)');
  });

  it('explains a genre or award asked for alone, and a genre reason without repeating the genre', () => {
    expect(explain('en', [w({ kind: 'inGenre', genreId: 1 }, 1)])).toBe('A science fiction novel');
    expect(explain('de', [w({ kind: 'inGenre', genreId: 1 }, 1)])).toBe('Ein Science-Fiction-Roman');
    expect(explain('it', [w({ kind: 'awarded', awardId: 1, year: 2014, winner: true }, 1.5), w({ kind: 'inGenre', genreId: 1 }, 1)])).toBe(
      'Ha vinto il Premio Hugo 2014; anche fantascienza',
    );
    expect(explain('en', [genre])).toBe('Science fiction, like Hyperion');
  });

  it('skips hints and reasons whose names are missing; empty when nothing can be named', () => {
    const reasons = [w({ kind: 'hint', hint: 'newer' }, 9), w({ kind: 'sameAuthor', seedId: 1, authorId: 99 }, 8), w({ kind: 'byAuthor', authorId: 10 }, 1)];
    expect(explain('en', reasons)).toBe('By Dan Simmons');
    expect(explain('en', [w({ kind: 'hint', hint: 'older' })])).toBe('');
  });

  it('has every key in every language, with German "Sie" register words absent from the texts', () => {
    for (const locale of LOCALES) for (const key of EXPLANATION_KEYS) expect(translateKey(locale, key, { count: 2 }), `${locale} ${key}`).not.toBe(key);
    expect(genreInSentence('Fantascienza', 'it')).toBe('fantascienza');
    expect(genreInSentence('Science-Fiction', 'de')).toBe('Science-Fiction');
  });
});
