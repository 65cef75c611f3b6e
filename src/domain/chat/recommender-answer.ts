/**
 * The answer of the catalogue's own recommender in the chat (issue 15 points 2, 3): without a
 * configured model, or when it failed, the same endpoint answers with `recommendBooks`, labelled as
 * the catalogue's recommender, each book a markdown link to its page in the reader's language with
 * its explanation. Pure: the texts come translated.
 */
import type { Locale } from '../enums.ts';
import { bookLink } from './book-links.ts';

export interface RecommendedBook {
  slug: string;
  title: string;
  authors: string[];
  explanation: string;
}

export interface RecommenderTexts {
  /** 'Recommendations of the catalogue's own recommender (no AI):' */
  label: string;
  /** 'Nothing in the catalogue matched your message. Name a book, an author or a series you liked.' */
  nothing: string;
  /** 'by {authors}' */
  by: string;
  /** Said first when a configured model failed or took too long (null otherwise). */
  note: string | null;
}

/**
 * The answer as markdown: the note, the label, then one list item per book.
 * @example recommenderAnswer('en', [{ slug: 'dune', title: 'Dune', authors: ['Frank Herbert'], explanation: 'Also by Frank Herbert.' }], texts)
 *          // 'Recommendations …:\n\n- [Dune](/en/books/dune), by Frank Herbert: Also by Frank Herbert.'
 */
export function recommenderAnswer(locale: Locale, books: readonly RecommendedBook[], texts: RecommenderTexts): string {
  const parts: string[] = [];
  if (texts.note) parts.push(texts.note);
  if (books.length === 0) {
    parts.push(texts.nothing);
    return parts.join('\n\n');
  }
  const items = books.map((book) => {
    const by = book.authors.length ? `, ${texts.by.replace('{authors}', book.authors.join(', '))}` : '';
    return `- ${bookLink(locale, book.slug, book.title)}${by}: ${book.explanation}`;
  });
  parts.push(`${texts.label}\n\n${items.join('\n')}`);
  return parts.join('\n\n');
}
