/**
 * Whether a click on a link is a plain left click, the only one the reader islands take over (open
 * the pop-up instead of the page, close the pop-up before going to /login). A middle click, a
 * modifier (new tab or window, download) or a click someone else already handled keeps the browser's
 * own behaviour, so a card stays a real link (issue 12 point 2).
 */
export interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

export function isPlainLeftClick(event: ClickLike): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;
}

/**
 * The book a card opens: its id from `data-book-popup` when it holds one, else the slug of the
 * '/{locale}/books/{slug}' it links to; null for any other address (the card stays a plain link).
 * The id comes first because the API reads an all-digit reference as an id, and a slug can be all
 * digits ('334', by Thomas M. Disch).
 * @example bookRefOf('42', '/de/books/dune') // '42'
 */
export function bookRefOf(popupValue: string | undefined, href: string, origin?: string): string | null {
  if (popupValue && /^[1-9][0-9]{0,9}$/.test(popupValue)) return popupValue;
  return bookRefFromHref(href, origin);
}

/**
 * The slug of a book page's address, or null for any other address.
 * @example bookRefFromHref('/de/books/dune') // 'dune'
 */
export function bookRefFromHref(href: string, origin = 'https://site.invalid'): string | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const match = /^\/(?:en|de|it)\/books\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(url.pathname);
  return match?.[1] ?? null;
}
