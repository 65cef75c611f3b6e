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
