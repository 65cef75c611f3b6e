/**
 * What the build does to a page's HTML after Astro wrote it, in one place, so an on-demand page
 * (src/middleware.ts, ADR 0037) gets exactly what a prebuilt one gets:
 * - the island style moves into <head> (issue 11: html-validate refuses a <style> inside a <div>, on
 *   every page; withastro/astro#13832); the rule itself and its CSP hash stay the same;
 * - the SHA-256 sources of its inline scripts and styles, for its Content-Security-Policy (issue 10
 *   point 7). JSON-LD blocks are data, not scripts: CSP does not apply to them.
 */
import { createHash } from 'node:crypto';
import type { InlineHashes } from '../domain/security-headers.ts';

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g;
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/** Adds the hashes of one page's inline scripts and styles to the sets. */
export function collectInlineHashes(html: string, into: { scripts: Set<string>; styles: Set<string> }): void {
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/type=["']?application\/(ld\+)?json/.test(attributes!)) continue;
    into.scripts.add(sha256(body!));
  }
  for (const [, body] of html.matchAll(INLINE_STYLE)) into.styles.add(sha256(body!));
}

/** The hashes of one page's inline scripts and styles. */
export function inlineHashesOfPage(html: string): InlineHashes {
  const found = { scripts: new Set<string>(), styles: new Set<string>() };
  collectInlineHashes(html, found);
  return { scripts: [...found.scripts], styles: [...found.styles] };
}

export const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** The page with the island style in its head instead of its body (unchanged without one). */
export function hoistIslandStyle(html: string): string {
  if (!html.includes(ISLAND_STYLE) || !html.includes('</head>')) return html;
  return html.replaceAll(ISLAND_STYLE, '').replace('</head>', `${ISLAND_STYLE}</head>`);
}
