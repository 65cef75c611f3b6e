/**
 * The search box (issue 5, item 3; spec §2 "Search", §5, §9): a combobox with a dropdown of
 * suggestions grouped by type (books, authors, series, genres, awards), a "see all results" entry and
 * a no-results message with a hint.
 *
 * - Sends a query once it has 1 character, 300 ms after the last keystroke; stale responses are
 *   dropped (search/search-controller.ts).
 * - Arrow Down/Up move the selection, Tab accepts the selection or completes the query, Enter opens
 *   the selected result or runs the search (/search?q=), Escape and an outside click close the list.
 *   An empty or blank submit does nothing.
 * - Before hydration it is a plain GET form to /search, so it works without JavaScript; the browser
 *   refuses a blank query there too (`required` and a pattern: no `?q=+++`, issue 29 point 11).
 * - While suggestions load, a spinner says so (role status) and the list is aria-busy.
 * - `navbar`: below 768 px only a button shows; it opens the box as a bar under the header. `hero`:
 *   the start page's large box (the navbar has none there). `page`: the results page's box, filled
 *   from ?q=.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Locale } from '../domain/enums.ts';
import { SEARCH_MAX_LENGTH, normalizeSearchQuery, type SearchKind } from '../domain/search-query.ts';
import { completionFor, countResults, searchGroups, searchPageHref, type SearchOption } from '../domain/search-results.ts';
import { fill, plural, type PluralForms } from './cards/format.ts';
import { createSearchController, type SearchState } from './search/search-controller.ts';
import { createSearchFetcher } from './search/search-api.ts';
import ResultSummary from './search/ResultSummary.tsx';
import { LoadingSpinner } from './LoadingSpinner.tsx';
import { signalAnalytics } from '../lib/analytics/signal.ts';

export interface SearchBoxTexts {
  /** Accessible name of the input ('Search books, authors, series, genres and awards'). */
  label: string;
  placeholder: string;
  submit: string;
  /** Mobile toggle ('Open search' / 'Close search'). */
  open: string;
  close: string;
  /** Accessible name of the list ('Suggestions'). */
  suggestions: string;
  groups: Record<SearchKind, string>;
  /** 'See all results for “{query}”' */
  seeAll: string;
  /** 'No results for “{query}”' */
  noResults: string;
  noResultsHint: string;
  loading: string;
  error: string;
  /** 'Original title: {title}' */
  original: string;
  /** Announced when results arrive: '{count} results'. */
  results: PluralForms;
}

export interface SearchBoxProps {
  locale: Locale;
  variant: 'navbar' | 'hero' | 'page';
  texts: SearchBoxTexts;
}

type Entry = SearchOption | { kind: 'all'; key: 'see-all'; label: string; href: string };

const go = (href: string) => window.location.assign(href);
const ENTITY_OF_KIND = { books: 'book', authors: 'author', series: 'series', genres: 'genre', awards: 'award' } as const;

/** Opens a suggestion; a chosen result (not 'see all') is reported to the analytics (issue 14). */
function choose(entry: Entry): void {
  if (entry.kind !== 'all') {
    signalAnalytics({ eventType: 'click', entityType: ENTITY_OF_KIND[entry.kind], entityId: String(entry.id), metadata: { element_type: 'search_result', element_id: entry.key, source: 'typeahead' } });
  }
  go(entry.href);
}

