import { describe, expect, it } from 'vitest';
import { addToast, autoDismissAfter, dismissToast, removeToast, TOAST_LIMIT, toastPresentation, visibleToast, type Toast } from './toast-queue.ts';

const saved = { kind: 'success', title: 'Added to your reading list' } as const;
const failed = { kind: 'failure', title: 'Failed to save rating', description: 'Server error' } as const;

describe('toast queue', () => {
  it('shows one toast at a time (spec §9: toast limit 1)', () => {
    expect(TOAST_LIMIT).toBe(1);
    const queue = addToast(addToast([], saved, 1), failed, 2);
    expect(queue).toHaveLength(1);
  });

  it('lets a new toast replace the one on screen', () => {
    const queue = addToast(addToast([], saved, 1), failed, 2);
    expect(visibleToast(queue)).toEqual({ ...failed, id: 2, open: true });
  });

  it('closes a dismissed toast but keeps it until it is removed (spec §4: removed after a very long delay)', () => {
    const queue = dismissToast(addToast([], saved, 1), 1);
    expect(queue).toEqual([{ ...saved, id: 1, open: false }]);
    expect(visibleToast(queue)).toBeNull();
    expect(removeToast(queue, 1)).toEqual([]);
  });

  it('dismisses only the toast named, or every toast without an id', () => {
    const queue: Toast[] = [{ ...saved, id: 1, open: true }];
    expect(dismissToast(queue, 99)).toEqual(queue);
    expect(dismissToast(queue)[0]?.open).toBe(false);
  });

  it('gives failures the destructive style and an alert, successes the success style and a polite status', () => {
    expect(toastPresentation('failure')).toEqual({ variant: 'destructive', role: 'alert' });
    expect(toastPresentation('success')).toEqual({ variant: 'success', role: 'status' });
  });

  it('closes successes by themselves and keeps failures until the reader dismisses them', () => {
    expect(autoDismissAfter('success')).toBeGreaterThan(0);
    expect(autoDismissAfter('failure')).toBeNull();
  });
});
