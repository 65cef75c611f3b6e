/**
 * The reading-list control of the pop-up and the book page (spec §2 "add to reading list", §4
 * "adding from the pop-up sets status to-read; status can be changed or removed"; issue 12 point 5).
 * Not on the list: one button. On it: the three statuses as toggle buttons (aria-pressed) and a
 * remove button. The focused control never vanishes under the keyboard: after adding, focus moves
 * to the chosen status; after removing, back to the add button.
 */
import { useEffect, useRef } from 'react';
import { READING_STATUSES, type ReadingStatus } from '../../domain/enums.ts';
import type { ActionTexts } from './texts.ts';

export const STATUS_TEXT_KEYS = {
  to_read: 'reader.list.status.toRead',
  reading: 'reader.list.status.reading',
  read: 'reader.list.status.read',
} as const satisfies Record<ReadingStatus, keyof ActionTexts>;

export interface ReadingListControlProps {
  inList: boolean;
  status: ReadingStatus | null;
  /** A call is under way: clicks wait (the buttons stay focusable). */
  busy: boolean;
  onAdd: () => void;
  onStatus: (status: ReadingStatus) => void;
  onRemove: () => void;
  texts: ActionTexts;
}

export default function ReadingListControl({ inList, status, busy, onAdd, onStatus, onRemove, texts }: ReadingListControlProps) {
  const root = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);
  const wasInList = useRef(inList);

  useEffect(() => {
    if (wasInList.current !== inList && hadFocus.current) {
      root.current?.querySelector<HTMLButtonElement>(inList ? 'button[aria-pressed="true"]' : 'button')?.focus();
      hadFocus.current = false;
    }
    wasInList.current = inList;
  }, [inList]);

  const guard = (action: () => void) => () => {
    if (busy) return;
    // Remembered at the click: the button may be gone (and blurred) when the answer comes.
    hadFocus.current = root.current?.contains(document.activeElement) ?? false;
    action();
  };

  return (
    <div
      ref={root}
      className="reader-list"
      aria-busy={busy || undefined}
    >
      {inList ? (
        <>
          <p className="reader-list__on">{texts['reader.list.onList']}</p>
          <div className="reader-list__statuses" role="group" aria-label={texts['reader.list.statusLabel']}>
            {READING_STATUSES.map((value) => (
              <button key={value} type="button" className="reader-list__status" aria-pressed={status === value} onClick={guard(() => status !== value && onStatus(value))}>
                {texts[STATUS_TEXT_KEYS[value]]}
              </button>
            ))}
          </div>
          <button type="button" className="button button--ghost reader-list__remove" onClick={guard(onRemove)}>
            {texts['reader.list.remove']}
          </button>
        </>
      ) : (
        <button type="button" className="button button--primary reader-list__add" onClick={guard(onAdd)}>
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
            <path d="M12 5v14M5 12h14" />
          </svg>
          {texts['reader.list.add']}
        </button>
      )}
    </div>
  );
}
