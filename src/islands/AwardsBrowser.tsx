/**
 * The awards page's controls (issue 3, item 1; spec §2 "/awards: select award, category; tabs
 * winners, nominees, about; /awards?id={awardId}").
 *
 * The static tab panel `panelId` holds the default category's list and one "about" section per
 * award; this island chooses what is visible. Every other category's list lives on that category's
 * own static page (/{locale}/awards/{award}/{category}, issue 11): the first time it is chosen, the
 * island fetches that page (same origin, our own static markup), takes its list section
 * ([data-award-list]) with DOMParser and adds it to the panel, with a loading state and an error
 * with a retry. It reads the selection from the URL (`?id=` id or slug, `&category=`, `&tab=`) and
 * writes it back with replaceState. Winners and nominees are the same lists: the panel's data-tab
 * hides the nominees (src/styles/awards.css).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  AWARD_TABS,
  awardSelectionToSearch,
  defaultAwardSelection,
  parseAwardSelection,
  type AwardRef,
  type AwardSelection,
  type AwardTab,
} from '../domain/awards-view.ts';
import { LoadingSpinner } from './LoadingSpinner.tsx';

export interface AwardOption extends AwardRef {
  /** Localized award name. */
  name: string;
  /** `href`: the category's own page, whose list section the panel shows. */
  categories: { id: number; slug: string; name: string; href: string }[];
}

export interface AwardsBrowserProps {
  awards: AwardOption[];
  /** id of the static tab panel holding the award sections. */
  panelId: string;
  /** Prefix of the tab ids ('awards-tab' → 'awards-tab-winners'); the static panel names its tab. */
  tabIdPrefix: string;
  labels: { award: string; category: string; tabs: string; loading: string; loadError: string; retry: string } & Record<AwardTab, string>;
}

type LoadState = 'idle' | 'loading' | 'error';

const listSelector = (awardId: number, category: string) => `[data-award-list][data-award="${awardId}"][data-category="${CSS.escape(category)}"]`;

/** Category pages being fetched or fetched, by URL: a list is asked for once, a failed one again on retry. */
const pending = new Map<string, Promise<HTMLElement>>();

/** The list section of a category page, adopted into this document (not yet in the page). */
function fetchList(href: string, awardId: number, category: string): Promise<HTMLElement> {
  let request = pending.get(href);
  if (!request) {
    request = (async () => {
      const response = await fetch(href, { headers: { accept: 'text/html' } });
      if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const section = page.querySelector<HTMLElement>(listSelector(awardId, category));
      if (!section) throw new Error(`${href}: no list of award ${awardId}, category ${category}`);
      return document.adoptNode(section);
    })();
    pending.set(href, request);
    request.catch(() => pending.delete(href));
  }
  return request;
}

/** Shows the section of the selection in the static panel and hides the others (a missing list shows nothing). */
function showSelection(panel: HTMLElement, selection: AwardSelection, tabId: string) {
  panel.dataset.tab = selection.tab;
  panel.setAttribute('aria-labelledby', tabId);
  for (const section of panel.querySelectorAll<HTMLElement>('[data-award-list]')) {
    section.hidden = !(selection.tab !== 'about' && section.dataset.award === String(selection.awardId) && section.dataset.category === selection.category);
  }
  for (const section of panel.querySelectorAll<HTMLElement>('[data-award-about]')) {
    section.hidden = !(selection.tab === 'about' && section.dataset.award === String(selection.awardId));
  }
}

