/**
 * The awards page's controls (issue 3, item 1; spec §2 "/awards: select award, category; tabs
 * winners, nominees, about; /awards?id={awardId}").
 *
 * The data of every award is static HTML in the page (one section per award and category, one
 * "about" section per award, inside the tab panel `panelId`; categories other than the default wait
 * in inert <template>s to keep the live DOM small), and this island only chooses what is visible. It reads the selection
 * from the URL (`?id=` id or slug, `&category=`, `&tab=`) and writes it back with replaceState.
 * Winners and nominees are the same lists: the panel's data-tab hides the nominees (src/styles/awards.css).
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

export interface AwardOption extends AwardRef {
  /** Localized award name. */
  name: string;
  categories: { id: number; slug: string; name: string }[];
}

export interface AwardsBrowserProps {
  awards: AwardOption[];
  /** id of the static tab panel holding the award sections. */
  panelId: string;
  /** Prefix of the tab ids ('awards-tab' → 'awards-tab-winners'); the static panel names its tab. */
  tabIdPrefix: string;
  labels: { award: string; category: string; tabs: string } & Record<AwardTab, string>;
}

/**
 * Shows the section of the selection in the static panel and hides the others. A category that is
 * still an inert <template> (all but the default) is moved into the page the first time it is chosen.
 */
function showSelection(panel: HTMLElement, selection: AwardSelection, tabId: string) {
  panel.dataset.tab = selection.tab;
  panel.setAttribute('aria-labelledby', tabId);
  if (selection.tab !== 'about') {
    for (const template of panel.querySelectorAll<HTMLTemplateElement>('template[data-award-template]')) {
      if (template.dataset.award === String(selection.awardId) && template.dataset.category === selection.category) template.replaceWith(template.content);
    }
  }
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
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (tab: AwardTab) => `${tabIdPrefix}-${tab}`;

  // Deep links (/awards?id=2, ?id=locus&category=horror-novel&tab=nominees): the static HTML shows the default.
  useEffect(() => {
    setHydrated(true);
    setSelection(parseAwardSelection(window.location.search, awards));
  }, [awards]);

  useEffect(() => {
    const panel = document.getElementById(panelId);
    if (panel && selection) showSelection(panel, selection, `${tabIdPrefix}-${selection.tab}`);
  }, [selection, panelId, tabIdPrefix]);

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

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
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
    <div className="awards-controls">
      <div className="list-controls awards-controls__pickers">
        <div className="list-field">
          <label htmlFor={`${tabIdPrefix}-award`}>{labels.award}</label>
          <select id={`${tabIdPrefix}-award`} value={selection.awardId} disabled={!hydrated} onChange={(event) => chooseAward(Number(event.currentTarget.value))}>
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
            disabled={!hydrated}
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
            <button
              key={tab}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              className="list-tabs__tab"
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              disabled={!hydrated}
              onClick={() => choose({ ...selection, tab })}
              onKeyDown={(event) => onTabKey(event, index)}
            >
              {labels[tab]}
            </button>
          );
        })}
      </div>
    </div>
  );
}
