/**
 * The button row under an admin form (issue 13: affiliate services and locales, award texts,
 * categories and finalists): the submit button and, for something that exists, its delete button,
 * which only asks (the page's ConfirmDialog does the deleting). One component, so every admin form's
 * buttons look, order and announce their busy state alike.
 */
export interface FormActionsProps {
  submitLabel: string;
  /** While a save runs: the submit button is disabled and says so (aria-busy). */
  busy?: boolean;
  /** Given for an existing thing: shows the delete button. */
  onDelete?: () => void;
  deleteLabel?: string;
}

export default function FormActions({ submitLabel, busy, onDelete, deleteLabel }: FormActionsProps) {
  return (
    <div className="admin-row">
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
        {submitLabel}
      </button>
      {onDelete && (
        <button type="button" className="button button--danger" onClick={onDelete}>
          {deleteLabel}
        </button>
      )}
    </div>
  );
}
