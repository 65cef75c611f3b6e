/**
 * The results of /search?q= (issue 5, item 4): every catalogue match grouped by type with counts
 * (the five search endpoints, up to 60 per type: "60+" says there are more), then full-text matches
 * in synopses and biographies from pagefind's index for the page's language (built by
 * src/integrations/pagefind.ts), only those whose excerpt marks a query word (pagefind also returns
 * pages sharing only a word's first letters), loaded once their section is within a screen of the view.
 * Pagefind's excerpts are rendered as text runs, never as HTML (src/domain/search-excerpt.ts).
 *
 * Plain DOM, no React (issue 11, point 7): the results are the page's content, so they start with the
 * page; React DOM before them cost the page its Lighthouse score (TBT 180-250 ms and LCP 3.1-3.6 s on
 * the mobile preset). The page's search box is a React island hydrated on intent like every other.
 * A module script of src/pages/[locale]/search.astro mounts it on the page's results element, which
 * carries the texts (data-texts) and the language (data-locale).
 */
import type { Locale } from '../../domain/enums.ts';
import { excerptRuns, isRelevantExcerpt } from '../../domain/search-excerpt.ts';
import { normalizeSearchQuery, SEARCH_MAX_LENGTH, SEARCH_MAX_LIMIT, type SearchKind } from '../../domain/search-query.ts';
import { countResults, searchGroups, type SearchOption, type SearchResults } from '../../domain/search-results.ts';
import { fill, plural, type PluralForms } from '../cards/format.ts';
import { createSearchFetcher } from './search-api.ts';
import { signalAnalytics } from '../../lib/analytics/signal.ts';

export interface SearchResultsTexts {
  /** 'Results for “{query}”' */
  heading: string;
  prompt: string;
  catalogue: string;
  nothing: string;
  hint: string;
  groups: Record<SearchKind, string>;
  results: PluralForms;
  /** 'Original title: {title}' */
  original: string;
  loading: string;
  error: string;
  retry: string;
  fullText: { title: string; empty: string; unavailable: string; more: string; book: string; author: string; matches: PluralForms };
}

interface FullTextHit {
  url: string;
  title: string;
  kind: string;
  excerpt: string;
}

interface Pagefind {
  search: (q: string) => Promise<{ results: { id: string; data: () => Promise<{ url: string; excerpt: string; meta: Record<string, string> }> }[] } | null>;
  options?: (o: Record<string, unknown>) => Promise<void>;
}

const FULL_TEXT_PAGE = 10;
/** Pagefind results read per query (each is a small fragment file); the best ones come first. */
const FULL_TEXT_MAX = 100;
let pagefindModule: Promise<Pagefind> | null = null;

/** Loads /pagefind/pagefind.js once (written at build time; absent in `astro dev`). */
function loadPagefind(): Promise<Pagefind> {
  pagefindModule ??= import(/* @vite-ignore */ `${'/pagefind/'}pagefind.js`).then(async (module: Pagefind) => {
    // The index is small: searching on the page is quick, and pagefind's worker timed out on loaded
    // machines, logging "Failed to initialize Pagefind in the web worker" (issue 11).
    await module.options?.({ excerptLength: 24, noWorker: true });
    return module;
  });
  return pagefindModule;
}

/** The query of the page's address as the results page reads it (null: none, ask for one). */
export function pageQuery(search: string): string | null {
  return normalizeSearchQuery((new URLSearchParams(search).get('q') ?? '').slice(0, SEARCH_MAX_LENGTH));
}

/**
 * The page without a query (issue 29 point 11): a blank `?q=+++` (a form sent before its box was
 * ready, an old link) leaves the address, and the page's search box takes the focus, so the phone's
 * search link, followed before its island was ready, lands in the box rather than on the body.
 */
function askForQuery(search: string): void {
  const params = new URLSearchParams(search);
  if (params.has('q') && search === window.location.search) {
    params.delete('q');
    const rest = params.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
  }
  document.querySelector<HTMLInputElement>('.search--page input[type="search"]')?.focus();
}

/** The full-text hits worth showing: those whose excerpt marks a query word (search-excerpt.ts). */
export function relevantHits(query: string, hits: readonly FullTextHit[]): FullTextHit[] {
  return hits.filter((hit) => isRelevantExcerpt(query, hit.excerpt));
}

