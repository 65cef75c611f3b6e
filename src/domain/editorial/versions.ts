/**
 * Versions of edited records (issue 27 point 4; docs/decisions/0030-editor-versions-and-read-your-writes.md):
 * every write of a book, author, series, genre, award, edition or affiliate service names the version
 * it was based on, as an `If-Match: "v<n>"` header or a `version` field of the body; the server
 * refuses a write whose version is not the stored one (409 with the current record). Pure.
 */
import { z } from 'zod';

/** A record's version as the body of a write names it. */
export const VersionSchema = z.number('validation.editorial.version').int('validation.editorial.version').min(1, 'validation.editorial.version').max(2_147_483_647, 'validation.editorial.version');

/**
 * The versions a write may be based on: a list (the stored one must be among them), or null for a
 * write that names none (`If-Match: *`, or neither header nor field): it is not checked.
 */
export type ExpectedVersion = readonly number[] | null;

/**
 * The strong ETag of a version: a record's number, or a slot's digest (`slotVersionOf`).
 * @example etagOf(3) // '"v3"'
 */
export const etagOf = (version: number | string): string => (typeof version === 'number' ? `"v${version}"` : `"${version}"`);

/**
 * The versions an `If-Match` header names: null when there is none or it is `*`; tags that are not
 * ours (or weak ones, which If-Match never matches) name no version, so they never match.
 * @example versionsOfIfMatch('"v3", "v4"') // [3, 4]
 */
export function versionsOfIfMatch(header: string | null): ExpectedVersion {
  if (header === null || header.trim() === '' || header.trim() === '*') return null;
  const versions: number[] = [];
  for (const tag of header.split(',')) {
    const m = /^"v(\d{1,10})"$/.exec(tag.trim());
    if (m) versions.push(Number(m[1]));
  }
  return versions;
}

/**
 * What a write expects from its `If-Match` header and its body's `version`: both when both are
 * given (a body version the header does not list can never match), else the one given.
 * @example expectedVersion('"v3"', 3) // [3]
 */
export function expectedVersion(ifMatch: string | null, bodyVersion: number | undefined): ExpectedVersion {
  const header = versionsOfIfMatch(ifMatch);
  if (bodyVersion === undefined) return header;
  if (header === null) return [bodyVersion];
  return header.includes(bodyVersion) ? [bodyVersion] : [];
}

/** Whether a write expecting `expected` may change a record stored at `current`. */
export const versionMatches = (current: number, expected: ExpectedVersion): boolean => expected === null || expected.includes(current);

/** One field (and language) that differs somewhere between what the editor loaded, typed and what is stored now. */
export interface FieldConflict {
  field: string;
  /** For a localized text: the language that differs. */
  language?: string;
  /** The editor changed it (typed differs from loaded). */
  mine: boolean;
  /** Someone else changed it (stored differs from loaded). */
  theirs: boolean;
}

const isLocalized = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => v === null || v === undefined || typeof v === 'string');
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const textOf = (value: unknown) => (value === undefined || value === null ? '' : value);

/**
 * The fields of a stale save for the conflict panel: each field (a localized text per language)
 * that the editor or someone else changed since the form was loaded, in the order of `loaded`'s
 * keys; fields nobody changed are left out. The three are payloads of the same shape (the form's).
 * @example fieldConflicts({ title: 'A', pages: 1 }, { title: 'B', pages: 1 }, { title: 'A', pages: 2 }) // [{ field: 'title', mine: true, theirs: false }, { field: 'pages', mine: false, theirs: true }]
 */
export function fieldConflicts(loaded: Record<string, unknown>, mine: Record<string, unknown>, stored: Record<string, unknown>): FieldConflict[] {
  const fields = [...new Set([...Object.keys(loaded), ...Object.keys(mine), ...Object.keys(stored)])].filter((f) => f !== 'version');
  const conflicts: FieldConflict[] = [];
  for (const field of fields) {
    const [l, m, s] = [loaded[field], mine[field], stored[field]];
    if ([l, m, s].every((v) => v === undefined || isLocalized(v)) && [l, m, s].some((v) => v !== undefined)) {
      const languages = [...new Set([l, m, s].flatMap((v) => Object.keys((v as Record<string, unknown> | undefined) ?? {})))];
      for (const language of languages) {
        const at = (v: unknown) => textOf((v as Record<string, unknown> | undefined)?.[language]);
        const mineChanged = !same(at(m), at(l));
        const theirsChanged = !same(at(s), at(l));
        if (mineChanged || theirsChanged) conflicts.push({ field, language, mine: mineChanged, theirs: theirsChanged });
      }
      continue;
    }
    const mineChanged = !same(m, l);
    const theirsChanged = !same(s, l);
    if (mineChanged || theirsChanged) conflicts.push({ field, mine: mineChanged, theirs: theirsChanged });
  }
  return conflicts;
}

/**
 * The version of an award slot's finalists (issue 27 point 4): a slot (an award, a category, a year)
 * is no row of its own, so its version is a digest of what it holds, the 'no award' mark and each
 * entry (book, winner, title on the list), in book order. Any change by any path (the finalists
 * screen, a book's own award list, a deleted book) changes it. FNV-1a over the canonical text.
 * @example slotVersionOf({ noAward: false, entries: [] }) // 's5e183a12-0'
 */
export function slotVersionOf(slot: { noAward: boolean; entries: readonly { bookId: number; isWinner: boolean; asTitle?: string | null }[] }): string {
  const canonical = JSON.stringify([slot.noAward, [...slot.entries].sort((a, b) => a.bookId - b.bookId).map((e) => [e.bookId, e.isWinner, e.asTitle ?? null])]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < canonical.length; i++) {
    hash ^= canonical.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `s${hash.toString(16).padStart(8, '0')}-${slot.entries.length}`;
}

/** A slot version as the body of a write names it. */
export const SlotVersionSchema = z.string('validation.editorial.version').regex(/^s[0-9a-f]{8}-\d{1,4}$/, 'validation.editorial.version');

/**
 * The slot versions a finalists write may be based on, from its `If-Match` header and its body's
 * `version`, as `expectedVersion` does for records: null names none (not checked).
 * @example expectedSlotVersion('"s0a1b2c3d-2"', undefined) // ['s0a1b2c3d-2']
 */
export function expectedSlotVersion(ifMatch: string | null, bodyVersion: string | undefined): readonly string[] | null {
  let header: string[] | null = null;
  if (ifMatch !== null && ifMatch.trim() !== '' && ifMatch.trim() !== '*') {
    header = ifMatch.split(',').flatMap((tag) => {
      const m = /^"(s[0-9a-f]{8}-\d{1,4})"$/.exec(tag.trim());
      return m ? [m[1]!] : [];
    });
  }
  if (bodyVersion === undefined) return header;
  if (header === null) return [bodyVersion];
  return header.includes(bodyVersion) ? [bodyVersion] : [];
}
