import { getDb, type Database } from '../../../db/client.ts';
import type { Locale } from '../../../src/domain/enums.ts';
import { SearchQuerySchema } from '../../../src/domain/schemas/search.ts';
import { handle, ok, parseQuery } from './http.ts';

/**
 * The five typeahead endpoints differ only in what they search: this builds one from a search
 * function. An empty or blank q answers an empty list (no query, no database call).
 */
export function searchEndpoint<T>(search: (db: Database, query: string, locale: Locale) => Promise<T[]>) {
  return handle({
    GET: async (req, ctx) => {
      const { q, lang } = parseQuery(req, SearchQuerySchema);
      if (q === null) return ok([]);
      return ok(await search(await getDb(), q, lang ?? ctx.locale), { headers: { 'cache-control': 'public, max-age=60', vary: 'accept-language' } });
    },
  });
}