/** The count shown in a group's heading: the number, or '60+' when the endpoint may have more. */
export function groupCount(found: number): string {
  return found < SEARCH_MAX_LIMIT ? String(found) : `${SEARCH_MAX_LIMIT}+`;
}

type Child = Node | string | null | undefined | false;

/** An element with attributes (undefined ones left out) and children. */
function h(tag: string, attributes: Record<string, string | undefined> = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
}

/** The markup of LoadingSpinner.tsx inside the results' status region (this page has no React: ADR 0013). */
function loading(label: string): HTMLElement {
  return h('span', { class: 'search-results__loading' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), ` ${label}`);
}

/** One result's body, as the search box's ResultSummary.tsx renders it in the dropdown. */
function resultSummary(option: SearchOption, originalText: string): Node[] {
  const parts: Node[] = [];
  if (option.kind === 'books') {
    const thumb = h('span', { class: 'search__thumb', 'aria-hidden': 'true' });
    if (option.image) thumb.append(h('img', { src: option.image, alt: '', width: '28', height: '42', loading: 'lazy', decoding: 'async' }));
    parts.push(thumb);
  }
  parts.push(
    h(
      'span',
      { class: 'search__text' },
      h('span', { class: 'search__label' }, option.label),
      option.original && h('span', { class: 'search__original' }, fill(originalText, { title: option.original })),
      option.detail && h('span', { class: 'search__detail' }, option.detail),
    ),
  );
  return parts;
}

/**
 * Shows the results of the page's query in `root`'s `.search-results` (made if missing), under the
 * heading the inline first-paint script put there (src/components/search/prefill.ts), which stays in
 * place: it is the page's largest text, painted with the page.
 */
export function mountSearchResults(root: HTMLElement, locale: Locale, texts: SearchResultsTexts, search = window.location.search): void {
  let container = root.querySelector<HTMLElement>('.search-results');
  if (!container) {
    container = h('div', { class: 'search-results' });
    root.replaceChildren(container);
  }
  const query = pageQuery(search);
  if (query === null) {
    container.replaceChildren(h('p', { class: 'search-results__prompt' }, texts.prompt));
    askForQuery(search);
    return;
  }
  const localize = (path: string) => `/${locale}${path}`;
  const fetchCatalogue = createSearchFetcher(locale, { limit: SEARCH_MAX_LIMIT });
  // A chosen catalogue result is reported to the analytics (issue 14); the pop-up of a book reports its own opening.
  container.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a.search-results__item') : null;
    if (link) signalAnalytics({ eventType: 'click', metadata: { element_type: 'search_result', element_id: link.pathname.slice(0, 200), source: 'results_page' } });
  });

  const headingText = fill(texts.heading, { query });
  let heading = container.querySelector<HTMLElement>(':scope > .search-results__heading');
  for (const child of [...container.childNodes]) if (child !== heading) child.remove();
  if (!heading) container.prepend((heading = h('h2', { class: 'search-results__heading' })));
  if (heading.textContent !== headingText) heading.textContent = headingText;

  const status = h('div', { role: 'status', class: 'search-results__status' });
  const catalogueBody = h('div');
  const catalogue = h('section', { 'aria-labelledby': 'search-catalogue', class: 'search-results__section' }, h('h3', { id: 'search-catalogue' }, texts.catalogue), status, catalogueBody);
  container.append(catalogue);

  let fullTextShown = false;

  const showCatalogue = (results: SearchResults) => {
    const total = countResults(results);
    status.textContent = total ? plural(texts.results, locale, total) : fill(texts.nothing, { query });
    catalogueBody.replaceChildren(
      ...(total ? [] : [h('p', { class: 'search-results__hint' }, texts.hint)]),
      ...searchGroups(results, localize).map((group) =>
        h(
          'section',
          { 'aria-labelledby': `search-${group.kind}`, class: 'search-results__group' },
          h('h4', { id: `search-${group.kind}` }, `${texts.groups[group.kind]} `, h('span', { class: 'search-results__count' }, groupCount(group.options.length))),
          h(
            'ul',
            { role: 'list', class: `search-results__list search-results__list--${group.kind}` },
            ...group.options.map((option) =>
              h(
                'li',
                {},
                h('a', { href: option.href, class: 'search-results__item', 'data-book-popup': option.kind === 'books' ? String(option.id) : undefined }, ...resultSummary(option, texts.original)),
              ),
            ),
          ),
        ),
      ),
    );
  };

  const showCatalogueError = () => {
    status.replaceChildren();
    const retry = h('button', { type: 'button', class: 'button button--secondary' }, texts.retry);
    retry.addEventListener('click', () => void runCatalogue());
    catalogueBody.replaceChildren(h('p', { class: 'search-results__error' }, `${texts.error} `, retry));
  };

  const runCatalogue = async () => {
    status.replaceChildren(loading(texts.loading));
    catalogueBody.replaceChildren();
    try {
      showCatalogue(await fetchCatalogue(query, new AbortController().signal));
    } catch {
      showCatalogueError();
    }
    // Below the catalogue matches, and only once they are in: it never moves down under the reader.
    if (!fullTextShown) {
      fullTextShown = true;
      container.append(renderFullText(query, locale, texts));
    }
  };
  void runCatalogue();
}

