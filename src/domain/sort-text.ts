/** Locale-aware text ordering for catalogue lists (titles, names) in en/de/it. */

/**
 * One collator per locale: constructing Intl.Collator is costly and lists sort thousands of titles.
 * 'base' sensitivity files 'Ä' with 'A' (as German readers expect) and ignores case; numeric sorts 'Band 2' before 'Band 10'.
 */
const collators = new Map<string, Intl.Collator>();

function collatorFor(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
    collators.set(locale, collator);
  }
  return collator;
}

/**
 * Compares two strings for `Array.prototype.sort` in the given locale.
 * @example ['Zebra', 'Äpfel', 'Apfel'].sort((a, b) => compareText(a, b, 'de')) // ['Äpfel', 'Apfel', 'Zebra']
 */
export function compareText(a: string, b: string, locale: string): number {
  return collatorFor(locale).compare(a, b);
}
