/**
 * The few lines every page loads for the book pop-up (issue 12 point 2; issue 11 budgets): one
 * delegated listener for the book cards (links marked `data-book-popup`), wherever they come from
 * (static HTML, "load more", search results), which carry the book's id. A plain left click (or Enter) opens the pop-up instead
 * of the page; middle and modified clicks keep the link's own behaviour, and without JavaScript the
 * card is just the link. The pop-up's code is imported on the first pointer over, focus on or touch
 * of a card (a prefetch) or at the latest on the click; if it cannot load, the click goes to the page.
 */
import { bookRefOf, isPlainLeftClick } from './plain-click.ts';

const CARD_LINK = 'a[data-book-popup]';

type PopupEntry = typeof import('./popup-entry.ts');
let entry: Promise<PopupEntry> | undefined;

function loadEntry(): Promise<PopupEntry> {
  entry ??= import('./popup-entry.ts').catch((error: unknown) => {
    entry = undefined;
    throw error;
  });
  return entry;
}

function cardLink(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>(CARD_LINK) : null;
}

export function installBookPopupLauncher(): void {
  document.addEventListener('click', (event) => {
    const link = cardLink(event.target);
    if (!link || !isPlainLeftClick(event)) return;
    const ref = bookRefOf(link.dataset.bookPopup, link.href, location.origin);
    if (!ref) return;
    event.preventDefault();
    loadEntry()
      .then((popup) => popup.openBookPopup(ref, link))
      .catch(() => location.assign(link.href));
  });
  const prefetch = (event: Event) => {
    if (!cardLink(event.target)) return;
    loadEntry()
      .then((popup) => popup.prefetchPopup())
      .catch(() => undefined);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) document.addEventListener(type, prefetch, { passive: true });
}
