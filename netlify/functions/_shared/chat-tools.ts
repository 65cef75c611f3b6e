/**
 * The assistant's tools (issue 15 point 2): the model knows the catalogue only through these, over
 * our own data, in the reader's language. Every book a tool returns carries its `link` and is
 * recorded in `returned`: the only books the answer may link (the link guard). Results go back to the
 * model wrapped by `toolData`, as data.
 */
import { tool } from 'ai';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { readerBooks } from '../../../db/queries/chat/conversations.ts';
import { loadModalCatalogue } from '../../../db/queries/reader/modal-data.ts';
import { recommendBooks, similarBooks, type Recommendation } from '../../../db/queries/recommend.ts';
import { findBookId } from '../../../db/queries/refs.ts';
import { searchAuthors, searchBooks, searchSeries } from '../../../db/queries/search.ts';
import { bookPath } from '../../../src/domain/chat/book-links.ts';
import { toolData } from '../../../src/domain/chat/system-prompt.ts';
import { UNMET_HINT_KEYS } from '../../../src/domain/recommend/explanation.ts';
import { translate } from './messages.ts';
import { markdownToPlainText, truncateText } from '../../../src/domain/description.ts';
import type { Locale } from '../../../src/domain/enums.ts';

/** A synopsis sent to the model is cut here: enough to judge a book, not a page of tokens. */
const SYNOPSIS_LENGTH = 1_200;

export interface ToolContext {
  db: Database;
  locale: Locale;
  userId: string;
  /** Slugs of the books the tools returned while answering (filled as they run). */
  returned: Set<string>;
}

const SlugInput = z.object({ slug: z.string().min(1).max(200).describe('The slug of a book, as a tool returned it (the last part of its link).') });

export function chatTools({ db, locale, userId, returned }: ToolContext) {
  const linked = (slug: string) => {
    returned.add(slug);
    return bookPath(locale, slug);
  };
  const recommendation = (book: Recommendation) => ({
    title: book.title,
    authors: book.authors,
    link: linked(book.slug),
    why: book.explanation,
  });
  return {
    searchCatalogue: tool({
      description: 'Finds books, authors and series of the catalogue by a title or name the reader mentions (any language, typos tolerated).',
      inputSchema: z.object({ query: z.string().min(1).max(200).describe('A title, an author or a series name') }),
      execute: async ({ query }) => {
        const [books, authors, series] = await Promise.all([searchBooks(db, query, locale, 8), searchAuthors(db, query, locale, 4), searchSeries(db, query, locale, 4)]);
        return toolData({
          books: books.map((book) => ({ title: book.title, authors: book.authors.map((a) => a.name), year: book.year, link: linked(book.slug) })),
          authors: authors.map((author) => author.name),
          series: series.map((s) => s.name),
        });
      },
    }),
    getBook: tool({
      description: 'Reads one book: synopsis, genres, awards, series and the editions in the reader’s language.',
      inputSchema: SlugInput,
      execute: async ({ slug }) => {
        const id = await findBookId(db, slug);
        const found = id === null ? null : await loadModalCatalogue(db, id, locale);
        if (!found) return toolData({ error: 'No book with this slug.' });
        const { book } = found;
        return toolData({
          title: book.title,
          originalTitle: book.originalTitle,
          authors: book.authors.map((a) => a.name),
          year: book.publicationYear,
          link: linked(book.slug),
          synopsis: book.description ? truncateText(markdownToPlainText(book.description), SYNOPSIS_LENGTH) : null,
          genres: book.genres.map((g) => g.name),
          awards: book.awards.map((a) => ({ award: a.awardName, category: a.category, year: a.year, winner: a.isWinner })),
          series: book.allSeries.map((s) => ({ name: s.name, position: s.position })),
          editionsInYourLanguage: book.editions
            .filter((e) => e.languageCode.toLowerCase().startsWith(locale))
            .map((e) => ({ title: e.title, year: e.publicationYear, publisher: e.publisher })),
        });
      },
    }),
    similarBooks: tool({
      description: 'Books of the catalogue similar to one book, leaving out what the reader has read, listed or rated.',
      inputSchema: SlugInput.extend({ limit: z.number().int().min(1).max(10).optional() }),
      execute: async ({ slug, limit }) => {
        const id = await findBookId(db, slug);
        if (id === null) return toolData({ error: 'No book with this slug.' });
        return toolData({ books: (await similarBooks(db, id, { locale, userId, limit: limit ?? 6 })).map(recommendation) });
      },
    }),
    recommendForWish: tool({
      description: 'The catalogue’s own recommender: books for a wish in the reader’s words ("like Hyperion but shorter"), without what the reader has read.',
      inputSchema: z.object({ wish: z.string().min(1).max(1000), limit: z.number().int().min(1).max(10).optional() }),
      execute: async ({ wish, limit }) => {
        const answer = await recommendBooks(db, { text: wish, locale, userId, limit: limit ?? 6 });
        return toolData({
          recognized: answer.recognized.map((e) => ({ kind: e.kind, name: e.name })),
          books: answer.books.map(recommendation),
          // Tell the reader what could not be followed (issue 29 point 21) rather than pass the list off as "shorter".
          couldNotFollow: answer.unmetHints.map((hint) => translate(locale, UNMET_HINT_KEYS[hint])),
        });
      },
    }),
    readerBooks: tool({
      description: 'What the reader has on their reading list (to read, reading, read) and has rated: never recommend these.',
      inputSchema: z.object({}),
      execute: async () => toolData({ books: (await readerBooks(db, userId, locale, 100)).map(({ slug: _slug, ...book }) => book) }),
    }),
  };
}
