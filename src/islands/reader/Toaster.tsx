/**
 * The toast region (spec §4, §8; issue 12 point 8): shows the one toast of $toasts, failures in the
 * destructive style as an alert, successes in the success style as a polite status, each with a
 * dismiss button. Both live regions exist before any toast, so screen readers announce a toast when
 * it appears. While the pop-up is open the regions move into its dialog ($toastHost): a modal dialog
 * makes the rest of the page inert, which would hide a toast outside it from assistive technology
 * and from the pointer.
 */
import { useStore } from '@nanostores/react';
import { createPortal } from 'react-dom';
import { toastPresentation, visibleToast } from '../../domain/reader/toast-queue.ts';
import { $toastHost } from './stores/toast-host.ts';
import { $toasts, dismiss } from './stores/toasts.ts';
import type { ToastTexts } from './texts.ts';

export interface ToasterProps {
  texts: ToastTexts;
}

export default function Toaster({ texts }: ToasterProps) {
  const toast = visibleToast(useStore($toasts));
  const host = useStore($toastHost);
  const presentation = toast ? toastPresentation(toast.kind) : null;
  const view = toast && presentation && (
    <div key={toast.id} className={`reader-toast reader-toast--${presentation.variant}`}>
      <div className="reader-toast__text">
        <p className="reader-toast__title">{toast.title}</p>
        {toast.description && <p className="reader-toast__description">{toast.description}</p>}
      </div>
      <button type="button" className="reader-toast__dismiss" onClick={() => dismiss(toast.id)}>
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
        <span className="visually-hidden">{texts['reader.toast.dismiss']}</span>
      </button>
    </div>
  );
  const regions = (
    <section className="reader-toaster" aria-label={texts['reader.toast.region']}>
      <div role="status" aria-live="polite" aria-atomic="true">
        {presentation?.role === 'status' && view}
      </div>
      <div role="alert" aria-atomic="true">
        {presentation?.role === 'alert' && view}
      </div>
    </section>
  );
  return host ? createPortal(regions, host) : regions;
}
