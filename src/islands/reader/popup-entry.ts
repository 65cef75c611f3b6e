/**
 * The pop-up's code, loaded only when a reader points at, focuses or clicks a book card
 * (popup-launcher.ts; issue 12 point 2: never with the page). Mounts BookPopup and the toaster once,
 * with the texts of the page language from /{locale}/reader-texts.json (translated at build time by
 * src/pages/[locale]/reader-texts.json.ts: islands never import the dictionaries).
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LOCALE } from '../../domain/enums.ts';
import { isLocale } from '../../domain/accept-language.ts';
import BookPopup from './BookPopup.tsx';
import { loadAffiliateServices } from './stores/affiliate.ts';
import { openPopup } from './stores/popup.ts';
import type { PopupTextBundle } from './texts.ts';
import { ensureToaster } from './toaster-root.ts';
import { signalAnalytics } from '../../lib/analytics/signal.ts';
// As a URL, not a CSS import: Astro would link an imported stylesheet into every page that can load
// this module (all of them), render-blocking (issue 11). It is fetched with the code instead.
import popupStylesheet from '../../styles/popup.css?url';

const pageLocale = () => {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
};

let bundle: Promise<PopupTextBundle> | undefined;
let styles: Promise<void> | undefined;

/** Adds the pop-up's stylesheet to the page once; resolves when it applies (or failed: the pop-up still opens). */
function loadStyles(): Promise<void> {
  styles ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = popupStylesheet;
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    document.head.append(link);
  });
  return styles;
}

function loadTexts(locale: string): Promise<PopupTextBundle> {
  bundle ??= fetch(`/${locale}/reader-texts.json`, { credentials: 'same-origin' })
    .then((response) => {
      if (!response.ok) throw new Error(`reader texts: HTTP ${response.status}`);
      return response.json() as Promise<PopupTextBundle>;
    })
    .catch((error: unknown) => {
      bundle = undefined;
      throw error;
    });
  return bundle;
}

/** Starts loading what the first pop-up needs (its stylesheet and texts; the code is loaded by now). */
export function prefetchPopup(): void {
  void loadStyles();
  void loadTexts(pageLocale()).catch(() => undefined);
}

let mounted = false;

/** Opens the pop-up for the book `ref` (slug or id); `trigger` gets the focus back on close. */
export async function openBookPopup(ref: string, trigger: HTMLElement): Promise<void> {
  const locale = pageLocale();
  const [{ texts, plurals }] = await Promise.all([loadTexts(locale), loadStyles()]);
  if (!mounted) {
    mounted = true;
    ensureToaster(texts);
    const host = document.createElement('div');
    host.className = 'reader-popup-root';
    document.body.append(host);
    createRoot(host).render(createElement(BookPopup, { locale, texts, plurals }));
  }
  loadAffiliateServices(locale);
  openPopup(ref, trigger, locale, texts);
  signalAnalytics({ eventType: 'modal_open', entityType: 'book', entityId: ref, metadata: { source: 'book_card' } });
}
