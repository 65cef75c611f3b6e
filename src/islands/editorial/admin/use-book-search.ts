/**
 * The admin screens' book search (the finalists' "add a book", the affiliate preview's book): the
 * typeahead endpoint asked 300 ms after the last keystroke, an earlier request aborted. One hook, so
 * both screens wait, abort and fail quietly alike.
 */
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { BookHitSchema, type BookHit } from '../../../domain/schemas/search.ts';
import type { accountClient } from '../../account/form-support.ts';

/** How long typing pauses before the search is asked. */
export const BOOK_SEARCH_DEBOUNCE_MS = 300;

/** The hits for `query` (null while it is blank); a failed search keeps the last hits. */
export function useBookSearch(client: ReturnType<typeof accountClient>, locale: string, query: string): BookHit[] | null {
  const [hits, setHits] = useState<BookHit[] | null>(null);
  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setHits(null);
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      client
        .get(`/api/books/search?${new URLSearchParams({ q, lang: locale })}`, { schema: z.array(BookHitSchema), signal: controller.signal })
        .then(setHits)
        .catch(() => undefined);
    }, BOOK_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, client, locale]);
  return hits;
}
