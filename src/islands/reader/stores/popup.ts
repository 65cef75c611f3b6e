/**
 * Which book the pop-up shows (spec §2, §4; issue 12 point 2): the selected book (its reader store),
 * the selected edition, and the card to give the focus back to. Closing hides the dialog at once and
 * clears book and edition after POPUP_RESET_DELAY_MS (spec §4: 150 ms), so the closing dialog does not
 * go blank while it fades.
 */
import { map } from 'nanostores';
import { POPUP_RESET_DELAY_MS } from '../../../domain/reader/popup.ts';
import type { ActionTexts } from '../texts.ts';
import { createBookReader, type BookReader } from './book-reader.ts';

export interface PopupState {
  open: boolean;
  reader: BookReader | null;
  /** The edition the reader chose; null: the auto-choice (spec §4). */
  selectedEditionId: number | null;
  /** The card link that opened it (focus returns there, issue 12). */
  trigger: HTMLElement | null;
}

export const $popup = map<PopupState>({ open: false, reader: null, selectedEditionId: null, trigger: null });

let resetTimer: ReturnType<typeof setTimeout> | undefined;

export function openPopup(ref: string, trigger: HTMLElement | null, locale: string, texts: ActionTexts): void {
  clearTimeout(resetTimer);
  $popup.get().reader?.dispose();
  const reader = createBookReader({ ref, locale, texts });
  $popup.set({ open: true, reader, selectedEditionId: null, trigger });
  void reader.load();
}

export function closePopup(): void {
  if (!$popup.get().open) return;
  $popup.setKey('open', false);
  clearTimeout(resetTimer);
  resetTimer = setTimeout(() => {
    $popup.get().reader?.dispose();
    $popup.set({ open: false, reader: null, selectedEditionId: null, trigger: null });
  }, POPUP_RESET_DELAY_MS);
}

export function selectEdition(id: number): void {
  $popup.setKey('selectedEditionId', id);
}
