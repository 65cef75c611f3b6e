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
