/**
 * The read API's page cursors (issue 16 point 4; docs/decisions/0025-public-read-api-v1.md). A cursor
 * is opaque to clients: today it carries the position in the list and a fingerprint of the query it
 * belongs to (filters, sort, language), so a cursor sent with other filters is refused instead of
 * silently paging another list. Its format may change within v1 (e.g. to keyset positions): clients
 * only ever pass back what `next` gave them. Not signed: a forged cursor can only ask for another
 * position of the same public list, which `limit` and the offset bound already allow.
 */

/** The highest position a cursor may name (the list endpoints' `offset` bound). */
export const MAX_CURSOR_OFFSET = 1_000_000;
const PREFIX = 'c1';

export interface CursorPosition {
  /** Items before the page. */
  offset: number;
  /** `queryFingerprint` of the query the cursor was made for. */
  fingerprint: string;
}

/**
 * FNV-1a (32 bit) of a text as 8 hex digits: a short, stable, dependency-free fingerprint (not a
 * security measure).
 * @example fnv1a('') // '811c9dc5'
 */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** JSON with the keys of every object sorted and undefined values left out: equal queries, equal text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The fingerprint of what a list shows (filters, sort, language), without the page (cursor, limit).
 * @example queryFingerprint({ sort: 'newest', genre: 'Horror', lang: 'de' }) === queryFingerprint({ lang: 'de', genre: 'Horror', sort: 'newest' }) // true
 */
export function queryFingerprint(listQuery: Readonly<Record<string, unknown>>): string {
  return fnv1a(stableJson(listQuery));
}

const toBase64Url = (ascii: string) => btoa(ascii).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

/**
 * The opaque cursor of a position.
 * @example encodeCursor({ offset: 20, fingerprint: '0badf00d' }) // 'YzEuMjAuMGJhZGYwMGQ'
 */
export function encodeCursor(position: CursorPosition): string {
  return toBase64Url(`${PREFIX}.${position.offset}.${position.fingerprint}`);
}

/**
 * The position a cursor names, or null for anything `encodeCursor` did not make (a 400 for the caller).
 * @example decodeCursor('YzEuMjAuMGJhZGYwMGQ') // { offset: 20, fingerprint: '0badf00d' }
 */
export function decodeCursor(cursor: string): CursorPosition | null {
  if (cursor.length > 64) return null;
  const text = fromBase64Url(cursor);
  const match = text === null ? null : /^c1\.(0|[1-9][0-9]{0,6})\.([0-9a-f]{8})$/.exec(text);
  if (!match) return null;
  const offset = Number(match[1]);
  if (offset > MAX_CURSOR_OFFSET) return null;
  return { offset, fingerprint: match[2]! };
}
