/**
 * `client:intent`: hydrates an island when the visitor shows intent to use it (issue 11, point 7):
 * the pointer over it, focus inside it, or a touch. The islands of the header and footer (search box,
 * account menu, drawer, language menu) and the list controls are plain HTML that works or waits
 * until then, so a page loads no framework JavaScript before input. A click that came before the
 * island was ready is given again once it is (unless it followed a link). The value may name
 * conditions for hydrating at once (./intent-conditions.ts): `client:intent="session"`.
 * Code that knows the visitor turned to an island without touching it (a tab showing its panel,
 * components/detail/Tabs.astro) dispatches INTENT_EVENT on the island's element.
 *
 * The first input must not be lost (issue 29 point 1): list controls are real links (`?page=2`,
 * `?kind=novel`) marked ENHANCED_LINK_ATTRIBUTE, which work without the island; a click on one while
 * the island loads is held and given to the island once it is ready (the link is followed if the
 * island cannot load). A select changed before the island is ready gets its choice back afterwards.
 */
import type { ClientDirective } from 'astro';
import { isEager, parseConditions } from './intent-conditions.ts';

/** Dispatched on an <astro-island> by code that saw the visitor turn to it (Tabs.astro spells it out: inline scripts cannot import). */
export const INTENT_EVENT = 'phantastika:intent';
/** Marks a link the island handles itself once hydrated (`<a href="?page=2" data-enhanced-link>`). */
export const ENHANCED_LINK_ATTRIBUTE = 'data-enhanced-link';
const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart', INTENT_EVENT] as const;

const intent: ClientDirective = (load, options, el) => {
  let started = false;
  let pendingClick: Element | null = null;
  let pendingChange: { select: HTMLSelectElement; value: string } | null = null;
  // Once React is attached it sees (and replays) clicks itself: only earlier ones are given again.
  let attached = false;
  const onClick = (event: Event) => {
    if (attached) return;
    const target = event.target instanceof Element ? event.target : null;
    const enhanced = target?.closest(`a[href][${ENHANCED_LINK_ATTRIBUTE}]`);
    if (enhanced && event instanceof MouseEvent && !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0)) {
      // The island does what the link would, in place: hold the click until it is ready.
      event.preventDefault();
      pendingClick = enhanced;
      void hydrate();
      return;
    }
    if (target && !target.closest('a[href]')) pendingClick = target;
  };
  const onChange = (event: Event) => {
    if (attached || !(event.target instanceof HTMLSelectElement)) return;
    pendingChange = { select: event.target, value: event.target.value };
    void hydrate();
  };
  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const name of INTENT_EVENTS) el.removeEventListener(name, hydrate);
    try {
      const run = await load();
      attached = true;
      await run();
    } catch (error) {
      // The island could not load: a held link does what it says without it.
      if (pendingClick instanceof HTMLAnchorElement) window.location.assign(pendingClick.href);
      throw error;
    } finally {
      el.removeEventListener('click', onClick, true);
      el.removeEventListener('change', onChange, true);
    }
    // React did not see the choice (and hydration may have set the select back): choose it again.
    const change = pendingChange;
    if (change?.select.isConnected) {
      change.select.value = change.value;
      change.select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    // The target may be an SVG icon inside a button: a bubbling click event reaches React's handler.
    const replay = pendingClick;
    if (replay?.isConnected) replay.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
  };
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  const page = { cookie: document.cookie, search: location.search, navigationType: navigation?.type };
  // Also while an eager island loads: a click on it before it is ready (a deep link's 'Write a review') is given again.
  el.addEventListener('click', onClick, true);
  el.addEventListener('change', onChange, true);
  if (isEager(parseConditions(options.value), page)) {
    void hydrate();
    return;
  }
  for (const name of INTENT_EVENTS) el.addEventListener(name, hydrate, { once: true, passive: true });
};

export default intent;
