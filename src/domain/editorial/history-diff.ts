/**
 * A readable before/after of an admin history entry (issue 13 point 8): the fields that changed, one
 * row each, with localized texts split per language ('description.de') so a fixed German bio does not
 * show the English and Italian ones as changed. Pure; the page formats the values it gets.
 */

export interface FieldChange {
  field: string;
  /** The value as text ('' for none), lists and objects as compact JSON. */
  before: string;
  after: string;
}

/** Fields that are bookkeeping, not content. */
const SKIPPED = new Set(['id', 'slugPinned', 'updatedAt', 'createdAt', 'version']);

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Text of a recorded value.
 * @example showValue(['a', 1]) // '["a",1]'
 */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Flattens one level of nested objects (localized texts) into 'field.key' entries. */
function flatten(record: unknown): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  if (!isPlainObject(record)) return fields;
  for (const [key, value] of Object.entries(record)) {
    if (SKIPPED.has(key)) continue;
    if (isPlainObject(value) && Object.values(value).every((v) => typeof v === 'string' || v === null || v === undefined)) {
      for (const [sub, text] of Object.entries(value)) fields.set(`${key}.${sub}`, text);
    } else fields.set(key, value);
  }
  return fields;
}

/**
 * The changed fields between a history entry's before and after (a create has no before, a delete
 * no after: every field with a value shows).
 * @example historyChanges({ name: 'A', bio: { de: '' } }, { name: 'A', bio: { de: 'Neu' } }) // [{ field: 'bio.de', before: '', after: 'Neu' }]
 */
export function historyChanges(before: unknown, after: unknown): FieldChange[] {
  const old = flatten(before);
  const next = flatten(after);
  const fields = [...new Set([...old.keys(), ...next.keys()])];
  return fields
    .map((field) => ({ field, before: showValue(old.get(field)), after: showValue(next.get(field)) }))
    .filter((change) => change.before !== change.after);
}
