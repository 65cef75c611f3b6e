/**
 * The book links of the assistant's answers (issue 15 points 1, 2): every recommended book is a
 * markdown link to its page in the reader's language, `[Der Wüstenplanet](/de/books/dune)`, and the
 * server keeps a link only when the tools returned that book in this conversation. Pure: the
 * caller says which slugs are allowed.
 */
import { LOCALES, type Locale } from '../enums.ts';

const BOOK_PATH = new RegExp(`^/(${LOCALES.join('|')})/books/([a-z0-9]+(?:-[a-z0-9]+)*)/?$`);

/**
 * The slug a link points at when it is a book page of ours, else null.
 * @example bookSlugOf('/de/books/dune') // 'dune'
 */
export function bookSlugOf(href: string): string | null {
  const match = BOOK_PATH.exec(href.trim());
  return match ? match[2]! : null;
}

/** The page of a book in a language: `/de/books/dune`. */
export const bookPath = (locale: Locale, slug: string): string => `/${locale}/books/${slug}`;

/** A markdown link to a book's page; the label loses the characters that would end the link early. */
export const bookLink = (locale: Locale, slug: string, title: string): string => `[${title.replace(/[[\]\n]/g, ' ').trim()}](${bookPath(locale, slug)})`;

/** A complete link at the start of a text: `[label](href)`. */
const LINK = /^\[([^[\]\n]*)\]\(([^()\s]*)\)/;
/** A start that may still become a link when more text arrives. */
const LINK_PREFIX = /^\[[^[\]\n]*(?:\](?:\([^()\s]*)?)?$/;
/** An unfinished link at the end of the answer: its label. */
const UNFINISHED = /^\[([^[\]\n]*)\]\(/;
/** A longer "link" is none: a bracket in prose. */
const LONGEST_LINK = 400;

export interface LinkGuard {
  /** Takes the next piece of the streamed answer; returns what may be shown now. */
  push(delta: string): string;
  /** The end of the answer: returns what was held back. */
  flush(): string;
}

/**
 * Filters the links of a streamed answer: a link `allow` accepts is kept (pointing at the page it
 * returns, e.g. in the reader's language), any other link becomes its bare label. Text that might be
 * the start of a link is held back until it is clear, so a made-up book is never shown linked, not
 * even for a moment.
 * @example const guard = createLinkGuard((href) => (href === '/en/books/dune' ? href : null));
 *          guard.push('Try [Dune](/en/books/dune) or [Fake](/en/books/fake)') + guard.flush() // 'Try [Dune](/en/books/dune) or Fake'
 */
export function createLinkGuard(allow: (href: string) => string | null): LinkGuard {
  let pending = '';
  const drain = (final: boolean): string => {
    let out = '';
    while (pending) {
      const open = pending.indexOf('[');
      if (open === -1) {
        out += pending;
        pending = '';
        break;
      }
      out += pending.slice(0, open);
      pending = pending.slice(open);
      const link = LINK.exec(pending);
      if (link) {
        const href = allow(link[2]!);
        out += href ? `[${link[1]}](${href})` : link[1];
        pending = pending.slice(link[0].length);
        continue;
      }
      if (!final && pending.length < LONGEST_LINK && LINK_PREFIX.test(pending)) break;
      const unfinished = final ? UNFINISHED.exec(pending) : null;
      if (unfinished) {
        out += unfinished[1];
        pending = '';
        break;
      }
      out += '[';
      pending = pending.slice(1);
    }
    return out;
  };
  return {
    push(delta) {
      pending += delta;
      return drain(false);
    },
    flush() {
      return drain(true);
    },
  };
}

/**
 * The guard's rule for one conversation: a link to a book page whose slug the tools returned is kept
 * and points at the page in `locale`; every other link (other books, other sites) is dropped.
 */
export function allowBookLinks(locale: Locale, allowed: ReadonlySet<string>): (href: string) => string | null {
  return (href) => {
    const slug = bookSlugOf(href);
    return slug !== null && allowed.has(slug) ? bookPath(locale, slug) : null;
  };
}

/** Applies the guard to a whole text at once (stored answers, the recommender's answer). */
export function guardLinks(text: string, allow: (href: string) => string | null): string {
  const guard = createLinkGuard(allow);
  return guard.push(text) + guard.flush();
}
