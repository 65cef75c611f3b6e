/**
 * Sign-out is a plain link to GET /api/logout (spec §2, §7), which redirects to '/', and '/' picks the
 * language by the nf_lang cookie. Remembering the language being read on the click keeps the start
 * page after signing out in that language.
 */
import type { Locale } from '../../domain/enums.ts';
import { rememberLanguage } from '../language-preference.ts';

/** The click handler of a sign-out link. */
export const keepLanguageOnSignOut = (locale: Locale) => () => rememberLanguage(locale);
