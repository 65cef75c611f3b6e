/**
 * A modal question with a confirm and a cancel button (issue 13: role changes, deletions and
 * moderation ask first). A native <dialog> opened with showModal(): the page behind is inert, Escape
 * cancels, focus starts on cancel (the safe answer) and goes back where it was.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Extra fields (a reason); the confirm button submits the form they are in. */
  children?: ReactNode;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export default function ConfirmDialog({ open, title, confirmLabel, cancelLabel, children, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement;
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      (returnTo.current as HTMLElement | null)?.focus?.();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="admin-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form
        method="dialog"
        className="admin-dialog__form"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <h2 id={titleId} className="admin-dialog__title">
          {title}
        </h2>
        {children}
        <div className="admin-dialog__actions">
          <button ref={cancelRef} type="button" className="button button--secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
