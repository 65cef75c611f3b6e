/**
 * Opens and closes a native modal <dialog> from an island's state (the navigation drawer, the book
 * pop-up): showModal() makes the rest of the page inert, a class on <html> stops the page behind
 * from scrolling, and the keyboard starts on `focusRef`. The dialog's own 'close' event (Escape, a
 * backdrop click, close()) is the island's to handle: it removes the class and sets the state.
 */
import { useEffect, type RefObject } from 'react';

export interface ModalDialogOptions {
  /** Focused when the dialog opens (its close button). */
  focusRef: RefObject<HTMLElement | null>;
  /** Set on <html> while open; its CSS says `overflow: hidden`. */
  scrollLockClass: string;
  /** Runs once the dialog is shown, before the focus moves. */
  onShow?: (dialog: HTMLDialogElement) => void;
}

export function useModalDialog(dialogRef: RefObject<HTMLDialogElement | null>, open: boolean, { focusRef, scrollLockClass, onShow }: ModalDialogOptions): void {
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      document.documentElement.classList.add(scrollLockClass);
      onShow?.(dialog);
      focusRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    // Only the open state drives the dialog; the refs and options are stable for an island's life.
  }, [open]);
}

/** What Tab can reach inside a dialog (for the wrap at its ends). */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside an open modal dialog (a keydown handler of the dialog): the browser alone lets it
 * leave to its own toolbar after the last control. Shift+Tab on the first goes to the last, Tab on
 * the last to the first.
 */
export function keepTabInside(event: { key: string; shiftKey: boolean; preventDefault: () => void }, dialog: HTMLElement | null): void {
  if (event.key !== 'Tab' || !dialog) return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  // Focus may rest on something Tab does not stop at (a heading with tabindex -1): what comes before or after it counts.
  const before = (element: HTMLElement) => active !== null && Boolean(element.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
  const after = (element: HTMLElement) => active !== null && Boolean(element.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_PRECEDING);
  if (event.shiftKey && (active === first || !focusable.some(before))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !focusable.some(after))) {
    event.preventDefault();
    first.focus();
  }
}
