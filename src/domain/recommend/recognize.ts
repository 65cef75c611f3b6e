/**
 * Reading a reader's request (issue 15 point 3): the words of a free text in English, German or
 * Italian, which of the catalogue's names found in it count, the simple hints ("shorter", "newer",
 * "older") and, for the typo fallback, the phrases left once the request's own words are removed.
 * Pure: the database finds the names (db/queries/recommend.ts folds both sides with search_fold),
 * these rules decide.
 */

export const ENTITY_KINDS = ['book', 'series', 'author', 'award', 'genre'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** A word of the request as written, and whether a sentence or clause starts with it. */
export interface Word {
  text: string;
  /** First word, or the first after . ! ? , ; : (a capital there says nothing about a name). */
  clauseStart: boolean;
}

const WORD = /[\p{L}\p{N}]+(?:['’`´][\p{L}\p{N}]+)*/gu;

/**
 * The words of a request, with apostrophes kept inside a word ("Ender's") as the title folds keep it
 * together (search_fold drops the apostrophe: "enders").
 * @example splitWords('Ich mochte Dune, was noch?').map((w) => w.text) // ['Ich', 'mochte', 'Dune', 'was', 'noch']
 */
export function splitWords(text: string): Word[] {
  const words: Word[] = [];
  let last = 0;
  for (const match of text.normalize('NFC').matchAll(WORD)) {
    const between = text.slice(last, match.index);
    words.push({ text: match[0], clauseStart: words.length === 0 || /[.!?,;:]/.test(between) });
    last = match.index + match[0].length;
  }
  return words;
}

/** Lower case without accents, as search_fold reads it (ß → ss, apostrophes dropped). */
export function foldWord(word: string): string {
  return word
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`´]/g, '');
}

/**
 * The request's own words in the three languages (folded): asking, liking, reading, "something like".
 * They never name a book on their own, and they split the text into the phrases the typo fallback
 * searches for.
 */
const REQUEST_WORDS = new Set(
  [
    // en
    'i', 'me', 'my', 'we', 'you', 'a', 'an', 'some', 'something', 'anything', 'like', 'likes', 'liked', 'love', 'loved', 'enjoyed',
    'read', 'reading', 'have', 'has', 'had', 'just', 'finished', 'similar', 'to', 'book', 'books', 'novel', 'novels', 'please',
    'recommend', 'recommendation', 'recommendations', 'suggest', 'give', 'want', 'looking', 'for', 'what', 'else', 'other', 'more',
    'next', 'but', 'and', 'or', 'with', 'is', 'was', 'really', 'also', 'any', 'can', 'could', 'should', 'would', 'tell', 'find',
    'show', 'me', 'good', 'great', 'shorter', 'longer', 'newer', 'older', 'recent', 'classic', 'classics', 'by', 'from', 'about',
    // de
    'ich', 'mir', 'mich', 'habe', 'hatte', 'mochte', 'mag', 'gerne', 'gern', 'gelesen', 'liebte', 'geliebt', 'etwas', 'was', 'noch',
    'wie', 'ahnlich', 'ahnliches', 'ahnliche', 'buch', 'bucher', 'roman', 'romane', 'empfehlen', 'empfehlung', 'bitte', 'suche',
    'kurzer', 'kurzeres', 'neuer', 'neueres', 'alter', 'alteres', 'aber', 'und', 'oder', 'mehr', 'andere', 'anderes', 'weitere',
    'gibt', 'es', 'sie', 'konnen', 'konnten', 'sollte', 'lesen', 'gut', 'gefallen', 'hat', 'von', 'uber',
    // it
    'qualcosa', 'come', 'simile', 'simili', 'mi', 'e', 'piaciuto', 'piaciuta', 'piaciuti', 'piace', 'ho', 'letto', 'amato', 'libro',
    'libri', 'romanzo', 'romanzi', 'consigli', 'consigliami', 'consiglia', 'suggerisci', 'cerco', 'vorrei', 'altro', 'altri', 'cosa',
    'che', 'ma', 'piu', 'breve', 'corto', 'recente', 'vecchio', 'per', 'favore', 'un', 'una', 'uno', 'qualche', 'leggere', 'dopo',
  ].map(foldWord),
);

/**
 * Words that are also one-word titles or surnames in the catalogue ("It", "Was", "Time", "Light"):
 * such a name counts only where the reader capitalized it inside a sentence ("like It by King").
 */
const COMMON_WORDS = new Set(
  [
    ...REQUEST_WORDS,
    'the', 'of', 'in', 'on', 'at', 'it', 'its', 'him', 'her', 'win', 'later', 'lost', 'life', 'time', 'space', 'earth', 'light', 'fire',
    'days', 'green', 'grey', 'memory', 'memories', 'id', 'x', 'ink', 'salt', 'ash', 'air', 'bloom', 'seed', 'grass', 'wake', 'ring',
    'vast', 'noise', 'matter', 'waves', 'powers', 'sisters', 'humans', 'finder', 'love', 'der', 'die', 'das', 'den', 'dem', 'ein',
    'eine', 'drei', 'erde', 'zeit', 'il', 'lo', 'la', 'le', 'gli', 'i', 'di', 'da', 'in', 'con', 'su', 'tra', 'fra', 'mystery', 'king',
    'wizard', 'noir', 'maul', 'scale', 'temper', 'thorn', 'horns', 'raft', 'slant', 'vigil', 'yarn', 'legacy', 'origin', 'existence',
    'passage', 'providence', 'contact', 'illusion', 'evolution', 'genesis', 'apocalypse', 'inferno', 'odyssey', 'eternity', 'voyage',
  ].map(foldWord),
);

/** Whether a word is one of the request's own words (never part of a name on its own). */
export const isRequestWord = (folded: string): boolean => REQUEST_WORDS.has(folded);

/** A catalogue name found in the request: which words it covers (0-based start, count). */
export interface NameMatch {
  kind: EntityKind;
  id: number;
  start: number;
  length: number;
  /** A surname alone ("Simmons"): weaker than the full name. */
  surname: boolean;
  /** Award wins and ratings, to choose between equal names (two books called "Legacy"). */
  popularity: number;
}

const KIND_RANK: Record<EntityKind, number> = { book: 0, series: 1, author: 2, award: 3, genre: 4 };

/** Whether a one-word match is a name here: not a common word, or capitalized inside a sentence. */
function oneWordCounts(word: Word | undefined): boolean {
  if (!word) return false;
  const folded = foldWord(word.text);
  if (!COMMON_WORDS.has(folded)) return folded.length >= 3 || (/^\p{Lu}/u.test(word.text) && !word.clauseStart);
  return /^\p{Lu}/u.test(word.text) && !word.clauseStart;
}

/**
 * The names that count, longest first and without overlaps: "The Fall of Hyperion" wins over
 * "Hyperion" inside it; on equal words a book beats a series, an author, an award and a genre, a
 * full name beats a surname, then the more popular and the lower id (deterministic).
 * @example chooseMatches(splitWords('like Hyperion'), [{ kind: 'book', id: 7, start: 1, length: 1, surname: false, popularity: 3 }]) // that match
 */
export function chooseMatches(words: readonly Word[], matches: readonly NameMatch[]): NameMatch[] {
  const ordered = [...matches].sort(
    (a, b) =>
      b.length - a.length ||
      KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
      Number(a.surname) - Number(b.surname) ||
      b.popularity - a.popularity ||
      a.id - b.id,
  );
  const taken = new Set<number>();
  const chosen: NameMatch[] = [];
  for (const match of ordered) {
    if (match.length === 1 && !oneWordCounts(words[match.start])) continue;
    const span = Array.from({ length: match.length }, (_, i) => match.start + i);
    if (span.some((i) => taken.has(i))) continue;
    // A name made of request words only ("Was noch") is not a name here.
    if (span.every((i) => isRequestWord(foldWord(words[i]?.text ?? ''))) && !(match.length === 1 && oneWordCounts(words[match.start]))) continue;
    span.forEach((i) => taken.add(i));
    chosen.push(match);
  }
  return chosen.sort((a, b) => a.start - b.start);
}

/**
 * The phrases the typo fallback searches for: runs of words that are not request words, split where
 * a clause starts; at most `max`, longest first.
 * @example fallbackPhrases(splitWords('Ich mochte Die linke Hand der Dunkelhiet, was noch?')) // ['Die linke Hand der Dunkelhiet']
 */
export function fallbackPhrases(words: readonly Word[], max = 2): string[] {
  const phrases: string[][] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) phrases.push(current);
    current = [];
  };
  for (const word of words) {
    if (word.clauseStart) flush();
    if (isRequestWord(foldWord(word.text))) flush();
    else current.push(word.text);
  }
  flush();
  return phrases
    .map((p) => p.join(' '))
    .filter((p) => p.length >= 4 && p.split(' ').length <= 8)
    .sort((a, b) => b.length - a.length)
    .slice(0, max);
}

export interface Hints {
  shorter: boolean;
  newer: boolean;
  older: boolean;
}

const HINT_WORDS: Record<keyof Hints, Set<string>> = {
  shorter: new Set(['shorter', 'short', 'brief', 'kurzer', 'kurzeres', 'kurzere', 'kurz', 'breve', 'brevi', 'corto', 'corti'].map(foldWord)),
  newer: new Set(['newer', 'recent', 'modern', 'neuer', 'neueres', 'neuere', 'aktueller', 'modern', 'recente', 'recenti', 'moderno', 'nuovo'].map(foldWord)),
  older: new Set(['older', 'classic', 'classics', 'alter', 'alteres', 'altere', 'klassiker', 'klassisch', 'vecchio', 'classico', 'classici'].map(foldWord)),
};

/**
 * The cheap hints of a request: "shorter" (pages), "newer" and "older" (publication year).
 * @example readHints(splitWords('something like Hyperion but shorter')) // { shorter: true, newer: false, older: false }
 */
export function readHints(words: readonly Word[]): Hints {
  const folded = new Set(words.map((w) => foldWord(w.text)));
  const has = (kind: keyof Hints) => [...HINT_WORDS[kind]].some((w) => folded.has(w));
  const newer = has('newer');
  const older = has('older');
  // "newer" and "older" together cancel out.
  return { shorter: has('shorter'), newer: newer && !older, older: older && !newer };
}

/**
 * Years the request names ("the 1966 Hugo", "Premio Urania 1990"): four digits from 1900 to 2099.
 * @example readYears(splitWords('the 1966 Hugo winners')) // [1966]
 */
export function readYears(words: readonly Word[]): number[] {
  return [...new Set(words.map((w) => w.text).filter((t) => /^(19|20)\d\d$/.test(t)).map(Number))];
}

/**
 * The hints the reader gave that no recommended book could follow: "shorter" when the catalogue knows
 * no page count to compare (issue 29 point 21), so the answer can say so instead of ignoring it.
 * @example unmetHints({ shorter: true, newer: false, older: false }, []) // ['shorter']
 */
export function unmetHints(hints: Hints, followed: readonly (keyof Hints)[]): (keyof Hints)[] {
  return (Object.keys(hints) as (keyof Hints)[]).filter((hint) => hints[hint] && !followed.includes(hint));
}
