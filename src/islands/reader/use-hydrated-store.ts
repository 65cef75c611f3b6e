/**
 * A store's value for an island that must first render exactly what the server rendered. The book
 * page's reader islands hydrate at different moments (on intent, at once for a deep link or a
 * session) and share one book store: an island hydrating after the data came would otherwise render
 * it at once, differ from its HTML, and React would throw a hydration error (#418).
 * useSyncExternalStore's server snapshot is made for that (as account/use-session.ts does).
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

export function useHydratedStore<T>(store: ReadableAtom<T> | null, initial: T): T {
  const subscribe = useCallback((onChange: () => void) => (store ? store.listen(onChange) : () => undefined), [store]);
  const current = useCallback(() => (store ? store.get() : initial), [store, initial]);
  return useSyncExternalStore(subscribe, current, () => initial);
}
