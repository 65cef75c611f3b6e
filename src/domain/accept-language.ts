import { DEFAULT_LOCALE, LOCALES, type Locale } from './enums.ts';

/**
 * The best supported interface language for an Accept-Language header (q-values honoured,
 * region ignored), falling back to en (spec §9).
 * @example negotiateLocale('de-CH,de;q=0.9,en;q=0.5') // 'de'
 */
export function negotiateLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const match = ranked.find((r) => (LOCALES as readonly string[]).includes(r.lang));
  return (match?.lang as Locale | undefined) ?? DEFAULT_LOCALE;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
