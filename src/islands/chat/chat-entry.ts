/**
 * The assistant's code, loaded only when a reader opens it (chat-launcher.ts): mounts ChatPanel in
 * the start page's assistant section with the texts the page carries (translated at build time).
 */
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import ChatPanel from './ChatPanel.tsx';
import type { ChatTexts } from './texts.ts';
// As a URL, not a CSS import: Astro would link an imported stylesheet into the page, render-blocking (see popup-entry.ts).
import chatStylesheet from '../../styles/chat.css?url';

let styles: Promise<void> | undefined;

function loadStyles(): Promise<void> {
  styles ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = chatStylesheet;
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    document.head.append(link);
  });
  return styles;
}

let mounted: Root | undefined;

/** Opens the assistant in `host`; `button` (the open button) hides while it is open and gets the focus back on close. */
export async function openChat(host: HTMLElement, button: HTMLButtonElement): Promise<void> {
  if (mounted) return;
  const data = JSON.parse(document.getElementById('chat-texts')?.textContent ?? '{}') as { locale: string; texts: ChatTexts };
  await loadStyles();
  const root = createRoot(host);
  mounted = root;
  button.hidden = true;
  button.setAttribute('aria-expanded', 'true');
  const close = () => {
    root.unmount();
    mounted = undefined;
    button.hidden = false;
    button.setAttribute('aria-expanded', 'false');
    if (location.hash === '#assistant') history.replaceState(null, '', location.pathname + location.search);
    button.focus();
  };
  root.render(createElement(ChatPanel, { locale: data.locale, texts: data.texts, onClose: close }));
}
