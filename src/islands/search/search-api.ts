/**
 * Asks the five search endpoints at once (spec §7: /api/{books,authors,series,genres,awards}/search)
 * in the page's language. A type whose request failed shows no results; only when all five fail is
 * it an error. Aborting the signal cancels all five.
 */
import type { Locale } from '../../domain/enums.ts';
import { SEARCH_KINDS } from '../../domain/search-query.ts';
import { EMPTY_RESULTS, type SearchResults } from '../../domain/search-results.ts';
import { createApiClient } from '../../lib/api-client.ts';

/** `limit`: results per type (the typeahead leaves it out and gets the caps; the results page asks for more). */
export function createSearchFetcher(locale: Locale, options: { limit?: number; fetcher?: typeof fetch } = {}) {
  const client = createApiClient({ language: () => locale, fetch: options.fetcher });
  return async function fetchResults(query: string, signal: AbortSignal): Promise<SearchResults> {
    const params = `q=${encodeURIComponent(query)}&lang=${locale}${options.limit ? `&limit=${options.limit}` : ''}`;
    const settled = await Promise.allSettled(SEARCH_KINDS.map((kind) => client.get<unknown[]>(`/api/${kind}/search?${params}`, { signal })));
    if (settled.every((s) => s.status === 'rejected')) throw (settled[0] as PromiseRejectedResult).reason;
    const results: SearchResults = { ...EMPTY_RESULTS };
    SEARCH_KINDS.forEach((kind, i) => {
      const outcome = settled[i]!;
      if (outcome.status === 'fulfilled' && Array.isArray(outcome.value)) (results as unknown as Record<string, unknown[]>)[kind] = outcome.value;
    });
    return results;
  };
}
