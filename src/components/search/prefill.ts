/**
 * The first paint of /search?q= (issue 11, point 7): an inline script right after the results element
 * puts the query into the page's search box and the results heading above "Loading", before the
 * browser first paints, so the page shows what was asked for without waiting for any module (its
 * largest text was that heading, painted only once the results code had loaded). The module script
 * (src/islands/search/results-page.ts) then fills in the results under the same heading.
 *
 * Sent as its source text (Function.prototype.toString, see `prefillScript`): it may use nothing but
 * its parameters and the browser's globals, and so may the functions passed to it.
 */
import { SEARCH_MAX_LENGTH, normalizeSearchQuery } from '../../domain/search-query.ts';
import { fill } from '../../islands/cards/format.ts';

export function prefillSearchPage(normalize: typeof normalizeSearchQuery, format: typeof fill, maxLength: number, heading: string): void {
  const query = normalize((new URLSearchParams(location.search).get('q') ?? '').slice(0, maxLength));
  const results = document.querySelector('[data-search-results] .search-results');
  if (query === null || !results) return;
  const input = document.querySelector<HTMLInputElement>('.search--page input[name="q"]');
  if (input && !input.value) input.value = query;
  const title = document.createElement('h2');
  title.className = 'search-results__heading';
  title.textContent = format(heading, { query });
  results.prepend(title);
}

/** The inline script's text: the function above called with the shared query rules and the page's heading ('Results for “{query}”'). */
export function prefillScript(heading: string): string {
  // `<` escaped: the text sits inside a <script> element.
  const literal = JSON.stringify(heading).replaceAll('<', '\\u003c');
  return `(${prefillSearchPage.toString()})(${normalizeSearchQuery.toString()}, ${fill.toString()}, ${SEARCH_MAX_LENGTH}, ${literal});`;
}
