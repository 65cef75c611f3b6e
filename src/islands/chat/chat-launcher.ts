/**
 * The few lines the start page loads for the book assistant (issue 15 point 1; ADR 0008: no framework
 * JavaScript before input). The assistant's code (React, the panel, its stylesheet) is imported when
 * the reader opens it: the open button, or the navbar's link to `#assistant`; pointing at or focusing
 * the button starts loading it.
 */
type ChatEntry = typeof import('./chat-entry.ts');
let entry: Promise<ChatEntry> | undefined;

function loadEntry(): Promise<ChatEntry> {
  entry ??= import('./chat-entry.ts').catch((error: unknown) => {
    entry = undefined;
    throw error;
  });
  return entry;
}

export function installChatLauncher(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-chat-open]');
  const root = document.querySelector<HTMLElement>('[data-chat-root]');
  if (!button || !root) return;
  const open = () => {
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    loadEntry()
      .then((chat) => chat.openChat(root, button))
      .catch(() => {
        root.textContent = button.dataset.loadFailed ?? '';
      })
      .finally(() => {
        button.disabled = false;
        button.removeAttribute('aria-busy');
      });
  };
  button.addEventListener('click', open);
  for (const type of ['pointerover', 'focus', 'touchstart'] as const) button.addEventListener(type, () => void loadEntry().catch(() => undefined), { once: true, passive: true });
  const openFromAddress = () => {
    if (location.hash !== '#assistant') return;
    open();
    root.closest('section')?.scrollIntoView();
  };
  window.addEventListener('hashchange', openFromAddress);
  openFromAddress();
}
