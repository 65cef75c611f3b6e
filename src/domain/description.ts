/**
 * Text helpers for synopses and bios (spec §5 "Descriptions", §9 "Text truncation appends '...'").
 * Pure string work: the HTML rendering lives in markdown.ts.
 */

/**
 * Heading words that imported descriptions often start with and that add nothing on a detail page.
 * Matched as a whole line, case-insensitively; add a word here to strip one more.
 */
export const LEADING_HEADING_WORDS = ['Einleitung', 'Introduction', 'Introduzione'] as const;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const WORD = `(?:${LEADING_HEADING_WORDS.map(escapeRegExp).join('|')})`;

/**
 * The heading line itself: optional ATX hashes, optional bold/italic markers, the word, optional
 * colon (inside or outside the markers), optional closing hashes.
 */
const HEADING_LINE = `[ \\t]{0,3}(?:#{1,6}[ \\t]+)?(?:\\*{1,2}|_{1,2})?${WORD}:?(?:\\*{1,2}|_{1,2})?:?(?:[ \\t]+#+)?[ \\t]*`;
const EOL = '(?:\\r?\\n|$)';
const LEADING_HEADING = new RegExp(
  `^(?:[ \\t]*\\r?\\n)*` + // blank lines before the heading
    HEADING_LINE +
    EOL +
    `(?:[ \\t]*(?:=+|-+)[ \\t]*${EOL})?` + // setext underline ('Einleitung\n==========')
    `(?:[ \\t]*\\r?\\n)*`, // blank lines after the heading
  'i',
);

/**
 * Removes a leading 'Einleitung' / 'Introduction' / 'Introduzione' heading line and the blank lines after it.
 * @example stripLeadingHeading('## Einleitung\n\nArrakis ...') // 'Arrakis ...'
 */
export function stripLeadingHeading(markdown: string): string {
  const match = LEADING_HEADING.exec(markdown);
  return match ? markdown.slice(match[0].length) : markdown;
}

/** Characters markdown lets you backslash-escape (CommonMark "ASCII punctuation"). */
const ESCAPABLE = /\\([!"#$%&'()*+,\-./:;<=>?@[\]\\^_`{|}~])/g;
/** Private-use placeholder so escaped characters survive the markup stripping below. */
const PLACEHOLDER = /\uE000(\d+)\uE001/g;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi, (entity, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : entity;
  });
}

/**
 * Reduces markdown to one line of plain text for teasers, meta descriptions and search snippets.
 * Covers what descriptions use (headings, emphasis, links, images, lists, quotes, code, inline HTML);
 * tables keep their cell text and pipes.
 * @example markdownToPlainText('# Dune\n\nA *desert* [planet](/p).') // 'Dune A desert planet.'
 */
export function markdownToPlainText(markdown: string): string {
  const escaped: string[] = [];
  let text = markdown
    .replace(/\r\n?/g, '\n')
    .replace(ESCAPABLE, (_, ch: string) => `\uE000${escaped.push(ch) - 1}\uE001`);

  text = text
    // Code fences: drop the fence lines, keep the code.
    .replace(/^[ \t]*(?:`{3,}|~{3,}).*$/gm, '')
    // Link reference definitions: '[1]: https://...'.
    .replace(/^[ \t]{0,3}\[[^\]\n]+\]:[ \t]*\S+.*$/gm, '')
    // Images (inline and reference) are dropped entirely, before links so '[![img](x)](y)' works.
    .replace(/!\[[^\]]*\]\((?:[^()\n]|\([^()\n]*\))*\)/g, '')
    .replace(/!\[[^\]]*\]\[[^\]]*\]/g, '')
    // Links keep their text.
    .replace(/\[([^\]]*)\]\((?:[^()\n]|\([^()\n]*\))*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    // Autolinks keep the address; other HTML tags and comments go.
    .replace(/<((?:https?|ftp|mailto|xmpp|ircs?):[^\s<>]*)>/gi, '$1')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    // Thematic breaks and setext underlines.
    .replace(/^[ \t]*(?:[-*_=][ \t]*){3,}$/gm, '')
    // Block markers: headings, quotes, list bullets and numbers, task boxes.
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm, '$1')
    .replace(/^[ \t]*(?:>[ \t]?)+/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/gm, '')
    // Inline code keeps its content.
    .replace(/(`+)(.+?)\1/g, '$2')
    // Emphasis and strikethrough; '_' only at word edges so snake_case survives.
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/\*(?=\S)([\s\S]*?\S)\*/g, '$1')
    .replace(/(^|[^\p{L}\p{N}_])_(?=\S)([\s\S]*?\S)_(?![\p{L}\p{N}_])/gu, '$1$2')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1');

  return decodeEntities(text.replace(PLACEHOLDER, (_, i: string) => escaped[Number(i)] ?? ''))
    .replace(/\s+/g, ' ')
    .trim();
}

export const ELLIPSIS = '...';

/**
 * Shortens text to at most `max` characters including the trailing '...', preferring a word boundary.
 * @example truncate('The spice must flow', 12) // 'The spice...'
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= ELLIPSIS.length) return ELLIPSIS.slice(0, Math.max(0, max));

  const budget = max - ELLIPSIS.length;
  // A boundary is whitespace at or just after the cut; only take it when it keeps >= 80% of the budget,
  // otherwise one long word would swallow most of the text.
  const boundary = text.slice(0, budget + 1).search(/\s(?=\S*$)/);
  const cut = boundary >= Math.floor(budget * 0.8) ? text.slice(0, boundary) : sliceWhole(text, budget);
  // 'flow,...' and 'flow....' read badly: drop trailing spaces and soft punctuation before the dots.
  return cut.replace(/[\s,;:.\-–—]+$/u, '') + ELLIPSIS;
}

/** The first `length` UTF-16 units of `text`, one fewer where the cut would leave half of a surrogate pair (emoji, rare CJK). */
function sliceWhole(text: string, length: number): string {
  const cut = text.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * Cuts text at `max` characters and appends '...' (spec §2 pop-up: the author's bio "truncated to 400
 * characters plus" a link; §9 "Text truncation appends '...'"): exactly the first `max` characters as
 * JavaScript counts them (`length`, as the islands do), one fewer where that would split a surrogate
 * pair; text of at most `max` characters is returned unchanged. Unlike `truncate`, the dots come on
 * top of `max` and the cut does not look for a word boundary.
 * @example truncateText('The spice must flow', 9) // 'The spice...'
 */
export function truncateText(text: string, max: number): string {
  return text.length <= max ? text : sliceWhole(text, Math.max(0, max)) + ELLIPSIS;
}
