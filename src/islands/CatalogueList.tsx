/**
 * The books, authors and series lists (issue 3, item 2; spec §2 list screens, §9 filters and sorts).
 *
 * Server-rendered with the first page of the default view, so visitors without JavaScript and
 * crawlers get real cards and links. It hydrates when the visitor points at, focuses or touches it
 * (client:intent), at once for a deep link or a return visit. Hydrated, it reads the filters from the URL
 * (`/books?genre=Fantasy` deep links), and every filter, sort, tab and "load more" asks the list API
 * without a page reload; the address bar follows with history.replaceState. The API client and zod
 * are on every page already (the navbar's account menu), so parsing the pages costs no extra download. While a request runs a
 * spinner says "Loading"; a live region announces the count; a failure offers a retry; an empty
 * result says so. Only the latest request may change the list (stores/catalogue-list.ts).
 *
 * Back after "load more" shows the same cards at the same place: the loaded view and the scroll
 * position are kept per address for return visits (stores/list-snapshot.ts).
 *
 * The controls work on the first tap, before hydration too (issue 29 point 1): "load more" and the
 * tabs are links (`?page=2`, `?kind=novel`) that the island handles in place once hydrated (the
 * client:intent directive holds a click on them until then), and no control is disabled while the
 * island loads; a select's early choice is given again by the directive.
 *
 * Texts come in as props (src/islands/README.md); the cards are shared with nothing else on the page,
 * so the server and the browser render the same markup.
 */
import { useStore } from '@nanostores/react';
import type { z } from 'zod';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  defaultListState,
  isDefaultListState,
  listPageHref,
  listPagesOf,
  listStateToSearch,
  parseListState,
  withFilter,
  withSort,
  type ListQuerySpec,
  type ListState,
} from '../domain/list-query.ts';
import type { AuthorCard, BookCard, Page, SeriesCard } from '../domain/schemas/lists.ts';
import AuthorListCard from './cards/AuthorListCard.tsx';
import BookListCard from './cards/BookListCard.tsx';
import type { CardTexts } from './cards/card-texts.ts';
import { formatCount, plural, type PluralForms } from './cards/format.ts';
import SeriesListCard from './cards/SeriesListCard.tsx';
import { createCatalogueList } from './stores/catalogue-list.ts';
import { readSessionHint } from '../domain/session-hint.ts';
import { isReturnVisit, readSnapshot, snapshotKey, writeSnapshot } from './stores/list-snapshot.ts';
import { LoadingSpinner } from './LoadingSpinner.tsx';

export type ListKind = 'books' | 'authors' | 'series';
type Item = BookCard | AuthorCard | SeriesCard;

/**
 * Each page from the API is parsed before it is shown (STYLE.md rule 3). The schemas (and zod with
 * them) load with the first request, not with the page: the first page is static HTML.
 */
const loadPageSchema = (kind: ListKind): Promise<z.ZodType<Page<Item>>> =>
  import('../domain/schemas/lists.ts').then(
    (m) => ({ books: m.pageOf(m.BookCardSchema), authors: m.pageOf(m.AuthorCardSchema), series: m.pageOf(m.SeriesCardSchema) })[kind] as z.ZodType<Page<Item>>,
  );

export interface ListOption {
  value: string;
  label: string;
}

/** A filter shown as a select; '' is its "any" option. */
export interface ListSelectControl {
  name: string;
  label: string;
  anyLabel: string;
  options: ListOption[];
  /** Only for signed-in readers (the reading-list filter): shown once the session hint says so. */
  signedInOnly?: boolean;
}

/** A filter shown as tabs (series kinds); '' is the "all" tab. */
export interface ListTabsControl {
  name: string;
  label: string;
  allLabel: string;
  options: ListOption[];
}

export interface CatalogueListTexts {
  filtersLabel: string;
  sortLabel: string;
  loading: string;
  loadMore: string;
  retry: string;
  resetFilters: string;
  /** 'No books match these filters.' */
  empty: string;
  /** 'The books could not be loaded.' */
  error: string;
  errorNetwork: string;
  errorServer: string;
  /** '{count} books' (total above the list). */
  total: PluralForms;
  /** '{shown} of {count} books' (beside "load more"). */
  progress: PluralForms;
  /** '{count} books found' (announced after a new view loaded). */
  found: PluralForms;
}

export interface CatalogueListProps {
  kind: ListKind;
  locale: string;
  /** '/api/books' */
  endpoint: string;
  pageSize: number;
  spec: ListQuerySpec;
  /** The first page of the default view, rendered on the server. */
  initial: { items: Item[]; total: number };
  sorts: ListOption[];
  selects: ListSelectControl[];
  tabs?: ListTabsControl;
  texts: CatalogueListTexts;
  cardTexts: CardTexts;
}

