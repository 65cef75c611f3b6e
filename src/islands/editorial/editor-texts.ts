/**
 * Texts of the admin add/edit pages (issue 13 points 1, 7, 8). The editor reads many keys (every
 * field, every schema message), so its page hands it every key under these prefixes, translated at
 * build time (components/editorial/editor-texts.server.ts); no island imports the dictionaries
 * (src/islands/README.md). `tx` falls back to the key, which a unit test keeps from happening.
 */
export const EDITOR_TEXT_PREFIXES = ['admin.', 'validation.editorial.', 'editorial.error.', 'series.kind.', 'series.status.', 'api.error.', 'account.error.', 'images.'] as const;
/** Single keys outside those prefixes. */
export const EDITOR_TEXT_EXTRA_KEYS = ['validation.id', 'common.loading'] as const;

export type EditorTexts = Readonly<Record<string, string>>;

/**
 * A text by key, with `{name}` placeholders filled.
 * @example tx(texts, 'admin.created', { name: 'Dune' })
 */
export function tx(texts: EditorTexts, key: string, params?: Readonly<Record<string, string | number>>): string {
  const template = texts[key] ?? key;
  return params ? template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name]))) : template;
}
