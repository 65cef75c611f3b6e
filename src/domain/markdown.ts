/**
 * Markdown → HTML for synopses and bios (spec §4 "synopsis rendered as markdown", §5 "Descriptions").
 * Descriptions come from editors and imports, so the renderer is the XSS boundary: raw HTML is shown
 * as text, and links/images keep only addresses isSafeUrl() allows.
 */
import { Marked, type Tokens } from 'marked';
import { stripLeadingHeading } from './description.ts';
import { isSafeUrl } from './safe-url.ts';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes every '&' too, so an entity like '&#58;' in an address cannot turn back into ':'. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

/** Off-site links: no ranking credit for pasted links, no window.opener for the target. */
const isExternal = (href: string) => /^\s*https?:/i.test(href) || /^\s*\/\//.test(href);

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text, block }: Tokens.HTML | Tokens.Tag) {
      return block ? `<p>${escapeHtml(text.trim())}</p>\n` : escapeHtml(text);
    },
    link({ href, title, tokens }: Tokens.Link) {
      const label = this.parser.parseInline(tokens);
      if (!isSafeUrl(href)) return label;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      const relAttr = isExternal(href) ? ' rel="nofollow noopener"' : '';
      return `<a href="${escapeHtml(href.trim())}"${titleAttr}${relAttr}>${label}</a>`;
    },
    image({ href, title, text, tokens }: Tokens.Image) {
      if (!isSafeUrl(href)) return '';
      const alt = tokens.length > 0 ? this.parser.parseInline(tokens, this.parser.textRenderer) : text;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<img src="${escapeHtml(href.trim())}" alt="${escapeHtml(alt)}"${titleAttr}>`;
    },
  },
});

/**
 * Renders untrusted markdown to HTML that is safe to inject (raw HTML escaped, unsafe links unlinked).
 * @example renderMarkdown('[x](javascript:alert(1))') // '<p>x</p>\n'
 */
export function renderMarkdown(markdown: string): string {
  // `async: false` selects the synchronous overload, so parse() returns a string, not a Promise.
  return marked.parse(markdown, { async: false });
}

/**
 * Renders a book or author description, dropping a leading 'Einleitung'-style heading first.
 * @example renderDescription('# Einleitung\n\nArrakis.') // '<p>Arrakis.</p>\n'
 */
export function renderDescription(markdown: string): string {
  return renderMarkdown(stripLeadingHeading(markdown));
}
