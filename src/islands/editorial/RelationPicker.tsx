/**
 * A search picker for a book's relations (issue 13 point 1: authors in order, genres, series with
 * positions, awards): a combobox over a typeahead endpoint (`/api/authors/search?q=` ...; spec §9
 * 300 ms pause), the chosen entries as a list below with remove (and, where order matters, move up and
 * down) buttons, and per entry whatever extra fields the caller renders (a series position, an award's
 * year). Keyboard: arrows move through the suggestions, Enter takes one, Escape closes them. The
 * suggestions also close when focus leaves the picker (Tab) or a pointer goes down outside it, so they
 * never cover the next field (issue 29 point 15); focusing the search again shows them again.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { moveEntry, type Ref } from '../../domain/editorial/entity-form.ts';
import type { PickerHit } from './editor-api.ts';
import { tx, type EditorTexts } from './editor-texts.ts';

const SEARCH_PAUSE_MS = 300;

export interface RelationPickerProps<T extends Ref> {
  /** Id of the search input; errors of the whole list are tied to it. */
  id: string;
  label: string;
  hint?: string;
  chosen: readonly T[];
  onChange: (next: T[]) => void;
  /** Makes a chosen entry from a search hit (with the extra fields' defaults). */
  toEntry: (hit: PickerHit) => T;
  search: (q: string, signal: AbortSignal) => Promise<PickerHit[]>;
  /** Order matters (authors): show move up and down. */
  ordered?: boolean;
  error?: string;
  texts: EditorTexts;
  renderExtra?: (entry: T, index: number) => ReactNode;
}

export default function RelationPicker<T extends Ref>({ id, label, hint, chosen, onChange, toEntry, search, ordered = false, error, texts, renderExtra }: RelationPickerProps<T>) {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<PickerHit[] | null>(null);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const inputRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLDivElement>(null);
  /** The suggestions may show: false after Escape, Tab away or a click outside, until the search is focused or typed in again. */
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    const q = query.trim();
    if (q === '') {
      setHits(null);
      return undefined;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      search(q, controller.signal)
        .then((found) => {
          setHits(found);
          setActive(-1);
        })
        .catch(() => {
          if (!controller.signal.aborted) setHits([]);
        });
    }, SEARCH_PAUSE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [query, search]);

  const taken = new Set(chosen.map((entry) => entry.id));
  const offered = (hits ?? []).filter((hit) => !taken.has(hit.id));
  const open = hits !== null && expanded;

  // A pointer going down anywhere outside the picker closes its suggestions (a click on a suggestion is inside).
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!searchRef.current?.contains(event.target as Node)) setExpanded(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const take = (hit: PickerHit) => {
    onChange([...chosen, toEntry(hit)]);
    setQuery('');
    setHits(null);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (!open) {
      // Arrow down shows the suggestions again after Escape.
      if (event.key === 'ArrowDown' && hits !== null) {
        event.preventDefault();
        setExpanded(true);
      }
      return;
    }
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, offered.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = offered[active] ?? (offered.length === 1 ? offered[0] : undefined);
      if (hit) take(hit);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setExpanded(false);
    }
  };

  return (
    <div className="field relation-picker">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {chosen.length === 0 ? (
        <p className="relation-picker__none">{tx(texts, 'admin.picker.none')}</p>
      ) : (
        <ul className="relation-picker__chosen" aria-label={label}>
          {chosen.map((entry, index) => (
            <li key={entry.id} className="relation-picker__entry">
              <span className="relation-picker__name">{entry.label}</span>
              {renderExtra?.(entry, index)}
              <span className="relation-picker__buttons">
                {ordered && (
                  <>
                    <button type="button" className="button button--ghost" disabled={index === 0} aria-label={tx(texts, 'admin.picker.up', { name: entry.label })} onClick={() => onChange(moveEntry(chosen, index, -1))}>
                      ↑
                    </button>
                    <button type="button" className="button button--ghost" disabled={index === chosen.length - 1} aria-label={tx(texts, 'admin.picker.down', { name: entry.label })} onClick={() => onChange(moveEntry(chosen, index, 1))}>
                      ↓
                    </button>
                  </>
                )}
                <button type="button" className="button button--ghost" aria-label={tx(texts, 'admin.picker.remove', { name: entry.label })} onClick={() => onChange(chosen.filter((_, i) => i !== index))}>
                  ✕
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div
        ref={searchRef}
        className="relation-picker__search"
        onBlur={(event) => {
          // Focus that leaves the search and its suggestions (Tab to the next field) closes them.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setExpanded(false);
        }}
      >
        <input
          ref={inputRef}
          id={id}
          className="field__input"
          type="search"
          role="combobox"
          autoComplete="off"
          placeholder={tx(texts, 'admin.picker.search', { what: label })}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 && offered[active] ? `${listId}-${offered[active].id}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setExpanded(true);
          }}
          onFocus={() => setExpanded(true)}
          onKeyDown={onKeyDown}
        />
        <ul id={listId} role="listbox" aria-label={label} className="relation-picker__hits" hidden={!open}>
          {open && offered.length === 0 && (
            <li role="option" aria-disabled="true" aria-selected="false" className="relation-picker__empty">
              {tx(texts, 'admin.picker.noResults')}
            </li>
          )}
          {offered.map((hit, index) => (
            <li
              key={hit.id}
              id={`${listId}-${hit.id}`}
              role="option"
              aria-selected={index === active}
              className="relation-picker__hit"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => take(hit)}
            >
              {hit.name}
            </li>
          ))}
        </ul>
      </div>
      {error && (
        <div id={errorId} className="field__error">
          {error}
        </div>
      )}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
