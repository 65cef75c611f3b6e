/**
 * pg_trgm's word similarity in TypeScript (contrib/pg_trgm/trgm_op.c: generate_trgm_only,
 * calc_word_similarity, iterate_word_similarity), so the in-memory search index
 * (src/domain/search-index.ts) ranks the fuzzy tier exactly as `word_similarity()` and `<%` do in
 * PostgreSQL. Inputs are already folded (search_fold: lower case, accents dropped).
 *
 * - Words are runs of letters and digits (pg_trgm's t_isalnum; non-ASCII letters and digits count by
 *   their Unicode class); each word is padded with two spaces in front and one behind and cut into
 *   every three-character window ("  d", " du", "dun", "une", "ne ").
 * - A trigram is its three characters here; pg_trgm keeps three bytes and replaces a trigram with
 *   non-ASCII characters by three bytes of its CRC, so two different non-ASCII trigrams could collide
 *   there and not here (about one in 16 million; the catalogue's folds are nearly all ASCII).
 * - Similarities are float4 in PostgreSQL: every quotient goes through Math.fround, so ties and the
 *   threshold comparison (`>= 0.45` against a double) come out the same.
 */

const ASCII_WORD = /[a-z0-9A-Z]/;
const UNICODE_WORD = /[\p{L}\p{N}]/u;

function isWordChar(c: string): boolean {
  return c.charCodeAt(0) < 128 ? ASCII_WORD.test(c) : UNICODE_WORD.test(c);
}

/**
 * The trigrams of every word of `text`, in order, duplicates kept (generate_trgm_only).
 * @example wordTrigrams('du') // ['  d', ' du', 'du ']
 */
export function wordTrigrams(text: string): string[] {
  const out: string[] = [];
  const chars = Array.from(text);
  let i = 0;
  while (i < chars.length) {
    while (i < chars.length && !isWordChar(chars[i]!)) i++;
    if (i >= chars.length) break;
    const start = i;
    while (i < chars.length && isWordChar(chars[i]!)) i++;
    const padded = ['  ', ...chars.slice(start, i).map((c) => c.toLowerCase()), ' '].join('');
    const p = Array.from(padded);
    for (let k = 0; k + 2 < p.length; k++) out.push(p[k]! + p[k + 1]! + p[k + 2]!);
  }
  return out;
}

/** The distinct trigrams of a query, the left side of word_similarity. */
export function uniqueTrigrams(text: string): Set<string> {
  return new Set(wordTrigrams(text));
}

const calcSml = (count: number, len1: number, len2: number) => Math.fround(Math.fround(count) / Math.fround(len1 + len2 - count));

/**
 * `word_similarity(query, text)`: the greatest similarity of the query's trigram set to a run of
 * the text's trigrams (calc_word_similarity + iterate_word_similarity, without the strict and
 * check-only flags). `query` may be given as its trigram set (computed once per request).
 * @example wordSimilarity('word', 'two words') // 0.8
 */
export function wordSimilarity(query: string | Set<string>, text: string): number {
  const q = typeof query === 'string' ? uniqueTrigrams(query) : query;
  const t = wordTrigrams(text);
  // Index each distinct trigram: those of the query are `found`.
  const ids = new Map<string, number>();
  const found: boolean[] = [];
  for (const trg of q) {
    ids.set(trg, found.length);
    found.push(true);
  }
  const trg2indexes = t.map((trg) => {
    let id = ids.get(trg);
    if (id === undefined) {
      id = found.length;
      ids.set(trg, id);
      found.push(false);
    }
    return id;
  });
  return iterate(trg2indexes, found, q.size);
}

/**
 * Trigrams numbered once for a whole index, so that similarities of one query against thousands of
 * texts run over integer arrays and reused scratch buffers (same algorithm as `wordSimilarity`).
 */
export class TrigramDictionary {
  private readonly ids = new Map<string, number>();
  private stamp = new Int32Array(1024);
  private local = new Int32Array(1024);
  private generation = 0;

  /** The text's trigrams (`wordTrigrams`) as ids, numbering new ones. */
  encode(text: string): Int32Array {
    return Int32Array.from(wordTrigrams(text), (trg) => {
      let id = this.ids.get(trg);
      if (id === undefined) this.ids.set(trg, (id = this.ids.size));
      return id;
    });
  }

  /** A query's distinct trigrams: the ids of those some text has, and how many there are in all. */
  query(text: string): { ids: Set<number>; size: number } {
    const unique = uniqueTrigrams(text);
    const ids = new Set<number>();
    for (const trg of unique) {
      const id = this.ids.get(trg);
      if (id !== undefined) ids.add(id);
    }
    return { ids, size: unique.size };
  }

  /** `wordSimilarity(query, text)` for an encoded text. */
  similarity(query: { ids: Set<number>; size: number }, text: Int32Array): number {
    if (this.stamp.length < this.ids.size) {
      this.stamp = new Int32Array(this.ids.size * 2);
      this.local = new Int32Array(this.ids.size * 2);
      this.generation = 0;
    }
    if (this.generation > 1e9) {
      this.stamp.fill(0);
      this.generation = 0;
    }
    const g = ++this.generation;
    const trg2indexes = new Array<number>(text.length);
    const found: boolean[] = [];
    for (let i = 0; i < text.length; i++) {
      const id = text[i]!;
      if (this.stamp[id] !== g) {
        this.stamp[id] = g;
        this.local[id] = found.length;
        found.push(query.ids.has(id));
      }
      trg2indexes[i] = this.local[id]!;
    }
    return iterate(trg2indexes, found, query.size);
  }
}

function iterate(trg2indexes: number[], found: boolean[], ulen1: number): number {
  const lastpos = new Array<number>(found.length).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let smlrMax = 0;
  for (let i = 0; i < trg2indexes.length; i++) {
    const trgindex = trg2indexes[i]!;
    if (lower >= 0 || found[trgindex]) {
      if (lastpos[trgindex]! < 0) {
        ulen2++;
        if (found[trgindex]) count++;
      }
      lastpos[trgindex] = i;
    }
    if (!found[trgindex]) continue;
    const upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let smlrCur = calcSml(count, ulen1, ulen2);
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const smlrTmp = calcSml(tmpCount, ulen1, tmpUlen2);
      if (smlrTmp > smlrCur) {
        smlrCur = smlrTmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tmpTrgindex = trg2indexes[tmpLower]!;
      if (lastpos[tmpTrgindex] === tmpLower) {
        tmpUlen2--;
        if (found[tmpTrgindex]) tmpCount--;
      }
    }
    smlrMax = Math.max(smlrMax, smlrCur);
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tmpTrgindex = trg2indexes[tmpLower]!;
      if (lastpos[tmpTrgindex] === tmpLower) lastpos[tmpTrgindex] = -1;
    }
  }
  return smlrMax;
}
