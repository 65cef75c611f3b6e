/**
 * Texts of the account islands travel as one record of translation keys to strings: each island lists
 * the keys it reads (`XXX_TEXT_KEYS`), its .astro page translates exactly those at build time.
 * Nothing here imports the dictionaries (src/islands/README.md).
 */

export type Texts<K extends string> = Readonly<Record<K, string>>;

/**
 * Builds the record for an island from its key list with the page's translate function.
 * @example pickTexts(LOGIN_TEXT_KEYS, (key) => t(locale, key))
 */
export function pickTexts<K extends string>(keys: readonly K[], translate: (key: K) => string): Texts<K> {
  return Object.fromEntries(keys.map((key) => [key, translate(key)])) as Record<K, string>;
}

/** Fills `{name}` placeholders of a translated template (plural-free texts only). */
export function fill(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}
