/**
 * The part of a book or author page that full-text search indexes (issue 5 item 4; issue 28 point
 * 5, ADR 0037): the synopsis or bio region the page marks `data-pagefind-body` (in the page's
 * language, else English, as the page shows it) and the title its `<h1>` carries. Pages rendered on
 * demand were never built, so the index is given this region as a small HTML document of its own,
 * which pagefind reads as it reads the page: the same words, excerpt, title and kind. Pure.
 */
import { localized, localizedTitle, type TitledBook } from './catalogue-view.ts';
import type { Locale } from './enums.ts';
import type { LocalizedTextInput } from './catalogue-view.ts';
import { renderDescription } from './markdown.ts';

/** One page's indexed part, at its address. */
export interface SearchPage {
  /** The page's address as pagefind records a built page's (`/en/books/dune/`). */
  url: string;
  /** A document pagefind indexes as it indexes the page. */
  html: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function document(locale: Locale, title: string, kind: 'book' | 'author', text: ReturnType<typeof localized>): string | null {
  const body = text ? renderDescription(text.text) : '';
  if (!body.trim()) return null; // the page shows its empty state, which is not indexed
  const lang = text && text.locale !== locale ? ` lang="${text.locale}"` : '';
  return `<!doctype html><html lang="${locale}"><body><h1 data-pagefind-meta="title">${escapeHtml(title)}</h1><div class="prose"${lang} data-pagefind-body data-pagefind-meta="kind:${kind}">${body}</div></body></html>`;
}

/**
 * A book page's indexed part, or null when its page indexes nothing (no synopsis in any language).
 * @example bookSearchPage({ slug: 'dune', originalTitle: 'Dune', ... }, 'en')?.url // '/en/books/dune/'
 */
export function bookSearchPage(book: TitledBook & { slug: string; description: LocalizedTextInput }, locale: Locale): SearchPage | null {
  const html = document(locale, localizedTitle(book, locale).title, 'book', localized(book.description, locale));
  return html ? { url: `/${locale}/books/${book.slug}/`, html } : null;
}

/** An author page's indexed part, or null when its page indexes nothing (no bio in any language). */
export function authorSearchPage(author: { slug: string; name: string; bio: LocalizedTextInput }, locale: Locale): SearchPage | null {
  const html = document(locale, author.name, 'author', localized(author.bio, locale));
  return html ? { url: `/${locale}/authors/${author.slug}/`, html } : null;
}
