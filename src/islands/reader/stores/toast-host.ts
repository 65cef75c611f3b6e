/** Where the toasts render: null for the page, or the open pop-up's dialog (see Toaster.tsx). */
import { atom } from 'nanostores';

export const $toastHost = atom<HTMLElement | null>(null);
