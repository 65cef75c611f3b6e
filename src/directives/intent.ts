/**
 * `client:intent`: hydrates an island when the visitor shows intent to use it (issue 11, point 7):
 * the pointer over it, focus inside it, or a touch. The islands of the header and footer (search box,
 * account menu, drawer, language menu) and the list controls are plain HTML that works or waits
 * until then, so a page loads no framework JavaScript before input. A click that came before the
 * island was ready is given again once it is (unless it followed a link). The value may name
 * conditions for hydrating at once (./intent-conditions.ts): `client:intent="session"`.
 * Code that knows the visitor turned to an island without touching it (a tab showing its panel,
 * components/detail/Tabs.astro) dispatches INTENT_EVENT on the island's element.
 */
import type { ClientDirective } from 'astro';
import { isEager, parseConditions } from './intent-conditions.ts';

/** Dispatched on an <astro-island> by code that saw the visitor turn to it (Tabs.astro spells it out: inline scripts cannot import). */
export const INTENT_EVENT = 'phantastika:intent';
const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart', INTENT_EVENT] as const;

const intent: ClientDirective = (load, options, el) => {
  let started = false;
  let pendingClick: Element | null = null;
  // Once React is attached it sees (and replays) clicks itself: only earlier ones are given again.
  let attached = false;
  const onClick = (event: Event) => {
    if (attached) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && !target.closest('a[href]')) pendingClick = target;
  };
  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const name of INTENT_EVENTS) el.removeEventListener(name, hydrate);
    const run = await load();
    attached = true;
    await run();
    el.removeEventListener('click', onClick, true);
    // The target may be an SVG icon inside a button: a bubbling click event reaches React's handler.
    const replay = pendingClick;
    if (replay?.isConnected) replay.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
  };
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  const page = { cookie: document.cookie, search: location.search, navigationType: navigation?.type };
  // Also while an eager island loads: a click on it before it is ready (a deep link's 'Write a review') is given again.
  el.addEventListener('click', onClick, true);
  if (isEager(parseConditions(options.value), page)) {
    void hydrate();
    return;
  }
  for (const name of INTENT_EVENTS) el.addEventListener(name, hydrate, { once: true, passive: true });
};

export default intent;
