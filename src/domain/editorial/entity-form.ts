/**
 * The add and edit forms of books, authors, series and genres (issue 13 point 1): what the form holds
 * (strings as the inputs have them, relations with their labels), how a loaded record fills it, what
 * a save sends, and the check before sending, made with the API's own schemas (`editorialSchemas`,
 * STYLE rule 3), so a form never accepts what the server refuses nor the other way round.
 * Pure: the current year comes in (spec §9 year bounds).
 */
import type { z } from 'zod';
import type { GenreCategory, Gender, SeriesKind, SeriesStatus } from '../enums.ts';
import { editorialSchemas, type AuthorRecord, type BookRecord, type EditedEntity, type GenreRecord, type SeriesRecord } from '../schemas/editorial.ts';
import { nameSlug } from './slug-choice.ts';

/** A localized text as the form holds it: every language present, '' for none. */
export interface LocalizedValues {
  en: string;
  de: string;
  it: string;
}
export const EMPTY_LOCALIZED: LocalizedValues = { en: '', de: '', it: '' };

/** A chosen related record: its id and what the picker shows. */
export interface Ref {
  id: number;
  label: string;
}
export interface SeriesRef extends Ref {
  /** As typed ('1', '1.5', '' for none). */
  position: string;
}
export interface AwardRef extends Ref {
  /** A category of the award (kept from the record), or null with a custom category. */
  categoryId: number | null;
  customCategory: string;
  year: string;
  isWinner: boolean;
}

export interface BookFormValues {
  title: string;
  slug: string;
  authors: Ref[];
  genres: Ref[];
  series: SeriesRef[];
  awards: AwardRef[];
  publicationYear: string;
  publicationDate: string;
  publisher: string;
  pages: string;
  originalLanguage: string;
  description: LocalizedValues;
  coverImage: string;
}

export interface AuthorFormValues {
  name: string;
  slug: string;
  sortName: string;
  bio: LocalizedValues;
  gender: Gender;
  birthYear: string;
  deathYear: string;
  nativeLanguage: string;
  nationality: string;
  profileImageUrl: string;
}

export interface SeriesFormValues {
  name: string;
  slug: string;
  kind: SeriesKind;
  /** '' when not known. */
  status: SeriesStatus | '';
  description: LocalizedValues;
  imageUrl: string;
}

export interface GenreFormValues {
  name: string;
  slug: string;
  names: LocalizedValues;
  category: GenreCategory;
  description: LocalizedValues;
  imageUrl: string;
}

export interface FormValuesOf {
  book: BookFormValues;
  author: AuthorFormValues;
  series: SeriesFormValues;
  genre: GenreFormValues;
}
export type FormValues = FormValuesOf[EditedEntity];

export interface RecordOf {
  book: BookRecord;
  author: AuthorRecord;
  series: SeriesRecord;
  genre: GenreRecord;
}

/** The field that names a thing (its slug follows it). */
export const NAME_FIELD: Readonly<Record<EditedEntity, 'title' | 'name'>> = { book: 'title', author: 'name', series: 'name', genre: 'name' };

/** The localized markdown fields of each kind (the preview applies the description rules to them). */
export const MARKDOWN_FIELDS: Readonly<Record<EditedEntity, readonly string[]>> = { book: ['description'], author: ['bio'], series: ['description'], genre: ['description'] };

/** The empty form of a new thing, with the defaults the server would choose. */
export function emptyValues<K extends EditedEntity>(kind: K): FormValuesOf[K] {
  const forms: FormValuesOf = {
    book: { title: '', slug: '', authors: [], genres: [], series: [], awards: [], publicationYear: '', publicationDate: '', publisher: '', pages: '', originalLanguage: '', description: { ...EMPTY_LOCALIZED }, coverImage: '' },
    author: { name: '', slug: '', sortName: '', bio: { ...EMPTY_LOCALIZED }, gender: 'not_specified', birthYear: '', deathYear: '', nativeLanguage: '', nationality: '', profileImageUrl: '' },
    series: { name: '', slug: '', kind: 'novel_series', status: '', description: { ...EMPTY_LOCALIZED }, imageUrl: '' },
    genre: { name: '', slug: '', names: { ...EMPTY_LOCALIZED }, category: 'default', description: { ...EMPTY_LOCALIZED }, imageUrl: '' },
  };
  return forms[kind];
}

