/**
 * The little markdown of the assistant's answers, for the chat island (issue 15 point 1): paragraphs,
 * bullet and numbered lists, **bold**, and links to our book pages, which the island renders as links
 * that open the book pop-up. Everything else stays text: no HTML, no other links, no images.
 */
import { bookSlugOf } from './book-links.ts';

export type Inline = { kind: 'text'; text: string } | { kind: 'strong'; text: string } | { kind: 'book'; label: string; href: string; slug: string };
export type Block = { kind: 'paragraph'; inlines: Inline[] } | { kind: 'list'; ordered: boolean; items: Inline[][] };

const TOKEN = /\*\*([^*\n]+)\*\*|\[([^[\]\n]*)\]\(([^()\s]*)\)/g;

/**
 * One line's inline parts.
 * @example parseInline('See [Dune](/en/books/dune)') // [{kind:'text',text:'See '},{kind:'book',label:'Dune',href:'/en/books/dune',slug:'dune'}]
 */
export function parseInline(line: string): Inline[] {
  const parts: Inline[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += text;
    else parts.push({ kind: 'text', text });
  };
  let at = 0;
  for (const match of line.matchAll(TOKEN)) {
    pushText(line.slice(at, match.index));
    at = match.index + match[0].length;
    if (match[1] !== undefined) {
      parts.push({ kind: 'strong', text: match[1] });
      continue;
    }
    const slug = bookSlugOf(match[3]!);
    if (slug) parts.push({ kind: 'book', label: match[2]!, href: match[3]!.trim(), slug });
    else pushText(match[2]!);
  }
  pushText(line.slice(at));
  return parts;
}

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

/** An answer's blocks: blank lines end a paragraph; consecutive bullet or numbered lines form a list. */
export function parseChatMarkdown(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', inlines: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      endParagraph();
      const ordered = numbered !== null;
      const last = blocks.at(-1);
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(parseInline(item[1]!));
      else blocks.push({ kind: 'list', ordered, items: [parseInline(item[1]!)] });
    } else if (line.trim() === '') {
      endParagraph();
    } else {
      paragraph.push(line.trim().replace(/^#{1,6}\s+/, ''));
    }
  }
  endParagraph();
  return blocks;
}
