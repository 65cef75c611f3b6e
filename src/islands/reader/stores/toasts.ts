/**
 * The page's toasts (spec §4, §8; issue 12 point 8): one store for every reader island, so a toast
 * from the pop-up replaces one from the book page and the other way round. The rules are pure
 * (src/domain/reader/toast-queue.ts); this module owns the ids and timers.
 */
import { atom } from 'nanostores';
import { addToast, autoDismissAfter, dismissToast, removeToast, TOAST_REMOVE_DELAY_MS, type Toast, type ToastInput } from '../../../domain/reader/toast-queue.ts';

export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>[]>();

function clearTimers(id: number): void {
  for (const timer of timers.get(id) ?? []) clearTimeout(timer);
  timers.delete(id);
}

/** Closes a toast now (dismiss button, or its time is up); it is removed after the spec's very long delay. */
export function dismiss(id: number): void {
  clearTimers(id);
  $toasts.set(dismissToast($toasts.get(), id));
  timers.set(id, [setTimeout(() => {
    timers.delete(id);
    $toasts.set(removeToast($toasts.get(), id));
  }, TOAST_REMOVE_DELAY_MS)]);
}

/** Shows a toast in place of the one on screen. */
export function notify(input: ToastInput): number {
  const id = nextId++;
  const before = $toasts.get();
  $toasts.set(addToast(before, input, id));
  // Toasts pushed out of the queue need no timers any more.
  for (const old of before) if (!$toasts.get().some((toast) => toast.id === old.id)) clearTimers(old.id);
  const after = autoDismissAfter(input.kind);
  if (after !== null) timers.set(id, [setTimeout(() => dismiss(id), after)]);
  return id;
}
