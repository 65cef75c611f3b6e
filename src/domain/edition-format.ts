/**
 * How the edition selector names an edition's format and language (spec §2 "Edition selector ... can
 * optionally show formats and languages", §3 "formats (id, bindingType, price, currency default EUR)
 * and languages (id, languageName, isOriginalLanguage, translator)"; issue 29 point 25), pure: the
 * caller passes the translated labels and the page's locale. One rule for the pop-up's selector, the
 * book page's edition list and the editions manager's cards.
 */
import { DEFAULT_CURRENCY, type Currency } from './enums.ts';

/** The price fields of an edition (src/domain/schemas/edition.ts). */
export interface PricedEdition {
  readonly price: number | null;
  readonly currency: Currency | null;
}

/** The language fields of an edition. */
export interface LanguageOfEdition {
  readonly isOriginalLanguage: boolean;
  readonly translator: string | null;
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A price in the page's locale, always with cents: the locale places the sign and the separators.
 * @example formatPrice(12, 'EUR', 'de') // '12,00 €' (with a no-break space)
 * @example formatPrice(12, 'EUR', 'en') // '€12.00'
 */
export function formatPrice(price: number, currency: Currency, locale: string): string {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format.format(price);
}

/**
 * An edition's price in the page's locale, or null when none is set; a price without a currency
 * (which the database does not admit) would be in euros (spec §9).
 * @example editionPrice({ price: 9.5, currency: 'CHF' }, 'de') // '9,50 CHF'
 */
export function editionPrice(edition: PricedEdition, locale: string): string | null {
  return edition.price === null ? null : formatPrice(edition.price, edition.currency ?? DEFAULT_CURRENCY, locale);
}

/**
 * The format as the selector shows it: its label (binding, else format type), then its price when set.
 * @example editionFormatText('Taschenbuch', { price: 12, currency: 'EUR' }, 'de') // 'Taschenbuch · 12,00 €'
 */
export function editionFormatText(formatLabel: string, edition: PricedEdition, locale: string): string {
  const price = editionPrice(edition, locale);
  return price === null ? formatLabel : `${formatLabel} · ${price}`;
}

/**
 * The language as the selector shows it: its name, then 'Original language' for the original, else the
 * translator when known.
 * @example editionLanguageText('Deutsch', { isOriginalLanguage: false, translator: 'Jakob Schmidt' }, { original: 'Originalsprache', translator: 'Übersetzung' }) // 'Deutsch · Übersetzung: Jakob Schmidt'
 */
export function editionLanguageText(language: string, edition: LanguageOfEdition, labels: { original: string; translator: string }): string {
  if (edition.isOriginalLanguage) return `${language} · ${labels.original}`;
  const translator = edition.translator?.trim();
  return translator ? `${language} · ${labels.translator}: ${translator}` : language;
}
