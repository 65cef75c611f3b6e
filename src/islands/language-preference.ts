/**
 * Remembering the visitor's interface language in the browser (spec §4 "Language: read from local
 * storage ...; choice cached in local storage"; DESIGN.md §6). The nf_lang cookie is read by Netlify's
 * `Language=` redirects, so the unprefixed entry routes (/books, /) send a returning visitor to the
 * language they chose last. Browser-only; tiny on purpose (shared by islands and inline scripts).
 */
import type { Locale } from '../domain/enums.ts';

export const LANGUAGE_STORAGE_KEY = 'phantastika.lang';
export const LANGUAGE_COOKIE = 'nf_lang';
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** Stores the choice in localStorage and in the nf_lang cookie (path=/, 1 year, SameSite=Lax). */
export function rememberLanguage(locale: Locale): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Storage can be disabled (private mode, policies); the cookie still carries the choice.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/** The stored choice, if any (the caller validates it against the supported locales). */
export function readRememberedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}