const str = (value: string | number | null | undefined) => (value == null ? '' : String(value));
const localizedValues = (value: { en?: string; de?: string; it?: string }): LocalizedValues => ({ en: value.en ?? '', de: value.de ?? '', it: value.it ?? '' });

/** Labels of related records, by kind and id (the edit page reads them after the record). */
export interface RelationLabels {
  authors: ReadonlyMap<number, string>;
  genres: ReadonlyMap<number, string>;
  series: ReadonlyMap<number, string>;
  awards: ReadonlyMap<number, string>;
}
const labelOf = (labels: ReadonlyMap<number, string> | undefined, id: number) => labels?.get(id) ?? `#${id}`;

/**
 * The form of a loaded record.
 * @example valuesFromRecord('series', record).status // '' when the record's status is null
 */
export function valuesFromRecord<K extends EditedEntity>(kind: K, record: RecordOf[K], labels?: Partial<RelationLabels>): FormValuesOf[K] {
  switch (kind) {
    case 'book': {
      const b = record as BookRecord;
      const values: BookFormValues = {
        title: b.title,
        slug: b.slug,
        authors: b.authorIds.map((id) => ({ id, label: labelOf(labels?.authors, id) })),
        genres: b.genreIds.map((id) => ({ id, label: labelOf(labels?.genres, id) })),
        series: b.series.map((s) => ({ id: s.seriesId, label: labelOf(labels?.series, s.seriesId), position: str(s.position) })),
        awards: b.awards.map((a) => ({ id: a.awardId, label: labelOf(labels?.awards, a.awardId), categoryId: a.categoryId, customCategory: a.customCategory ?? '', year: str(a.year), isWinner: a.isWinner })),
        publicationYear: str(b.publicationYear),
        publicationDate: str(b.publicationDate),
        publisher: str(b.publisher),
        pages: str(b.pages),
        originalLanguage: str(b.originalLanguage),
        description: localizedValues(b.description),
        coverImage: str(b.coverImage),
      };
      return values as FormValuesOf[K];
    }
    case 'author': {
      const a = record as AuthorRecord;
      const values: AuthorFormValues = {
        name: a.name,
        slug: a.slug,
        sortName: a.sortName,
        bio: localizedValues(a.bio),
        gender: a.gender,
        birthYear: str(a.birthYear),
        deathYear: str(a.deathYear),
        nativeLanguage: str(a.nativeLanguage),
        nationality: str(a.nationality),
        profileImageUrl: str(a.profileImageUrl),
      };
      return values as FormValuesOf[K];
    }
    case 'series': {
      const s = record as SeriesRecord;
      const values: SeriesFormValues = { name: s.name, slug: s.slug, kind: s.kind, status: s.status ?? '', description: localizedValues(s.description), imageUrl: str(s.imageUrl) };
      return values as FormValuesOf[K];
    }
    default: {
      const g = record as GenreRecord;
      const values: GenreFormValues = { name: g.name, slug: g.slug, names: localizedValues(g.names), category: g.category, description: localizedValues(g.description), imageUrl: str(g.imageUrl) };
      return values as FormValuesOf[K];
    }
  }
}

/**
 * A number field as the API takes it: '' is null (none, or clears it on an update); anything that is
 * no number is passed on as typed, so the schema reports it with its own message.
 * @example numberOrNull(' 1.5 ') // 1.5
 */
