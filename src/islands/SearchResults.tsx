/**
 * The results of /search?q= (issue 5, item 4): every catalogue match grouped by type with counts
 * (the five search endpoints, up to 60 per type: "60+" says there are more), then full-text matches in synopses and biographies from pagefind's
 * index for the page's language (built by src/integrations/pagefind.ts), only those whose excerpt
 * marks a query word (pagefind also returns pages sharing only a word's first letters). Pagefind's
 * excerpts are rendered as text runs, never as HTML (src/domain/search-excerpt.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import type { Locale } from '../domain/enums.ts';
import { excerptRuns, isRelevantExcerpt } from '../domain/search-excerpt.ts';
import { normalizeSearchQuery, SEARCH_MAX_LENGTH, SEARCH_MAX_LIMIT, type SearchKind } from '../domain/search-query.ts';
import { countResults, searchGroups, type SearchResults as Results } from '../domain/search-results.ts';
import { fill, plural, type PluralForms } from './cards/format.ts';
import { createSearchFetcher } from './search/search-api.ts';
import ResultSummary from './search/ResultSummary.tsx';

export interface SearchResultsTexts {
  heading: string;
  prompt: string;
  catalogue: string;
  nothing: string;
  hint: string;
  groups: Record<SearchKind, string>;
  results: PluralForms;
  original: string;
  loading: string;
  error: string;
  retry: string;
  fullText: { title: string; empty: string; unavailable: string; more: string; book: string; author: string; matches: PluralForms };
}

export interface SearchResultsProps {
  locale: Locale;
  texts: SearchResultsTexts;
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

type Load<T> = { status: 'loading' } | { status: 'done'; value: T } | { status: 'error' };

export default function SearchResults({ locale, texts }: SearchResultsProps) {
  const localize = useMemo(() => (path: string) => `/${locale}${path}`, [locale]);
  const [query, setQuery] = useState<string | null | undefined>(undefined);
  const [catalogue, setCatalogue] = useState<Load<Results>>({ status: 'loading' });
  // Every relevant hit (loaded at once, up to FULL_TEXT_MAX) and how many of them are shown.
  const [fullText, setFullText] = useState<Load<{ hits: FullTextHit[]; shown: number }>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setQuery(normalizeSearchQuery((new URLSearchParams(window.location.search).get('q') ?? '').slice(0, SEARCH_MAX_LENGTH)));
  }, []);

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    setCatalogue({ status: 'loading' });
    createSearchFetcher(locale, { limit: SEARCH_MAX_LIMIT })(query, controller.signal).then(
      (value) => setCatalogue({ status: 'done', value }),
      () => !controller.signal.aborted && setCatalogue({ status: 'error' }),
    );
    return () => controller.abort();
  }, [query, locale, attempt]);

  useEffect(() => {
    if (!query) return;
    let current = true;
    setFullText({ status: 'loading' });
    loadPagefind()
      .then((pagefind) => pagefind.search(query))
      .then(async (search) => {
        // Pagefind also returns pages that share only a word's first letters with the query: keep
        // the hits whose excerpt marks a query word (search-excerpt.ts), so the count is honest too.
        const loaded = await Promise.all(
          (search?.results ?? []).slice(0, FULL_TEXT_MAX).map(async (result): Promise<FullTextHit> => {
            const data = await result.data();
            return { url: data.url.replace(/\/$/, ''), title: data.meta.title ?? data.url, kind: data.meta.kind ?? '', excerpt: data.excerpt };
          }),
        );
        const hits = loaded.filter((hit) => isRelevantExcerpt(query, hit.excerpt));
        if (current) setFullText({ status: 'done', value: { hits, shown: Math.min(FULL_TEXT_PAGE, hits.length) } });
      })
      .catch(() => current && setFullText({ status: 'error' }));
    return () => {
      current = false;
    };
  }, [query]);

  if (query === undefined) return <Loading label={texts.loading} />;
  if (query === null) return <p className="search-results__prompt">{texts.prompt}</p>;

  const groups = catalogue.status === 'done' ? searchGroups(catalogue.value, localize) : [];
  const total = catalogue.status === 'done' ? countResults(catalogue.value) : 0;

  function more() {
    if (fullText.status !== 'done') return;
    const { hits, shown } = fullText.value;
    setFullText({ status: 'done', value: { hits, shown: Math.min(shown + FULL_TEXT_PAGE, hits.length) } });
  }

  return (
    <div className="search-results">
      <h2 className="search-results__heading">{fill(texts.heading, { query })}</h2>

      <section aria-labelledby="search-catalogue" className="search-results__section">
        <h3 id="search-catalogue">{texts.catalogue}</h3>
        <div role="status" className="search-results__status">
          {catalogue.status === 'loading' && <Loading label={texts.loading} />}
          {catalogue.status === 'done' && (total ? plural(texts.results, locale, total) : fill(texts.nothing, { query }))}
        </div>
        {catalogue.status === 'error' && (
          <p className="search-results__error">
            {texts.error}{' '}
            <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
              {texts.retry}
            </button>
          </p>
        )}
        {catalogue.status === 'done' && !total && <p className="search-results__hint">{texts.hint}</p>}
        {groups.map((group) => (
          <section key={group.kind} aria-labelledby={`search-${group.kind}`} className="search-results__group">
            <h4 id={`search-${group.kind}`}>
              {texts.groups[group.kind]}{' '}
              <span className="search-results__count">{group.options.length < SEARCH_MAX_LIMIT ? group.options.length : `${SEARCH_MAX_LIMIT}+`}</span>
            </h4>
            <ul role="list" className={`search-results__list search-results__list--${group.kind}`}>
              {group.options.map((option) => (
                <li key={option.key}>
                  <a href={option.href} className="search-results__item" data-book-popup={option.kind === 'books' ? option.id : undefined}>
                    <ResultSummary option={option} originalText={texts.original} />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>

      {/* Below the catalogue matches, and only once they are in: it never moves down under the reader. */}
      {catalogue.status !== 'loading' && (
        <section aria-labelledby="search-full-text" className="search-results__section">
          <h3 id="search-full-text">{texts.fullText.title}</h3>
          <div role="status" className="search-results__status">
            {fullText.status === 'loading' && <Loading label={texts.loading} />}
            {fullText.status === 'error' && texts.fullText.unavailable}
            {fullText.status === 'done' &&
              (fullText.value.hits.length ? plural(texts.fullText.matches, locale, fullText.value.hits.length) : fill(texts.fullText.empty, { query }))}
          </div>
          {fullText.status === 'done' && fullText.value.hits.length > 0 && (
            <>
              <ul role="list" className="search-results__full-text">
                {fullText.value.hits.slice(0, fullText.value.shown).map((hit) => (
                  <li key={hit.url}>
                    <a href={hit.url} className="search__label">
                      {hit.title}
                    </a>{' '}
                    <span className="search-results__kind">{hit.kind === 'author' ? texts.fullText.author : texts.fullText.book}</span>
                    <p className="search-results__excerpt">
                      {excerptRuns(hit.excerpt).map((run, i) => (run.mark ? <mark key={i}>{run.text}</mark> : <span key={i}>{run.text}</span>))}
                    </p>
                  </li>
                ))}
              </ul>
              {fullText.value.shown < fullText.value.hits.length && (
                <button type="button" className="button button--secondary" onClick={more}>
                  {texts.fullText.more}
                </button>
              )}
            </>
          )}
        </section>
      )}
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <span className="search-results__loading">
      <span className="spinner" aria-hidden="true" /> {label}
    </span>
  );
}
