/**
 * The editions manager as a modal dialog (issue 13 point 2), opened from the book pop-up's
 * edition-management button: on top of the pop-up (the newest modal dialog makes everything else
 * inert), Tab stays inside, Escape or the close button closes it, and the focus returns to the button
 * that opened it. The manager inside is the standalone EditionsManager.
 */
import { useRef } from 'react';
import { keepTabInside, useModalDialog } from '../use-modal-dialog.ts';
import EditionsManager, { type EditionsManagerProps } from './EditionsManager.tsx';

export interface EditionsManagerDialogProps extends Omit<EditionsManagerProps, 'onClose'> {
  open: boolean;
  /** The dialog closed (Escape, the close button); the host returns the focus. */
  onClosed: () => void;
}

/** Set on <html> while the dialog is open (its own class: the pop-up's stays while the pop-up is open below). */
export const EDITIONS_MANAGER_SCROLL_LOCK = 'has-open-editions-manager';

export default function EditionsManagerDialog({ open, onClosed, ...manager }: EditionsManagerDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const startRef = useRef<HTMLElement | null>(null);
  useModalDialog(dialogRef, open, {
    focusRef: startRef,
    scrollLockClass: EDITIONS_MANAGER_SCROLL_LOCK,
    // The keyboard starts on the manager's heading, so a screen reader says where it is.
    onShow: (dialog) => {
      startRef.current = dialog.querySelector<HTMLElement>('.editions-manager__title');
    },
  });

  return (
    <dialog
      ref={dialogRef}
      className="editions-manager-dialog"
      aria-label={manager.texts['editorial.editions.title']}
      onKeyDown={(event) => keepTabInside(event, dialogRef.current)}
      onClose={() => {
        document.documentElement.classList.remove(EDITIONS_MANAGER_SCROLL_LOCK);
        onClosed();
      }}
    >
      {/* Mounted while open: every opening reads the book's editions afresh. */}
      {open && <EditionsManager {...manager} onClose={() => dialogRef.current?.close()} />}
    </dialog>
  );
}