export function numberOrNull(value: string): number | string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed.replace(',', '.'));
  return Number.isFinite(n) ? n : value;
}

/** An optional text: '' is null. */
const textOrNull = (value: string) => (value === '' ? null : value);

/**
 * The full payload of a form (every field; a create leaves out what is empty and has no default).
 * Relations are lists of ids in the form's order (the first author is the one cards show).
 */
export function payloadFromValues(kind: EditedEntity, values: FormValues): Record<string, unknown> {
  switch (kind) {
    case 'book': {
      const b = values as BookFormValues;
      return {
        title: b.title,
        slug: b.slug,
        authorIds: b.authors.map((a) => a.id),
        genreIds: b.genres.map((g) => g.id),
        series: b.series.map((s) => ({ seriesId: s.id, position: numberOrNull(s.position) })),
        awards: b.awards.map((a) => ({
          awardId: a.id,
          categoryId: a.customCategory.trim() === '' ? a.categoryId : null,
          customCategory: a.customCategory.trim() === '' ? null : a.customCategory,
          year: numberOrNull(a.year),
          isWinner: a.isWinner,
        })),
        publicationYear: numberOrNull(b.publicationYear),
        publicationDate: textOrNull(b.publicationDate),
        publisher: textOrNull(b.publisher),
        pages: numberOrNull(b.pages),
        originalLanguage: textOrNull(b.originalLanguage),
        description: { ...b.description },
        coverImage: textOrNull(b.coverImage),
      };
    }
    case 'author': {
      const a = values as AuthorFormValues;
      return {
        name: a.name,
        slug: a.slug,
        sortName: a.sortName,
        bio: { ...a.bio },
        gender: a.gender,
        birthYear: numberOrNull(a.birthYear),
        deathYear: numberOrNull(a.deathYear),
        nativeLanguage: textOrNull(a.nativeLanguage),
        nationality: textOrNull(a.nationality),
        profileImageUrl: textOrNull(a.profileImageUrl),
      };
    }
    case 'series': {
      const s = values as SeriesFormValues;
      return { name: s.name, slug: s.slug, kind: s.kind, status: s.status === '' ? null : s.status, description: { ...s.description }, imageUrl: textOrNull(s.imageUrl) };
    }
    default: {
      const g = values as GenreFormValues;
      return { name: g.name, slug: g.slug, names: { ...g.names }, category: g.category, description: { ...g.description }, imageUrl: textOrNull(g.imageUrl) };
    }
  }
}

const isEmptyLocalized = (value: unknown) => typeof value === 'object' && value !== null && Object.values(value).every((v) => v === '');

/**
 * What a create sends: the full payload without nulls, empty texts and empty lists (the server's
 * defaults apply), and without a slug left empty (the server takes the name's).
 */
export function createPayload(kind: EditedEntity, values: FormValues): Record<string, unknown> {
  const payload = payloadFromValues(kind, values);
  return Object.fromEntries(
    Object.entries(payload).filter(([key, value]) => {
      if (value === null || value === '') return false;
      if (Array.isArray(value)) return key === 'authorIds' || value.length > 0;
      if (isEmptyLocalized(value)) return false;
      if (key === 'sortName' && typeof value === 'string' && value.trim() === '') return false;
      return true;
    }),
  );
}

/**
 * What an update sends: only the fields that differ from the loaded record's form (a PATCH leaves
 * the rest; an unchanged slug is not sent, so the server's slug rule keeps deciding), and of a
 * localized text only the languages that differ.
 * @example updatePayload('genre', loaded, { ...loaded, category: 'horror' }) // { category: 'horror' }
 */
export function updatePayload(kind: EditedEntity, loaded: FormValues, values: FormValues): Record<string, unknown> {
  const before = payloadFromValues(kind, loaded);
  const after = payloadFromValues(kind, values);
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(value) === JSON.stringify(before[key])) continue;
    // A localized text sends only the languages that changed (issue 27 point 4: the PATCH merges them).
    changed[key] = LOCALIZED_FIELDS.has(key) ? changedLanguages(before[key] as LocalizedValues, value as LocalizedValues) : value;
  }
  return changed;
}

