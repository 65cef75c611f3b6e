/**
 * Which slug an edited book, author, series or genre gets (issue 13 point 1; spec §5 slugs). The same
 * rule as the seed importer's `assignSlugs` (src/domain/slug.ts), so a rebuild that runs the importer
 * never moves what an editor saved:
 * - a slug the editor typed is taken through the slug rule (`slugify`), numbered when taken;
 * - without one, a new thing gets its name's slug; an edited one keeps its slug while it still fits
 *   the name (or was pinned), else follows the new name;
 * - a slug that does not fit the name is pinned, so the importer keeps it.
 */
import { bookSlug, slugFitsBase, slugify } from '../slug.ts';
import type { EditedEntity } from '../schemas/editorial.ts';

/** What a name without a single slug-able character falls back to (spec §5: 'unknown-book' for books). */
const FALLBACK: Readonly<Record<EditedEntity, string>> = { book: 'unknown-book', author: 'unknown-author', series: 'unknown-series', genre: 'unknown-genre' };

/**
 * The slug a title or name gives by the spec rule.
 * @example nameSlug('book', 'Der Wüstenplanet') // 'der-wuestenplanet'
 */
export function nameSlug(kind: EditedEntity, name: string): string {
  return kind === 'book' ? bookSlug(name) : slugify(name) || FALLBACK[kind];
}

export interface SlugSituation {
  kind: EditedEntity;
  /** The title or name the thing will have. */
  name: string;
  /** What the editor typed in the slug field, if anything. */
  requested?: string;
  /** The thing's slug now (absent for a new one). */
  current?: { slug: string; pinned: boolean };
}

/**
 * Either keep the current slug, or the base to make unique (`uniqueSlug(base, taken)`).
 * @example slugPlan({ kind: 'book', name: 'Dune Messiah', current: { slug: 'dune', pinned: false } }) // { base: 'dune-messiah' }
 */
export function slugPlan(situation: SlugSituation): { keep: true } | { keep: false; base: string } {
  const { current } = situation;
  if (situation.requested !== undefined) {
    const base = slugify(situation.requested);
    return current && current.slug === base ? { keep: true } : { keep: false, base };
  }
  const base = nameSlug(situation.kind, situation.name);
  if (current && (current.pinned || slugFitsBase(current.slug, base))) return { keep: true };
  return { keep: false, base };
}

/**
 * Whether a slug must be pinned for the seed importer to keep it: it does not follow the name.
 * @example isPinned('book', 'dune-the-novel', 'Dune') // true
 */
export function isPinned(kind: EditedEntity, slug: string, name: string): boolean {
  return !slugFitsBase(slug, nameSlug(kind, name));
}

/** What a save did to the address, for the editor to say (issue 29 point 18): a slug that was taken and numbered, or a moved address. */
export type SlugNotice = { key: 'admin.slug.taken'; params: { wanted: string; saved: string } } | { key: 'admin.slug.moved'; params: { before: string; saved: string } };

export interface SavedSlug {
  kind: EditedEntity;
  /** The title or name that was saved. */
  name: string;
  /** What the slug field held when saving ('' when empty: the name's slug is wanted). */
  requested: string;
  /** The slug before the save (null for a new thing). */
  previous: string | null;
  /** The slug the server saved. */
  saved: string;
}

/**
 * The notice a save's slug calls for, or null when the address is the one the editor asked for and did
 * not move: a slug asked for (a new thing's, or one typed over an edited thing's) saved as another
 * because it was taken ('dune': 'dune-2'), or an edited thing whose address changed with its name
 * (its old address forwards to the new one).
 * @example slugNotice({ kind: 'book', name: 'Dune', requested: 'dune', previous: null, saved: 'dune-2' }) // { key: 'admin.slug.taken', params: { wanted: 'dune', saved: 'dune-2' } }
 */
export function slugNotice({ kind, name, requested, previous, saved }: SavedSlug): SlugNotice | null {
  // A slug the editor asked for: a new thing's (typed or its name's), or one typed over an edited thing's.
  const asked = previous === null || (requested.trim() !== '' && requested.trim() !== previous);
  const wanted = requested.trim() ? slugify(requested) || nameSlug(kind, name) : nameSlug(kind, name);
  if (asked && wanted !== saved) return { key: 'admin.slug.taken', params: { wanted, saved } };
  if (previous !== null && previous !== saved) return { key: 'admin.slug.moved', params: { before: previous, saved } };
  return null;
}
