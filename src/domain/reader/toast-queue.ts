/**
 * The toast rules (spec §4 "Toasts: one at a time; failures destructive style, successes success
 * style; a dismissed toast is removed after a very long delay", §9 "toast limit 1"), as pure state
 * transitions. The store (src/islands/reader/stores/toasts.ts) owns the timers and calls these.
 */

/** Spec §9: at most one toast on screen. */
export const TOAST_LIMIT = 1;

/**
 * Spec §4: a dismissed toast stays in the queue (closed) for a very long time before it is removed,
 * so a closing animation or a screen reader still reading it is never cut off.
 */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** How long a success stays open by itself. Failures stay until dismissed or replaced (WCAG 2.2.1: no time limit on an error). */
export const SUCCESS_TOAST_DURATION_MS = 6_000;

export const TOAST_KINDS = ['success', 'failure'] as const;
export type ToastKind = (typeof TOAST_KINDS)[number];

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  /** The message (spec §8), already in the page language. */
  readonly title: string;
  /** An optional second line, e.g. the server's localized reason of a failure. */
  readonly description?: string | undefined;
  readonly open: boolean;
}

export type ToastInput = Omit<Toast, 'id' | 'open'>;

/**
 * The queue after showing a toast: the new one first, older ones dropped beyond the limit, so a new
 * toast replaces the one on screen.
 * @example addToast([], { kind: 'success', title: 'Saved' }, 1) // [{ id: 1, kind: 'success', title: 'Saved', open: true }]
 */
export function addToast(queue: readonly Toast[], input: ToastInput, id: number): Toast[] {
  return [{ ...input, id, open: true }, ...queue].slice(0, TOAST_LIMIT);
}

/** The queue with one toast (or every toast, without an id) closed but still present. */
export function dismissToast(queue: readonly Toast[], id?: number): Toast[] {
  return queue.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast));
}

/** The queue without that toast (after TOAST_REMOVE_DELAY_MS). */
export function removeToast(queue: readonly Toast[], id: number): Toast[] {
  return queue.filter((toast) => toast.id !== id);
}

/** The toast on screen, if any. */
export function visibleToast(queue: readonly Toast[]): Toast | null {
  return queue.find((toast) => toast.open) ?? null;
}

/**
 * How a toast looks and is announced: failures are destructive and interrupt (role=alert),
 * successes are polite status messages (role=status), spec §4.
 */
export function toastPresentation(kind: ToastKind): { variant: 'destructive' | 'success'; role: 'alert' | 'status' } {
  return kind === 'failure' ? { variant: 'destructive', role: 'alert' } : { variant: 'success', role: 'status' };
}

/** Whether a toast closes by itself, and after how long (null: stays until dismissed or replaced). */
export function autoDismissAfter(kind: ToastKind): number | null {
  return kind === 'success' ? SUCCESS_TOAST_DURATION_MS : null;
}