export default function SearchBox({ locale, variant, texts }: SearchBoxProps) {
  const localize = useMemo(() => (path: string) => `/${locale}${path}`, [locale]);
  const [value, setValue] = useState('');
  const [state, setState] = useState<SearchState>({ status: 'idle', query: null });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [expanded, setExpanded] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLAnchorElement>(null);
  const id = useId();
  const ids = { form: `${id}form`, input: `${id}input`, listbox: `${id}listbox`, message: `${id}message` };

  const controller = useMemo(() => createSearchController({ fetchResults: createSearchFetcher(locale), onChange: setState }), [locale]);

  useEffect(() => {
    setHydrated(true);
    // The box hydrates on intent (client:intent): what was typed into the plain form before counts.
    const typed = inputRef.current?.value ?? '';
    if (variant === 'page') {
      const q = new URLSearchParams(window.location.search).get('q') ?? '';
      setValue((typed || q).slice(0, SEARCH_MAX_LENGTH));
    } else if (typed) {
      change(typed.slice(0, SEARCH_MAX_LENGTH));
    }
    return () => controller.cancel();
  }, [controller, variant]);

  // The mobile bar: focus the input when it opens.
  useEffect(() => {
    if (expanded) inputRef.current?.focus();
  }, [expanded]);

  // An outside click closes the list (and the mobile bar when it is empty).
  useEffect(() => {
    if (!open && !expanded) return;
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      setOpen(false);
      setActive(-1);
      if (expanded && !value.trim()) setExpanded(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, expanded, value]);

  const query = normalizeSearchQuery(value);
  const results = state.status === 'done' || state.status === 'loading' ? state.results : null;
  const groups = useMemo(() => (results ? searchGroups(results, localize) : []), [results, localize]);
  const entries: Entry[] = useMemo(() => {
    if (query === null) return [];
    return [...groups.flatMap((g) => g.options), { kind: 'all', key: 'see-all', label: fill(texts.seeAll, { query }), href: searchPageHref(query, localize) }];
  }, [groups, query, texts.seeAll, localize]);
  const showList = open && query !== null;
  // Typed but not yet answered (the 300 ms pause or the request): show the previous results or "Searching".
  const waiting = query !== null && (state.status === 'idle' || state.query !== query || state.status === 'loading');
  const noResults = !waiting && state.status === 'done' && countResults(state.results) === 0;

  // Announce result counts once they arrive (role=status); new results start with nothing selected.
  useEffect(() => {
    if (state.status === 'done') setActive(-1);
    if (state.status === 'done') setAnnouncement(countResults(state.results) ? plural(texts.results, locale, countResults(state.results)) : fill(texts.noResults, { query: state.query }));
    else if (state.status === 'error') setAnnouncement(texts.error);
  }, [state, texts, locale]);

  // Keep the selected entry in view inside the 500 px list.
  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${id}opt${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  function change(next: string) {
    setValue(next);
    setActive(-1);
    setOpen(normalizeSearchQuery(next) !== null);
    controller.input(next);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function submit() {
    if (query === null) return; // an empty or blank submit does nothing
    go(searchPageHref(query, localize));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = entries.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!count) return;
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(event.key === 'ArrowDown' ? 0 : count - 1);
          return;
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // -1 is the input itself: Up from the first entry goes back to what was typed.
        setActive((current) => ((current + step + 1 + count + 1) % (count + 1)) - 1);
        return;
      }
      case 'Enter': {
        event.preventDefault();
        const entry = showList && active >= 0 ? entries[active] : undefined;
        if (entry) {
          close();
          choose(entry);
        } else submit();
        return;
      }
      case 'Tab': {
        if (event.shiftKey || !showList) return;
        const entry = active >= 0 ? entries[active] : undefined;
        const accepted = entry && entry.kind !== 'all' ? entry.label : completionFor(value, groups.flatMap((g) => g.options));
        if (!accepted || accepted === value) {
          close();
          return;
        }
        event.preventDefault();
        change(accepted);
        return;
      }
      case 'Escape': {
        if (showList) {
          event.preventDefault();
          close();
        } else if (expanded) {
          event.preventDefault();
          setExpanded(false);
          toggleRef.current?.focus();
        }
        return;
      }
    }
  }

  let optionIndex = -1;
  const option = (entry: Entry) => {
    optionIndex += 1;
    const index = optionIndex;
    return (
      <div
        key={entry.key}
        id={`${id}opt${index}`}
        role="option"
        aria-selected={index === active}
        className={`search__option${entry.kind === 'all' ? ' search__option--all' : ''}`}
        onPointerDown={(event) => event.preventDefault()}
        onPointerMove={() => setActive(index)}
        onClick={() => {
          close();
          choose(entry);
        }}
      >
        {entry.kind === 'all' ? (
          <span className="search__text">
            <span className="search__label">{entry.label}</span>
          </span>
        ) : (
          <ResultSummary option={entry} originalText={texts.original} />
        )}
      </div>
    );
  };

  const form = (
    <form
      id={ids.form}
      role="search"
      className="search__form"
      action={localize('/search')}
      method="get"
      // Before hydration the browser's own check stops a blank query; then submit() does (it does nothing).
      noValidate={hydrated}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={ids.input} className="visually-hidden">
        {texts.label}
      </label>
      <div className="search__field">
        <svg className="search__icon" aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <input
          ref={inputRef}
          id={ids.input}
          className="search__input"
          type="search"
          name="q"
          value={value}
          placeholder={texts.placeholder}
          maxLength={SEARCH_MAX_LENGTH}
          required
          pattern=".*\S.*"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={ids.listbox}
          aria-activedescendant={showList && active >= 0 ? `${id}opt${active}` : undefined}
          aria-describedby={showList && (noResults || state.status === 'error') ? ids.message : undefined}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => {
            if (query !== null && state.status !== 'idle') setOpen(true);
          }}
        />
        <button type="submit" className="search__submit">
          <span className="visually-hidden">{texts.submit}</span>
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M5 12h14M13 6l6 6-6 6" />
          </svg>
        </button>
      </div>
      <div className="search__popup" hidden={!showList}>
        {waiting && <LoadingSpinner className="search__message search__loading" label={texts.loading} />}
        {!waiting && state.status === 'error' && (
          <p id={ids.message} className="search__message search__message--error">
            {texts.error}
          </p>
        )}
        {noResults && query !== null && (
          <div id={ids.message} className="search__message">
            <p className="search__message-title">{fill(texts.noResults, { query })}</p>
            <p>{texts.noResultsHint}</p>
          </div>
        )}
        <div id={ids.listbox} role="listbox" aria-label={texts.suggestions} className="search__list" aria-busy={waiting}>
          {groups.map((group) => (
            <div key={group.kind} role="group" aria-labelledby={`${id}h-${group.kind}`} className="search__group">
              <div role="presentation" id={`${id}h-${group.kind}`} className="search__heading">
                {texts.groups[group.kind]}
              </div>
              {group.options.map(option)}
            </div>
          ))}
          {query !== null && option(entries[entries.length - 1]!)}
        </div>
      </div>
    </form>
  );

  return (
    <div ref={rootRef} className={`search search--${variant}`} data-expanded={expanded || undefined}>
      {variant === 'navbar' && (
        // One element before and after hydration (issue 29 point 11): a link to /search, whose box
        // takes the focus, until the island is ready; then a button that opens the bar here and
        // focuses its input. The intent directive holds a tap on it while the island loads.
        <a
          ref={toggleRef}
          href={localize('/search')}
          data-enhanced-link=""
          className="icon-button search__toggle"
          role={hydrated ? 'button' : undefined}
          aria-expanded={hydrated ? expanded : undefined}
          aria-controls={hydrated ? ids.form : undefined}
          onClick={(event) => {
            event.preventDefault();
            setExpanded((e) => !e);
            close();
          }}
          onKeyDown={(event) => {
            if (event.key !== ' ') return;
            event.preventDefault();
            event.currentTarget.click();
          }}
        >
          <SearchIcon />
          <span className="visually-hidden">{expanded ? texts.close : texts.open}</span>
        </a>
      )}
      {form}
      <div role="status" className="visually-hidden">
        {announcement}
      </div>
    </div>
  );
}

function SearchIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}
