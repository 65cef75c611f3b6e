/**
 * Mounts the page's one Toaster the first time a reader island needs it (the pop-up when it opens,
 * the book page's islands when they hydrate), so the live regions are in place before any toast and
 * no page loads it before input (issue 11 budgets).
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import Toaster from './Toaster.tsx';
import type { ToastTexts } from './texts.ts';

let mounted = false;

export function ensureToaster(texts: ToastTexts): void {
  if (mounted || typeof document === 'undefined') return;
  mounted = true;
  const host = document.createElement('div');
  host.className = 'reader-toaster-root';
  document.body.append(host);
  createRoot(host).render(createElement(Toaster, { texts }));
}