/** The fields that hold a text per language. */
const LOCALIZED_FIELDS: ReadonlySet<string> = new Set(['description', 'bio', 'names']);
const changedLanguages = (before: LocalizedValues, after: LocalizedValues): Partial<LocalizedValues> =>
  Object.fromEntries(Object.entries(after).filter(([language, text]) => text !== before[language as keyof LocalizedValues]));

/** Message keys per form field ('title', 'authorIds', 'description.de', 'series.1.position', ...). */
export type FormErrors = Record<string, string>;

/** The form fields a path of a schema issue or of a server 400 detail belongs to. */
export function fieldOfPath(path: readonly PropertyKey[] | string): string {
  const parts = (typeof path === 'string' ? path.split('.') : path.map(String)).filter((p) => p !== '');
  if (parts.length === 0) return '';
  const [first, second, third] = parts;
  if (['description', 'bio', 'names'].includes(first!) && second) return `${first}.${second}`;
  if ((first === 'series' || first === 'awards') && second !== undefined && /^\d+$/.test(second) && third) return `${first}.${second}.${third}`;
  return first!;
}

/** The first message key per field of a failed parse. */
export function errorsFromIssues(issues: readonly z.core.$ZodIssue[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const field = fieldOfPath(issue.path);
    errors[field] ??= issue.message;
  }
  return errors;
}

export type FormCheck = { ok: true; payload: Record<string, unknown> } | { ok: false; errors: FormErrors };

/**
 * Checks a form before saving with the API's schema for this kind and action; an update that
 * changes nothing is refused with the schema's 'nothing to change'.
 * @example checkForm({ kind: 'book', values, currentYear: 2026 }) // { ok: false, errors: { authorIds: 'validation.editorial.authorIds' } }
 */
export function checkForm({ kind, values, loaded, currentYear }: { kind: EditedEntity; values: FormValues; loaded?: FormValues; currentYear: number }): FormCheck {
  const schemas = editorialSchemas(currentYear);
  const schemaOf = {
    book: loaded ? schemas.updateBook : schemas.createBook,
    author: loaded ? schemas.updateAuthor : schemas.createAuthor,
    series: loaded ? schemas.updateSeries : schemas.createSeries,
    genre: loaded ? schemas.updateGenre : schemas.createGenre,
  }[kind] as z.ZodType;
  const payload = loaded ? updatePayload(kind, loaded, values) : createPayload(kind, values);
  const parsed = schemaOf.safeParse(payload);
  if (!parsed.success) return { ok: false, errors: errorsFromIssues(parsed.error.issues) };
  return { ok: true, payload };
}

/**
 * The slug field's proposal while the editor has not typed one: the spec's rule for the name.
 * @example proposedSlug('book', 'Der Wüstenplanet') // 'der-wuestenplanet'
 */
export function proposedSlug(kind: EditedEntity, name: string): string {
  return name.trim() === '' ? '' : nameSlug(kind, name);
}

const EDIT_PATH = /^\/(?:en|de|it)\/(books|authors|series|genres)\/edit\/([^/?#]+)\/?$/;

/**
 * The slug (or id) an edit page's address names: the static shell at /{locale}/{kind}/edit/ serves
 * every /{locale}/{kind}/edit/{slug} (a 200 rewrite in public/_redirects), so the island reads it here.
 * @example editRefFromPath('/de/books/edit/der-wuestenplanet') // 'der-wuestenplanet'
 */
export function editRefFromPath(pathname: string): string | null {
  const match = EDIT_PATH.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
}

/** A list in a new order: the entry at `from` moved one place up (-1) or down (+1). */
export function moveEntry<T>(list: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