export default function AwardsBrowser({ awards, panelId, tabIdPrefix, labels }: AwardsBrowserProps) {
  const [selection, setSelection] = useState<AwardSelection | undefined>(() => defaultAwardSelection(awards));
  const [hydrated, setHydrated] = useState(false);
  const [load, setLoad] = useState<LoadState>('idle');
  const [attempt, setAttempt] = useState(0);
  const tabRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const tabId = (tab: AwardTab) => `${tabIdPrefix}-${tab}`;

  // Deep links (/awards?id=2, ?id=locus&category=horror-novel&tab=nominees): the static HTML shows the default.
  useEffect(() => {
    setHydrated(true);
    setSelection(parseAwardSelection(window.location.search, awards));
  }, [awards]);

  useEffect(() => {
    const panel = document.getElementById(panelId);
    if (!panel || !selection) return;
    const show = () => showSelection(panel, selection, `${tabIdPrefix}-${selection.tab}`);
    show();
    const href = awards.find((a) => a.id === selection.awardId)?.categories.find((c) => c.slug === selection.category)?.href;
    if (selection.tab === 'about' || !href || panel.querySelector(listSelector(selection.awardId, selection.category))) {
      setLoad('idle');
      return;
    }
    let current = true;
    setLoad('loading');
    panel.setAttribute('aria-busy', 'true');
    fetchList(href, selection.awardId, selection.category).then(
      (section) => {
        // A list that arrives after the visitor moved on is kept (hidden) for when it is chosen again.
        if (!panel.querySelector(listSelector(selection.awardId, selection.category))) {
          section.hidden = true;
          panel.insertBefore(section, panel.querySelector('[data-award-about]'));
        }
        if (!current) return;
        show();
        setLoad('idle');
        panel.removeAttribute('aria-busy');
      },
      () => {
        if (!current) return;
        setLoad('error');
        panel.removeAttribute('aria-busy');
      },
    );
    return () => {
      current = false;
      panel.removeAttribute('aria-busy');
    };
  }, [selection, attempt, awards, panelId, tabIdPrefix]);

  if (!selection) return null;
  const award = awards.find((a) => a.id === selection.awardId) ?? awards[0];

  const choose = (next: AwardSelection) => {
    setSelection(next);
    const search = awardSelectionToSearch(next, awards, window.location.search);
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
  };

  const chooseAward = (id: number) => {
    const next = awards.find((a) => a.id === id);
    if (!next) return;
    // Keep the category when the other award has one of the same kind (Best Novel → Best Novel).
    const category = next.categories.find((c) => c.slug === selection.category)?.slug ?? next.categories[0]?.slug ?? '';
    choose({ awardId: next.id, category, tab: selection.tab });
  };

  const onTabKey = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const last = AWARD_TABS.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : -1;
    const tab = AWARD_TABS[next];
    if (!tab) return;
    event.preventDefault();
    tabRefs.current[next]?.focus();
    choose({ ...selection, tab });
  };

  return (
    <div className="awards-controls" data-hydrated={hydrated ? 'true' : undefined}>
      <div className="list-controls awards-controls__pickers">
        <div className="list-field">
          <label htmlFor={`${tabIdPrefix}-award`}>{labels.award}</label>
          <select id={`${tabIdPrefix}-award`} value={selection.awardId} onChange={(event) => chooseAward(Number(event.currentTarget.value))}>
            {awards.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <div className="list-field">
          <label htmlFor={`${tabIdPrefix}-category`}>{labels.category}</label>
          <select
            id={`${tabIdPrefix}-category`}
            value={selection.category}
            onChange={(event) => choose({ ...selection, category: event.currentTarget.value })}
          >
            {award?.categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="list-tabs" role="tablist" aria-label={labels.tabs}>
        {AWARD_TABS.map((tab, index) => {
          const selected = tab === selection.tab;
          return (
            // A link (issue 29 point 1): it works on the first tap, before the island is ready too.
            <a
              key={tab}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              href={awardSelectionToSearch({ ...selection, tab }, awards) || '?'}
              data-enhanced-link=""
              role="tab"
              id={tabId(tab)}
              className="list-tabs__tab"
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={(event) => {
                event.preventDefault();
                choose({ ...selection, tab });
              }}
              onKeyDown={(event) => onTabKey(event, index)}
            >
              {labels[tab]}
            </a>
          );
        })}
      </div>
      {load === 'loading' && (
        <LoadingSpinner className="list-loading awards-controls__status" label={labels.loading} />
      )}
      {load === 'error' && (
        <div className="list-error" role="alert">
          <p>
            <strong>{labels.loadError}</strong>
          </p>
          <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            {labels.retry}
          </button>
        </div>
      )}
    </div>
  );
}
