/**
 * Opens the editions manager over the book pop-up (issue 13 point 2). Loaded only when a super user
 * presses the pop-up's edition-management button (BookPopup.tsx imports it dynamically), so readers
 * never download it. Fetches the manager's texts once per page from
 * /{locale}/editions-manager-texts.json (translated at build time: islands never import the
 * dictionaries) and mounts one dialog per page.
 */
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import EditionsManagerDialog from './EditionsManagerDialog.tsx';
import type { EditionsManagerTexts } from './texts.ts';
import '../../styles/account.css';
import '../../styles/editorial.css';

let texts: Promise<EditionsManagerTexts> | undefined;

function loadTexts(locale: string): Promise<EditionsManagerTexts> {
  texts ??= fetch(`/${locale}/editions-manager-texts.json`, { credentials: 'same-origin' })
    .then((response) => {
      if (!response.ok) throw new Error(`editions manager texts: HTTP ${response.status}`);
      return response.json() as Promise<EditionsManagerTexts>;
    })
    .catch((error: unknown) => {
      texts = undefined;
      throw error;
    });
  return texts;
}

export interface OpenEditionsManager {
  bookId: number;
  bookTitle: string;
  locale: string;
  /** Gets the focus back when the manager closes. */
  trigger: HTMLElement;
  /** After every accepted change (the pop-up reloads its editions). */
  onChanged: () => void;
}

let root: Root | undefined;

export async function openEditionsManager({ bookId, bookTitle, locale, trigger, onChanged }: OpenEditionsManager): Promise<void> {
  const managerTexts = await loadTexts(locale);
  if (!root) {
    const host = document.createElement('div');
    host.className = 'editions-manager-root';
    document.body.append(host);
    root = createRoot(host);
  }
  const render = (open: boolean) =>
    root!.render(
      createElement(EditionsManagerDialog, {
        open,
        bookId,
        bookTitle,
        locale,
        texts: managerTexts,
        onChanged,
        onClosed: () => {
          render(false);
          if (trigger.isConnected) trigger.focus();
        },
      }),
    );
  render(true);
}
