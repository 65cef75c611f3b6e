/**
 * Server-side message translation: the API answers with a message in the request's language
 * (Accept-Language) and keeps the key in `details` for clients that translate themselves.
 */
import de from '../../../locales/de.json' with { type: 'json' };
import en from '../../../locales/en.json' with { type: 'json' };
import it from '../../../locales/it.json' with { type: 'json' };
import type { Locale } from '../../../src/domain/enums.ts';

const catalogues: Record<Locale, Record<string, string>> = { en, de, it };

export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const template = catalogues[locale][key] ?? catalogues.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
