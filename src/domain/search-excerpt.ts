/**
 * Pagefind's excerpts are HTML: text with `<mark>` around the matched words. The results page never
 * inserts them as HTML (the text comes from the catalogue); it splits them into text runs, marked or
 * not, and renders those as text.
 */

export interface ExcerptRun {
  text: string;
  mark: boolean;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the entities an HTML serializer writes (named basics and numeric). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * @example excerptRuns('a <mark>dune</mark> &amp; sand') // [{ text: 'a ', mark: false }, { text: 'dune', mark: true }, { text: ' & sand', mark: false }]
 */
export function excerptRuns(excerpt: string): ExcerptRun[] {
  const runs: ExcerptRun[] = [];
  let mark = false;
  for (const part of excerpt.split(/(<\/?mark>)/i)) {
    if (/^<mark>$/i.test(part)) mark = true;
    else if (/^<\/mark>$/i.test(part)) mark = false;
    else if (part) runs.push({ text: decodeEntities(part.replace(/<[^>]*>/g, '')), mark });
  }
  return runs;
}

/** Lower case without accents, ß as ss: "Wüstenplanet" and "wustenplanet" are the same word. */
const foldWord = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replaceAll('ß', 'ss');

/** The words of a text: runs of letters and digits, folded. */
const wordsOf = (text: string) => (foldWord(text).match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3);

/**
 * Whether a matched word in the page stands for a query word: the same word, a longer form of it
 * ("dune" finds "dunes"), or its stem ("planets" finds "planet": at most two letters shorter).
 * Pagefind also marks words that share only a few first letters ("nur" for "nueromancer", "her"
 * for "herbert"): those are not matches.
 */
function standsFor(marked: string, query: string): boolean {
  return marked.startsWith(query) || (query.startsWith(marked) && marked.length >= query.length - 2);
}

/**
 * Whether a full-text hit really contains a query word (issue 11): some word pagefind marked in its
 * excerpt stands for some query word of three or more letters.
 * @example isRelevantExcerpt('herbert', 'by Frank <mark>Herbert</mark>') // true
 * @example isRelevantExcerpt('herbert', 'for <mark>her</mark> brother') // false
 */
export function isRelevantExcerpt(query: string, excerpt: string): boolean {
  const queryWords = wordsOf(query);
  const marked = excerptRuns(excerpt)
    .filter((run) => run.mark)
    .flatMap((run) => wordsOf(run.text));
  return marked.some((word) => queryWords.some((q) => standsFor(word, q)));
}
