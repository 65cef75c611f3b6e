/**
 * URL slugs for books, authors, series and genres (spec §5 "Slugs"): the one rule for the seed
 * importer, admin forms and URLs. German umlauts are transliterated rather than stripped so 'Wüste'
 * stays readable as 'wueste'; apostrophes are stripped like every other character ('Ender's Game' →
 * 'enders-game'), never turned into a hyphen.
 */

/**
 * Letters that NFD does not decompose into base letter + mark, or that German readers expect
 * transliterated (ä→ae rather than ä→a). Applied after lower-casing, so only lower case is listed.
 */
const TRANSLITERATIONS: ReadonlyArray<readonly [from: string, to: string]> = [
  ['ä', 'ae'],
  ['ö', 'oe'],
  ['ü', 'ue'],
  ['ß', 'ss'],
  ['æ', 'ae'],
  ['œ', 'oe'],
  ['ø', 'o'],
  ['ł', 'l'],
  ['đ', 'd'],
  ['ð', 'd'],
  ['þ', 'th'],
  ['ı', 'i'],
];
const TRANSLITERATION = new Map(TRANSLITERATIONS);
const TRANSLITERATION_PATTERN = new RegExp(`[${TRANSLITERATIONS.map(([from]) => from).join('')}]`, 'g');

/** Fallback when a book title has no slug-able characters (spec §5). */
export const UNKNOWN_BOOK_SLUG = 'unknown-book';

/**
 * Turns any text into a URL slug: lowercase ASCII letters, digits and single hyphens.
 * @example slugify('Der Wüstenplanet') // 'der-wuestenplanet'
 */
export function slugify(text: string): string {
  return (
    text
      // NFC first so a decomposed 'u + ¨' is caught by the umlaut rule, not stripped to 'u'.
      .normalize('NFC')
      .toLowerCase()
      .replace(TRANSLITERATION_PATTERN, (ch) => TRANSLITERATION.get(ch) ?? ch)
      // Remaining accents: decompose and drop the combining marks (é→e, ñ→n).
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      // Backslash counts as a slash too: titles like 'AC\DC' would otherwise glue words together; a
      // dash (– — ‐) is a hyphen in another form: 'Have Space Suit—Will Travel' keeps its words apart.
      .replace(/[\s_/\\\p{Pd}]+/gu, '-')
      .replace(/[^a-z0-9-]/g, '')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, '')
  );
}

/**
 * Slug of a book title, never empty, with an optional disambiguating suffix.
 * @example bookSlug('Dune', 2) // 'dune-2'
 */
export function bookSlug(title: string, suffix?: string | number): string {
  const base = slugify(title) || UNKNOWN_BOOK_SLUG;
  const tail = suffix === undefined ? '' : slugify(String(suffix));
  return tail ? `${base}-${tail}` : base;
}

/** Guard against a `taken` predicate that never says "free" (a bug upstream, not a real catalogue). */
const MAX_SLUG_ATTEMPTS = 10_000;

/**
 * First of `base`, `base-2`, `base-3`, ... that `taken` reports as free.
 * @example uniqueSlug('dune', (s) => s === 'dune') // 'dune-2'
 */
export function uniqueSlug(base: string, taken: (slug: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; n <= MAX_SLUG_ATTEMPTS; n++) {
    const candidate = `${base}-${n}`;
    if (!taken(candidate)) return candidate;
  }
  throw new RangeError(`uniqueSlug: no free slug for '${base}' after ${MAX_SLUG_ATTEMPTS} attempts`);
}

/**
 * Whether `slug` is `base` itself or `base` with a numeric suffix, as uniqueSlug makes them.
 * @example slugFitsBase('dune-2', 'dune') // true
 */
export function slugFitsBase(slug: string, base: string): boolean {
  return slug === base || (slug.startsWith(`${base}-`) && /^(?:[2-9]|[1-9]\d+)$/.test(slug.slice(base.length + 1)));
}

/** Something that needs a slug: its stable identity, the slug its name gives, and its slug now. */
export interface SlugClaim {
  id: string;
  base: string;
  current?: string | null;
  /** The current slug was chosen by an editor (issue 13): kept although it does not fit `base`. */
  pinned?: boolean;
}

/**
 * Slugs for many things at once, deterministically. A current slug that still fits its base, or one an
 * editor pinned, is kept (a published URL stays where it is); the others get uniqueSlug(base) in the order of `claims`, so
 * a collision's numeric suffix follows that order. A slug `takenByOthers` (another's page, another's
 * old URL) is never given to `id`.
 * @example assignSlugs([{ id: 'a', base: 'dune' }, { id: 'b', base: 'dune' }], () => false) // a → dune, b → dune-2
 */
export function assignSlugs(claims: readonly SlugClaim[], takenByOthers: (slug: string, id: string) => boolean): Map<string, string> {
  const slugs = new Map<string, string>();
  const owner = new Map<string, string>();
  for (const claim of claims) {
    const current = claim.current;
    if (current && (claim.pinned || slugFitsBase(current, claim.base)) && !owner.has(current) && !takenByOthers(current, claim.id)) {
      slugs.set(claim.id, current);
      owner.set(current, claim.id);
    }
  }
  for (const claim of claims) {
    if (slugs.has(claim.id)) continue;
    const slug = uniqueSlug(claim.base, (s) => owner.has(s) || takenByOthers(s, claim.id));
    slugs.set(claim.id, slug);
    owner.set(slug, claim.id);
  }
  return slugs;
}