function ItemCard({ kind, item, locale, texts }: { kind: ListKind; item: Item; locale: string; texts: CardTexts }) {
  if (kind === 'books') return <BookListCard locale={locale} book={item as BookCard} texts={texts} />;
  if (kind === 'authors') return <AuthorListCard locale={locale} author={item as AuthorCard} texts={texts} />;
  return <SeriesListCard locale={locale} series={item as SeriesCard} texts={texts} />;
}

export default function CatalogueList(props: CatalogueListProps) {
  const { kind, locale, spec, texts, tabs } = props;
  // Only the hint cookie's presence (src/domain/session-hint.ts): the server checks the session itself.
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => setSignedIn(readSessionHint(document.cookie) !== null), []);
  const list = useMemo(
    () =>
      createCatalogueList<Item>({
        endpoint: props.endpoint,
        locale,
        pageSize: props.pageSize,
        initial: { state: defaultListState(spec), items: props.initial.items, total: props.initial.total },
        loadSchema: () => loadPageSchema(kind),
      }),
    // One store per mounted island: the props of a static page never change.
    [],
  );
  const view = useStore(list.$view);
  const [hydrated, setHydrated] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([]);

  /** Shows a view and writes it into the address bar (replaceState: no history entry per click). */
  const apply = (state: ListState) => {
    const search = listStateToSearch(state, spec, window.location.search);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
    void list.show(state);
  };

  /** The view with its first `pages` pages, one request after another. */
  const showPages = async (state: ListState, pages: number) => {
    if (!isDefaultListState(state, spec)) await list.show(state);
    for (let page = 1; page < pages; page++) {
      const now = list.$view.get();
      if (now.status !== 'idle' || now.items.length >= now.total) break;
      await list.loadMore();
    }
  };

  const addressKey = () => snapshotKey(kind, `${window.location.pathname}${window.location.search}`);
  const storage = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

  // Deep links: the static HTML shows the default view; a URL with filters loads its own view. On a
  // return visit (Back), the view kept for this address comes back with its scroll position.
  useEffect(() => {
    setHydrated(true);
    const requested = parseListState(window.location.search, spec);
    const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
    const kept = isReturnVisit(navigation?.type) ? readSnapshot<Item>(storage(), addressKey()) : null;
    if (kept && listStateToSearch(kept.state, spec, '') === listStateToSearch(requested, spec, '')) {
      list.restore(kept);
      // After React has rendered the restored cards (the browser's own restoration came too early).
      requestAnimationFrame(() => requestAnimationFrame(() => window.scrollTo(0, kept.scrollY)));
    } else if (listPagesOf(window.location.search) > 1) {
      // "Load more" followed as a link (`?page=3`): show that many pages of the view.
      void showPages(requested, listPagesOf(window.location.search));
    } else if (!isDefaultListState(requested, spec)) apply(requested);
    else if (window.location.search !== listStateToSearch(requested, spec, window.location.search)) {
      // Drop unusable list parameters (?genre=Unknown) from the address bar.
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${listStateToSearch(requested, spec, window.location.search)}${window.location.hash}`);
    }
  }, []);

  // Keep what is shown for the way back: the view after each load, the scroll position on leaving.
  useEffect(() => {
    if (!hydrated || view.status !== 'idle') return undefined;
    const keep = () => writeSnapshot(storage(), addressKey(), { state: view.state, items: view.items, total: view.total, scrollY: window.scrollY });
    keep();
    window.addEventListener('pagehide', keep);
    return () => window.removeEventListener('pagehide', keep);
  }, [hydrated, view.status, view.items, view.state, view.total]);

  // Announce the outcome of each completed load; after "load more", move focus to the first new card.
  useEffect(() => {
    if (view.loads === 0 || view.status !== 'idle') return;
    if (view.mode === 'append') {
      setAnnouncement(plural(texts.progress, locale, view.total, { shown: formatCount(locale, view.items.length) }));
      const from = focusFrom.current;
      focusFrom.current = null;
      if (from !== null) listRef.current?.querySelectorAll<HTMLAnchorElement>('li .card__link')[from]?.focus();
    } else {
      setAnnouncement(plural(texts.found, locale, view.total));
    }
  }, [view.loads, view.status, view.mode, view.total, view.items.length, texts, locale]);

  const loading = view.status === 'loading';
  const shown = view.items.length;
  const hasFilters = Object.keys(view.state.filters).length > 0;
  const activeTab = tabs ? (view.state.filters[tabs.name] ?? '') : '';
  const tabOptions = tabs ? [{ value: '', label: tabs.allLabel }, ...tabs.options] : [];
  const panelId = `${id}-results`;
  const tabId = (value: string) => `${id}-tab-${value || 'all'}`;

  const onTabKey = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const last = tabOptions.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : -1;
    if (next < 0 || !tabs) return;
    event.preventDefault();
    tabRefs.current[next]?.focus();
    apply(withFilter(view.state, tabs.name, tabOptions[next]?.value));
  };

  const results = (
    <>
      {view.status === 'error' && (
        <div className="list-error" role="alert">
          <p>
            <strong>{texts.error}</strong> {view.error === 'network' ? texts.errorNetwork : texts.errorServer}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void list.retry()}>
            {texts.retry}
          </button>
        </div>
      )}
      {shown > 0 ? (
        <ul ref={listRef} className={`grid list-grid list-grid--${kind}`} role="list" aria-busy={loading && view.mode === 'replace'}>
          {view.items.map((item) => (
            <li key={item.id}>
              <ItemCard kind={kind} item={item} locale={locale} texts={props.cardTexts} />
            </li>
          ))}
        </ul>
      ) : (
        !loading &&
        view.status !== 'error' && (
          <div className="list-empty">
            <p>{texts.empty}</p>
            {hasFilters && (
              <button type="button" className="button button--secondary" onClick={() => apply({ sort: view.state.sort, filters: {} })}>
                {texts.resetFilters}
              </button>
            )}
          </div>
        )
      )}
      <div className="list-more">
        {shown > 0 && <p className="list-more__progress">{plural(texts.progress, locale, view.total, { shown: formatCount(locale, shown) })}</p>}
        {shown < view.total && (
          <a
            href={listPageHref(view.state, spec, Math.floor(shown / props.pageSize) + 1)}
            data-enhanced-link=""
            role="button"
            className="button button--primary"
            aria-disabled={loading || undefined}
            onClick={(event) => {
              event.preventDefault();
              if (loading) return;
              focusFrom.current = shown;
              void list.loadMore();
            }}
            // A button answers Space as well as Enter.
            onKeyDown={(event) => {
              if (event.key !== ' ') return;
              event.preventDefault();
              event.currentTarget.click();
            }}
          >
            {texts.loadMore}
          </a>
        )}
      </div>
    </>
  );

  return (
    <div className="catalogue-list" data-kind={kind} data-hydrated={hydrated ? 'true' : undefined}>
      {tabs && (
        <div className="list-tabs" role="tablist" aria-label={tabs.label}>
          {tabOptions.map((option, index) => {
            const selected = option.value === activeTab;
            return (
              <a
                key={option.value || 'all'}
                ref={(element) => {
                  tabRefs.current[index] = element;
                }}
                href={listPageHref(withFilter(view.state, tabs.name, option.value), spec, 1)}
                data-enhanced-link=""
                role="tab"
                id={tabId(option.value)}
                className="list-tabs__tab"
                aria-selected={selected}
                aria-controls={panelId}
                tabIndex={selected ? 0 : -1}
                onClick={(event) => {
                  event.preventDefault();
                  apply(withFilter(view.state, tabs.name, option.value));
                }}
                onKeyDown={(event) => onTabKey(event, index)}
              >
                {option.label}
              </a>
            );
          })}
        </div>
      )}

      <form className="list-controls" aria-label={texts.filtersLabel} onSubmit={(event) => event.preventDefault()}>
        {props.selects.filter((select) => !select.signedInOnly || signedIn).map((select) => (
          <div className="list-field" key={select.name}>
            <label htmlFor={`${id}-${select.name}`}>{select.label}</label>
            <select
              id={`${id}-${select.name}`}
              value={view.state.filters[select.name] ?? ''}
              onChange={(event) => apply(withFilter(view.state, select.name, event.currentTarget.value))}
            >
              <option value="">{select.anyLabel}</option>
              {select.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="list-field">
          <label htmlFor={`${id}-sort`}>{texts.sortLabel}</label>
          <select id={`${id}-sort`} value={view.state.sort} onChange={(event) => apply(withSort(view.state, event.currentTarget.value))}>
            {props.sorts.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </form>

      <div className="list-status">
        {/* While a new view loads, the old total would describe the wrong list. */}
        {!(loading && view.mode === 'replace') && <p className="list-status__total">{plural(texts.total, locale, view.total)}</p>}
        {loading && (
          <LoadingSpinner className="list-loading" label={texts.loading} />
        )}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      {tabs ? (
        <div id={panelId} role="tabpanel" aria-labelledby={tabId(activeTab)} className="list-panel">
          {results}
        </div>
      ) : (
        <div id={panelId} className="list-panel">
          {results}
        </div>
      )}
    </div>
  );
}