/**
 * How far below the visible part of the page the full-text section may be when pagefind starts: a
 * screen. Pagefind is about 110 KB (script, WebAssembly, index) and a few hundred milliseconds of a
 * phone's main thread; a reader who stays with the catalogue matches above never pays for it.
 */
export const FULL_TEXT_LEAD = '0px 0px 100% 0px';

type FullTextOutcome = { hits: FullTextHit[] } | 'unavailable';

/** Every relevant hit of the query (up to FULL_TEXT_MAX read), or 'unavailable' when pagefind failed. */
async function loadFullText(query: string): Promise<FullTextOutcome> {
  try {
    const pagefind = await loadPagefind();
    const search = await pagefind.search(query);
    const loaded = await Promise.all(
      (search?.results ?? []).slice(0, FULL_TEXT_MAX).map(async (result): Promise<FullTextHit> => {
        const data = await result.data();
        return { url: data.url.replace(/\/$/, ''), title: data.meta.title ?? data.url, kind: data.meta.kind ?? '', excerpt: data.excerpt };
      }),
    );
    // Pagefind also returns pages that share only a word's first letters with the query: keep the
    // hits whose excerpt marks a query word, so the count is honest too.
    return { hits: relevantHits(query, loaded) };
  } catch {
    return 'unavailable';
  }
}

/**
 * The full-text section: "Loading" until pagefind answers, then its hits ten at a time. Pagefind
 * starts once the section is within a screen of the view (FULL_TEXT_LEAD), at once without
 * IntersectionObserver.
 */
function renderFullText(query: string, locale: Locale, texts: SearchResultsTexts): HTMLElement {
  const status = h('div', { role: 'status', class: 'search-results__status' }, loading(texts.loading));
  const section = h('section', { 'aria-labelledby': 'search-full-text', class: 'search-results__section' }, h('h3', { id: 'search-full-text' }, texts.fullText.title), status);
  const show = (result: FullTextOutcome) => {
    if (result === 'unavailable') {
      status.textContent = texts.fullText.unavailable;
      return;
    }
    const { hits } = result;
    status.textContent = hits.length ? plural(texts.fullText.matches, locale, hits.length) : fill(texts.fullText.empty, { query });
    if (!hits.length) return;
    const list = h('ul', { role: 'list', class: 'search-results__full-text' });
    let shown = 0;
    const more = h('button', { type: 'button', class: 'button button--secondary' }, texts.fullText.more);
    const showMore = () => {
      const next = hits.slice(shown, shown + FULL_TEXT_PAGE);
      shown += next.length;
      list.append(
        ...next.map((hit) =>
          h(
            'li',
            {},
            h('a', { href: hit.url, class: 'search__label' }, hit.title),
            ' ',
            h('span', { class: 'search-results__kind' }, hit.kind === 'author' ? texts.fullText.author : texts.fullText.book),
            h('p', { class: 'search-results__excerpt' }, ...excerptRuns(hit.excerpt).map((run) => h(run.mark ? 'mark' : 'span', {}, run.text))),
          ),
        ),
      );
      if (shown >= hits.length) more.remove();
    };
    more.addEventListener('click', showMore);
    section.append(list, more);
    showMore();
  };
  const start = () => void loadFullText(query).then(show);
  if (typeof IntersectionObserver === 'undefined') {
    start();
  } else {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        start();
      },
      { rootMargin: FULL_TEXT_LEAD },
    );
    observer.observe(section);
  }
  return section;
}
