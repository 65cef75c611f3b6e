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

/** Fields that are bookkeeping, not content (an edition's bookId: it shows on its book's history, issue 29 point 17). */
const SKIPPED = new Set(['id', 'slugPinned', 'updatedAt', 'createdAt', 'version', 'bookId']);

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

/** Names of the ids a page of history names (the API's `names`), and the word for a winner, in the page's language. */
export interface HistoryWords {
  names: Readonly<Record<'authors' | 'genres' | 'series' | 'awards' | 'categories', Readonly<Record<string, string>>>>;
  /** Said after a winning entry: 'winner'. */
  winner: string;
}

type Rec = Record<string, unknown>;
const nameIn = (names: Readonly<Record<string, string>>, id: unknown) => (id === null || id === undefined ? '' : (names[String(id)] ?? `#${String(id)}`));
const listOf = (value: unknown): Rec[] => (Array.isArray(value) ? value.filter(isPlainObject) : []);
const won = (entry: Rec, words: HistoryWords) => (entry.isWinner === true ? ` (${words.winner})` : '');

/**
 * The fields that name things by id, shown by name (issue 29 point 17: `genreIds [6]` and series as
 * JSON told an editor nothing). Each gives the text of the field's value.
 */
const NAMED: Readonly<Record<string, (value: unknown, words: HistoryWords) => string>> = {
  authorIds: (value, w) => (Array.isArray(value) ? value.map((id) => nameIn(w.names.authors, id)).join(', ') : showValue(value)),
  genreIds: (value, w) => (Array.isArray(value) ? value.map((id) => nameIn(w.names.genres, id)).join(', ') : showValue(value)),
  series: (value, w) => listOf(value).map((s) => `${nameIn(w.names.series, s.seriesId)}${s.position === null || s.position === undefined ? '' : ` (${String(s.position)})`}`).join('; '),
  awards: (value, w) =>
    listOf(value)
      .map((a) => {
        const category = a.categoryId !== null && a.categoryId !== undefined ? nameIn(w.names.categories, a.categoryId) : typeof a.customCategory === 'string' ? a.customCategory : '';
        return `${nameIn(w.names.awards, a.awardId)} ${String(a.year ?? '')}${category ? `, ${category}` : ''}${won(a, w)}`;
      })
      .join('; '),
  // A finalists save (entity award): the slot's books by title, its award and category by name.
  entries: (value, w) => listOf(value).map((e) => `${typeof e.title === 'string' ? e.title : `#${String(e.bookId)}`}${won(e, w)}`).join('; '),
  awardId: (value, w) => nameIn(w.names.awards, value),
  categoryId: (value, w) => nameIn(w.names.categories, value),
};

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
 * no after: every field with a value shows). With `words`, ids are shown by name.
 * @example historyChanges({ name: 'A', bio: { de: '' } }, { name: 'A', bio: { de: 'Neu' } }) // [{ field: 'bio.de', before: '', after: 'Neu' }]
 */
export function historyChanges(before: unknown, after: unknown, words?: HistoryWords): FieldChange[] {
  const old = flatten(before);
  const next = flatten(after);
  const fields = [...new Set([...old.keys(), ...next.keys()])];
  const show = (field: string, value: unknown) => {
    const named = words && NAMED[field];
    return named && value !== null && value !== undefined ? named(value, words) : showValue(value);
  };
  return fields
    .map((field) => ({ field, before: show(field, old.get(field)), after: show(field, next.get(field)) }))
    .filter((change) => change.before !== change.after);
}
