/**
 * The add and edit pages of books, authors, series and genres (issue 13 points 1, 2, 7, 8; spec §2
 * routes /{kind}/add and /{kind}/edit/{slug}, §3 fields). One island for the four kinds: the page is
 * a static shell; this reads the slug from the address (editRefFromPath), loads the record live, and
 * saves with POST or PATCH after checking the form with the API's own schema (entity-form.ts). After a
 * save it shows the rebuild status until the change is live; the edit view shows the entity's history
 * and, for a book, the editions manager. Only super users get past the gate; the server checks anyway.
 * The page's heading is the island's: after a create the page becomes the new record's edit page
 * (heading, title, address, editions manager) without a reload (issue 29 point 16). A save whose
 * slug was taken or that moved the address says so and shows the saved slug (point 18).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { slugNotice } from '../../domain/editorial/slug-choice.ts';
import {
  checkForm,
  editRefFromPath,
  emptyValues,
  fieldOfPath,
  MARKDOWN_FIELDS,
  NAME_FIELD,
  payloadFromValues,
  proposedSlug,
  valuesFromRecord,
  type AuthorFormValues,
  type AwardRef,
  type BookFormValues,
  type FormErrors,
  type FormValues,
  type GenreFormValues,
  type LocalizedValues,
  type Ref,
  type SeriesFormValues,
  type SeriesRef,
} from '../../domain/editorial/entity-form.ts';
import { GENDERS, GENRE_CATEGORIES, LANGUAGE_CHOICES, LOCALES, SERIES_KINDS, SERIES_STATUSES, type Locale } from '../../domain/enums.ts';
import type { EditedEntity } from '../../domain/schemas/editorial.ts';
import type { RebuildStatus } from '../../domain/schemas/rebuild.ts';
import { describeFailure } from '../account/form-support.ts';
import EditionsManager from './EditionsManager.tsx';
import AdminGate from './AdminGate.tsx';
import { createEditorApi, DeleteRefusedError, KIND_PATH, StaleRecordError, type BlockingBook, type PickerHit } from './editor-api.ts';
import ConflictPanel from './ConflictPanel.tsx';
import { fieldConflicts, type FieldConflict } from '../../domain/editorial/versions.ts';
import { tx, type EditorTexts } from './editor-texts.ts';
import EntityHistory from './EntityHistory.tsx';
import ImageField, { type ImageFieldProps } from './ImageField.tsx';
import LocalizedMarkdownField from './LocalizedMarkdownField.tsx';
import RebuildStatusPanel from './RebuildStatusPanel.tsx';
import RelationPicker from './RelationPicker.tsx';
import { IMAGE_FIELD_TEXT_KEYS, type EditionsManagerTexts } from './texts.ts';
import { pickTexts } from '../account/texts.ts';
import { LoadingSpinner } from '../LoadingSpinner.tsx';

export interface EntityEditorProps {
  kind: EditedEntity;
  mode: 'add' | 'edit';
  locale: Locale;
  texts: EditorTexts;
  /** The endonyms of en, de, it (labels of the localized fields). */
  languageNames: Readonly<Record<Locale, string>>;
  /** The locale's sign-in page. */
  loginPath: string;
  /** The editions manager's texts (book pages: shown once the book exists, also right after its create). */
  editionsTexts?: EditionsManagerTexts;
  /** The page's heading in each mode ('Add a book', 'Edit book'). */
  titles: Readonly<Record<'add' | 'edit', string>>;
}

export default function EntityEditor(props: EntityEditorProps) {
  const [mode, setMode] = useState(props.mode);
  const title = props.titles[mode];
  useEffect(() => {
    // The tab's title follows the heading once a create made this an edit page.
    if (mode !== props.mode) document.title = document.title.replace(props.titles[props.mode], title);
  }, [mode, props.mode, props.titles, title]);
  return (
    <>
      <h1>{title}</h1>
      <AdminGate texts={props.texts} loginPath={props.loginPath}>
        {() => <EditorBody {...props} onCreated={() => setMode('edit')} />}
      </AdminGate>
    </>
  );
}

type Phase = 'loading' | 'notFound' | 'loadFailed' | 'ready' | 'deleted';
type Alert = { tone: 'error' | 'success'; text: string; books?: BlockingBook[] };
/** A save refused as stale (issue 27 point 4): the stored version, and the fields that differ. */
type Conflict = { version: number; fields: FieldConflict[] };

/** The form label of a payload field ('authorIds' is the authors picker). */
const FIELD_LABEL_KEY: Readonly<Record<string, string>> = { authorIds: 'admin.field.authors', genreIds: 'admin.field.genres' };

const toCamel = (value: string) => value.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/** The failed-delete text of spec §8 for each kind (books have none of their own). */
const DELETE_FAILED: Readonly<Record<EditedEntity, string | null>> = {
  book: null,
  author: 'editorial.error.authorDeleteFailed',
  series: 'editorial.error.seriesDeleteFailed',
  genre: 'editorial.error.genreDeleteFailed',
};

function EditorBody({ kind, mode, locale, texts, languageNames, editionsTexts, onCreated }: EntityEditorProps & { onCreated: () => void }) {
  const api = useMemo(() => createEditorApi(locale), [locale]);
  const loadRebuild = useCallback(() => api.rebuildStatus(), [api]);
  const loadHistory = useCallback((entity: EditedEntity, id: number, page: number) => api.history(entity, id, page), [api]);
  const [phase, setPhase] = useState<Phase>(mode === 'add' ? 'ready' : 'loading');
  const [recordId, setRecordId] = useState<number | null>(null);
  const [slug, setSlug] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<FormValues | null>(null);
  const [values, setValues] = useState<FormValues>(() => emptyValues(kind));
  const [slugTouched, setSlugTouched] = useState(mode === 'edit');
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<Alert | null>(null);
  const [busy, setBusy] = useState<'saving' | 'deleting' | null>(null);
  const [rebuild, setRebuild] = useState<RebuildStatus | null>(null);
  /** When the saved record's on-demand page went live (issue 28 point 6): the save purged it. */
  const [pageLiveSince, setPageLiveSince] = useState<string | null>(null);
  const [historyVersion, setHistoryVersion] = useState(0);
  /** An image field is uploading: saving now would store the old address. */
  const [uploading, setUploading] = useState(false);
  const imageTexts = useMemo(() => pickTexts(IMAGE_FIELD_TEXT_KEYS, (key) => tx(texts, key)), [texts]);
  /** The version of the record the form was loaded from: every save and delete names it (issue 27 point 4). */
  const [version, setVersion] = useState<number | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const t = (key: string, params?: Record<string, string | number>) => tx(texts, key, params);
  const failureTexts = texts as Parameters<typeof describeFailure>[1];

  /** Reads the record (by id or slug) and the names of its relations into the form. */
  const load = useCallback(
    async (ref: string) => {
      const record = await api.loadRecord(kind, ref);
      let form: FormValues;
      if (kind === 'book') {
        const book = record as Parameters<typeof valuesFromRecord<'book'>>[1];
        // Without names the form still works: it shows '#id' for each relation.
        form = valuesFromRecord('book', book, await api.bookLabels(book.id).catch(() => undefined));
      } else {
        form = valuesFromRecord(kind, record as never);
      }
      setRecordId(record.id);
      setVersion(record.version);
      setConflict(null);
      setSlug(record.slug);
      setLoaded(form);
      setValues(form);
      setSlugTouched(true);
      setPhase('ready');
      const editPath = `/${locale}/${KIND_PATH[kind]}/edit/${encodeURIComponent(record.slug)}`;
      if (window.location.pathname !== editPath) window.history.replaceState(null, '', editPath);
    },
    [api, kind, locale],
  );

  useEffect(() => {
    if (mode !== 'edit') return;
    const ref = editRefFromPath(window.location.pathname);
    if (!ref) {
      setPhase('notFound');
      return;
    }
    load(ref).catch((error: unknown) => setPhase(describeFailure(error, failureTexts).status === 404 ? 'notFound' : 'loadFailed'));
    // Loads once per page: the address names one record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (alert) alertRef.current?.focus();
  }, [alert]);

  const nameField = NAME_FIELD[kind];
  const name = (values as unknown as Record<string, string>)[nameField] ?? '';

  /** Changes one field; a new thing's slug follows its name until the editor types one. */
  const set = <K extends string>(field: K, value: unknown) => {
    setValues((old) => {
      const next = { ...old, [field]: value } as FormValues;
      if (field === nameField && !slugTouched) (next as { slug: string }).slug = proposedSlug(kind, String(value));
      return next;
    });
  };

  const errorOf = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  const localizedErrors = (field: string) => Object.fromEntries(LOCALES.map((l) => [l, errorOf(`${field}.${l}`)]).filter(([, e]) => e)) as Partial<Record<Locale, string>>;

  async function save(event: React.FormEvent | null, basedOn: number | null = version) {
    event?.preventDefault();
    if (uploading) return;
    const check = checkForm({ kind, values, loaded: loaded ?? undefined, currentYear: new Date().getFullYear() });
    if (!check.ok) {
      setErrors(check.errors);
      setAlert({ tone: 'error', text: check.errors[''] ? t(check.errors['']) : t('admin.checkFields') });
      return;
    }
    setBusy('saving');
    setErrors({});
    const requested = (values as { slug: string }).slug;
    const previous = recordId === null ? null : slug;
    try {
      const saved = recordId === null ? await api.create(kind, check.payload) : await api.update(kind, recordId, check.payload, basedOn ?? 0);
      setRebuild(saved.rebuild);
      setPageLiveSince(kind === 'genre' ? null : new Date().toISOString());
      await load(String(saved.id));
      // The field shows the address as saved, whatever the read gave (issue 29 point 18).
      setSlug(saved.slug);
      setValues((old) => ({ ...old, slug: saved.slug }));
      setHistoryVersion((v) => v + 1);
      if (recordId === null) onCreated();
      const notice = slugNotice({ kind, name, requested, previous, saved: saved.slug });
      const done = t(recordId === null ? 'admin.created' : 'admin.saved', { name });
      setAlert({ tone: 'success', text: notice ? `${done} ${t(notice.key, notice.params)}` : done });
    } catch (error) {
      if (error instanceof StaleRecordError && loaded) {
        // Someone else saved in between: show what differs and keep what was typed (issue 27 point 4).
        const stored = valuesFromRecord(kind, error.current as never);
        setConflict({ version: error.current.version, fields: fieldConflicts(payloadFromValues(kind, loaded), payloadFromValues(kind, values), payloadFromValues(kind, stored)) });
        setAlert(null);
        return;
      }
      const failure = describeFailure(error, failureTexts);
      const fields: FormErrors = {};
      for (const [path, keys] of Object.entries(failure.keys)) fields[fieldOfPath(path)] ??= keys[0]!;
      setErrors(fields);
      setAlert({ tone: 'error', text: failure.message });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (recordId === null) return;
    if (!window.confirm(t('admin.confirmDelete', { name }))) return;
    setBusy('deleting');
    try {
      const deleted = await api.remove(kind, recordId, version ?? 0);
      setRebuild(deleted.rebuild);
      setPageLiveSince(null);
      setPhase('deleted');
      setAlert({ tone: 'success', text: t('admin.deleted', { name }) });
    } catch (error) {
      if (error instanceof StaleRecordError) {
        // Changed since it was loaded: nothing is deleted that the editor has not seen (the message says to reload).
        setAlert({ tone: 'error', text: error.message });
        return;
      }
      const refused = error instanceof DeleteRefusedError ? error : null;
      const message = refused ? refused.message : describeFailure(error, failureTexts).message;
      // A 409 names the books in the server's own message; any other failure is the spec's text of the kind (§8).
      const blocked = refused?.status === 409;
      const failed = DELETE_FAILED[kind];
      setAlert({ tone: 'error', text: !blocked && failed ? `${t(failed)} ${message}` : message, books: refused?.blockedBy });
    } finally {
      setBusy(null);
    }
  }

  const pagePath = slug === null ? null : kind === 'genre' ? `/${locale}/books?genre=${encodeURIComponent((loaded as GenreFormValues | null)?.name ?? '')}` : `/${locale}/${KIND_PATH[kind]}/${slug}`;

  const alertBox = alert && (
    <div ref={alertRef} tabIndex={-1} role={alert.tone === 'error' ? 'alert' : 'status'} className={`result result--${alert.tone}`}>
      <p>{alert.text}</p>
      {alert.books && alert.books.length > 0 && (
        <ul className="admin-blocked">
          {alert.books.map((book) => (
            <li key={book.id}>
              <a href={`/${locale}/books/edit/${encodeURIComponent(book.slug)}`}>{book.title}</a>
            </li>
          ))}
        </ul>
      )}
      {alert.tone === 'success' && pagePath && phase !== 'deleted' && <a href={pagePath}>{t('admin.viewPage')}</a>}
    </div>
  );

  if (phase === 'loading') return <LoadingSpinner label={t('common.loading')} />;
  if (phase === 'notFound') return <p className="result result--error">{t('admin.notFound')}</p>;
  if (phase === 'loadFailed') {
    return (
      <div className="result result--error">
        <p>{t('admin.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
          {t('admin.retry')}
        </button>
      </div>
    );
  }
  if (phase === 'deleted') {
    return (
      <div className="admin-editor">
        {alertBox}
        <RebuildStatusPanel initial={rebuild} load={loadRebuild} texts={texts} locale={locale} />
      </div>
    );
  }

  const image: SharedImageProps = { optional: t('admin.optional'), locale, texts: imageTexts, onBusyChange: setUploading };
  const fieldProps = { values, set, errorOf, t, texts, locale, api, localizedErrors, languageNames, image };

  return (
    <div className="admin-editor">
      {alertBox}
      {conflict && (
        <ConflictPanel
          conflicts={conflict.fields}
          labelOf={(c) => `${t(FIELD_LABEL_KEY[c.field] ?? `admin.field.${c.field}`)}${c.language ? ` (${languageNames[c.language as Locale] ?? c.language})` : ''}`}
          t={t}
          busy={busy !== null}
          onReload={() => {
            setConflict(null);
            void load(String(recordId)).then(() => setAlert(null));
          }}
          onOverwrite={() => void save(null, conflict.version)}
        />
      )}
      {rebuild && <RebuildStatusPanel initial={rebuild} load={loadRebuild} texts={texts} locale={locale} pageLiveSince={pageLiveSince} />}
      <form className="form form--wide admin-form" noValidate onSubmit={(event) => void save(event)} aria-busy={busy !== null}>
        <TextInput id={nameField} label={t(`admin.field.${nameField}`)} value={name} onChange={(v) => set(nameField, v)} error={errorOf(nameField)} required />
        <TextInput
          id="slug"
          label={t('admin.field.slug')}
          hint={kind === 'genre' ? undefined : t('admin.field.slugHint')}
          value={(values as { slug: string }).slug}
          onChange={(v) => {
            setSlugTouched(true);
            set('slug', v);
          }}
          error={errorOf('slug')}
          optional={t('admin.optional')}
        />
        {kind === 'book' && <BookFields {...fieldProps} values={values as BookFormValues} />}
        {kind === 'author' && <AuthorFields {...fieldProps} values={values as AuthorFormValues} />}
        {kind === 'series' && <SeriesFields {...fieldProps} values={values as SeriesFormValues} />}
        {kind === 'genre' && <GenreFields {...fieldProps} values={values as GenreFormValues} />}
        {MARKDOWN_FIELDS[kind].map((field) => (
          <LocalizedMarkdownField
            key={field}
            name={field}
            label={t(`admin.field.${field}`)}
            value={(values as unknown as Record<string, LocalizedValues>)[field]!}
            onChange={(next) => set(field, next)}
            errors={localizedErrors(field)}
            languageNames={languageNames}
            texts={texts}
          />
        ))}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={busy !== null || uploading}>
            {busy === 'saving' ? t('admin.saving') : recordId === null ? t('admin.create') : t('admin.save')}
          </button>
          {recordId !== null && (
            <button type="button" className="button button--danger" disabled={busy !== null} onClick={() => void remove()}>
              {busy === 'deleting' ? t('admin.deleting') : t('admin.delete')}
            </button>
          )}
        </div>
      </form>
      {kind === 'book' && recordId !== null && editionsTexts && (
        <section className="admin-editor__editions" aria-labelledby="admin-editions-title">
          <h2 id="admin-editions-title">{t('admin.editions.title')}</h2>
          <EditionsManager bookId={recordId} locale={locale} texts={editionsTexts} bookTitle={name} />
        </section>
      )}
      {recordId !== null && <EntityHistory entity={kind} id={recordId} version={historyVersion} load={loadHistory} texts={texts} locale={locale} />}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Inputs

interface InputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  optional?: string;
  required?: boolean;
  inputMode?: 'numeric' | 'decimal' | 'url' | 'text';
}

function TextInput({ id, label, value, onChange, error, hint, optional, required, inputMode }: InputProps) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> ({optional})</span>}
      </label>
      <input
        id={id}
        name={id}
        className="field__input"
        type="text"
        inputMode={inputMode}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <div id={`${id}-error`} className="field__error">
          {error}
        </div>
      )}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

function SelectInput({ id, label, value, onChange, error, options, children }: { id: string; label: string; value: string; onChange: (value: string) => void; error?: string; options: readonly (readonly [string, string])[]; children?: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={id} className="field__input" value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(event) => onChange(event.target.value)}>
        {options.map(([code, text]) => (
          <option key={code} value={code}>
            {text}
          </option>
        ))}
      </select>
      {children}
      {error && (
        <div id={`${id}-error`} className="field__error">
          {error}
        </div>
      )}
    </div>
  );
}

/** The spec's language choices, plus the value itself when it is another code, plus none. */
function languageOptions(current: string, none: string): (readonly [string, string])[] {
  const known = LANGUAGE_CHOICES.map(([code, label]) => [code, `${label} (${code})`] as const);
  const other = current && !LANGUAGE_CHOICES.some(([code]) => code === current) ? [[current, current] as const] : [];
  return [['', none], ...known, ...other];
}

// ---------------------------------------------------------------------------------------------
// The fields of each kind

interface FieldsProps<V> {
  values: V;
  set: (field: string, value: unknown) => void;
  errorOf: (field: string) => string | undefined;
  t: (key: string, params?: Record<string, string | number>) => string;
  texts: EditorTexts;
  locale: Locale;
  api: ReturnType<typeof createEditorApi>;
  localizedErrors: (field: string) => Partial<Record<Locale, string>>;
  languageNames: Readonly<Record<Locale, string>>;
  /** What every image field of the form shares. */
  image: SharedImageProps;
}

type SharedImageProps = Pick<ImageFieldProps, 'optional' | 'locale' | 'texts' | 'onBusyChange'>;

function BookFields({ values, set, errorOf, t, texts, api, image }: FieldsProps<BookFormValues>) {
  const searchIn = useCallback((path: string) => (q: string, signal: AbortSignal) => api.search(path, q, signal), [api]);
  const searchAuthors = useMemo(() => searchIn('/api/authors/search'), [searchIn]);
  const searchGenres = useMemo(() => searchIn('/api/genres/search'), [searchIn]);
  const searchSeries = useMemo(() => searchIn('/api/series/search'), [searchIn]);
  const searchAwards = useMemo(() => searchIn('/api/awards/search'), [searchIn]);
  const ref = (hit: PickerHit): Ref => ({ id: hit.id, label: hit.name });
  const optional = t('admin.optional');
  const updateAt = <T,>(list: readonly T[], index: number, change: Partial<T>) => list.map((entry, i) => (i === index ? { ...entry, ...change } : entry));

  return (
    <>
      <RelationPicker
        id="authorIds"
        label={t('admin.field.authors')}
        hint={t('admin.field.authorsHint')}
        chosen={values.authors}
        onChange={(next) => set('authors', next)}
        toEntry={ref}
        search={searchAuthors}
        ordered
        error={errorOf('authorIds')}
        texts={texts}
      />
      <RelationPicker id="genreIds" label={t('admin.field.genres')} chosen={values.genres} onChange={(next) => set('genres', next)} toEntry={ref} search={searchGenres} error={errorOf('genreIds')} texts={texts} />
      <RelationPicker<SeriesRef>
        id="series"
        label={t('admin.field.series')}
        chosen={values.series}
        onChange={(next) => set('series', next)}
        toEntry={(hit) => ({ ...ref(hit), position: '' })}
        search={searchSeries}
        error={errorOf('series')}
        texts={texts}
        renderExtra={(entry, index) => (
          <TextInput
            id={`series-${index}-position`}
            label={t('admin.field.seriesPosition', { name: entry.label })}
            value={entry.position}
            inputMode="decimal"
            onChange={(v) => set('series', updateAt(values.series, index, { position: v }))}
            error={errorOf(`series.${index}.position`)}
          />
        )}
      />
      <RelationPicker<AwardRef>
        id="awards"
        label={t('admin.field.awards')}
        chosen={values.awards}
        onChange={(next) => set('awards', next)}
        toEntry={(hit) => ({ ...ref(hit), categoryId: null, customCategory: '', year: String(new Date().getFullYear()), isWinner: false })}
        search={searchAwards}
        error={errorOf('awards')}
        texts={texts}
        renderExtra={(entry, index) => (
          <span className="relation-picker__extra">
            <TextInput id={`awards-${index}-year`} label={t('admin.field.awardYear', { name: entry.label })} value={entry.year} inputMode="numeric" onChange={(v) => set('awards', updateAt(values.awards, index, { year: v }))} error={errorOf(`awards.${index}.year`)} />
            <TextInput
              id={`awards-${index}-category`}
              label={t('admin.field.awardCategory', { name: entry.label })}
              hint={entry.categoryId !== null ? t('admin.field.awardCategoryKept') : undefined}
              value={entry.customCategory}
              onChange={(v) => set('awards', updateAt(values.awards, index, { customCategory: v }))}
              error={errorOf(`awards.${index}.categoryId`) ?? errorOf(`awards.${index}.customCategory`)}
            />
            <span className="field field--check">
              <input id={`awards-${index}-winner`} type="checkbox" checked={entry.isWinner} onChange={(event) => set('awards', updateAt(values.awards, index, { isWinner: event.target.checked }))} />
              <label htmlFor={`awards-${index}-winner`}>{t('admin.field.awardWinner', { name: entry.label })}</label>
            </span>
          </span>
        )}
      />
      <div className="form__row">
        <TextInput id="publicationYear" label={t('admin.field.publicationYear')} value={values.publicationYear} inputMode="numeric" onChange={(v) => set('publicationYear', v)} error={errorOf('publicationYear')} optional={optional} />
        <TextInput id="publicationDate" label={t('admin.field.publicationDate')} value={values.publicationDate} onChange={(v) => set('publicationDate', v)} error={errorOf('publicationDate')} optional={optional} />
      </div>
      <div className="form__row">
        <TextInput id="publisher" label={t('admin.field.publisher')} value={values.publisher} onChange={(v) => set('publisher', v)} error={errorOf('publisher')} optional={optional} />
        <TextInput id="pages" label={t('admin.field.pages')} value={values.pages} inputMode="numeric" onChange={(v) => set('pages', v)} error={errorOf('pages')} optional={optional} />
      </div>
      <SelectInput id="originalLanguage" label={t('admin.field.originalLanguage')} value={values.originalLanguage} onChange={(v) => set('originalLanguage', v)} error={errorOf('originalLanguage')} options={languageOptions(values.originalLanguage, t('admin.field.languageNone'))} />
      <ImageField id="coverImage" name="coverImage" kind="cover" label={t('admin.field.coverImage')} value={values.coverImage} onChange={(v) => set('coverImage', v)} error={errorOf('coverImage')} {...image} />
    </>
  );
}

function AuthorFields({ values, set, errorOf, t, image }: FieldsProps<AuthorFormValues>) {
  const optional = t('admin.optional');
  return (
    <>
      <TextInput id="sortName" label={t('admin.field.sortName')} hint={t('admin.field.sortNameHint')} value={values.sortName} onChange={(v) => set('sortName', v)} error={errorOf('sortName')} optional={optional} />
      <SelectInput id="gender" label={t('admin.field.gender')} value={values.gender} onChange={(v) => set('gender', v)} error={errorOf('gender')} options={GENDERS.map((g) => [g, t(`admin.gender.${toCamel(g)}`)] as const)} />
      <div className="form__row">
        <TextInput id="birthYear" label={t('admin.field.birthYear')} value={values.birthYear} inputMode="numeric" onChange={(v) => set('birthYear', v)} error={errorOf('birthYear')} optional={optional} />
        <TextInput id="deathYear" label={t('admin.field.deathYear')} value={values.deathYear} inputMode="numeric" onChange={(v) => set('deathYear', v)} error={errorOf('deathYear')} optional={optional} />
      </div>
      <SelectInput id="nativeLanguage" label={t('admin.field.nativeLanguage')} value={values.nativeLanguage} onChange={(v) => set('nativeLanguage', v)} error={errorOf('nativeLanguage')} options={languageOptions(values.nativeLanguage, t('admin.field.languageNone'))} />
      <TextInput id="nationality" label={t('admin.field.nationality')} value={values.nationality} onChange={(v) => set('nationality', v)} error={errorOf('nationality')} optional={optional} />
      <ImageField id="profileImageUrl" name="profileImageUrl" kind="author" label={t('admin.field.profileImageUrl')} value={values.profileImageUrl} onChange={(v) => set('profileImageUrl', v)} error={errorOf('profileImageUrl')} {...image} />
    </>
  );
}

function SeriesFields({ values, set, errorOf, t, image }: FieldsProps<SeriesFormValues>) {
  return (
    <>
      <SelectInput id="kind" label={t('admin.field.kind')} value={values.kind} onChange={(v) => set('kind', v)} error={errorOf('kind')} options={SERIES_KINDS.map((k) => [k, t(`series.kind.${toCamel(k)}`)] as const)} />
      <SelectInput
        id="status"
        label={t('admin.field.status')}
        value={values.status}
        onChange={(v) => set('status', v)}
        error={errorOf('status')}
        options={[['', t('series.status.unknown')] as const, ...SERIES_STATUSES.map((s) => [s, t(`series.status.${s}`)] as const)]}
      />
      <ImageField id="imageUrl" name="imageUrl" kind="series" label={t('admin.field.imageUrl')} value={values.imageUrl} onChange={(v) => set('imageUrl', v)} error={errorOf('imageUrl')} {...image} />
    </>
  );
}

function GenreFields({ values, set, errorOf, t, localizedErrors, languageNames, image }: FieldsProps<GenreFormValues>) {
  const nameErrors = localizedErrors('names');
  return (
    <>
      <fieldset className="admin-form__group">
        <legend className="field__label">{t('admin.field.names')}</legend>
        {LOCALES.map((l) => (
          <TextInput key={l} id={`names-${l}`} label={`${t('admin.field.name')} (${languageNames[l]})`} value={values.names[l]} onChange={(v) => set('names', { ...values.names, [l]: v })} error={nameErrors[l]} optional={t('admin.optional')} />
        ))}
      </fieldset>
      <SelectInput id="category" label={t('admin.field.category')} value={values.category} onChange={(v) => set('category', v)} error={errorOf('category')} options={GENRE_CATEGORIES.map((c) => [c, t(`admin.category.${toCamel(c)}`)] as const)}>
        <span className="genre-swatch" data-category={values.category} aria-hidden="true" />
      </SelectInput>
      <ImageField id="imageUrl" name="imageUrl" kind="genre" label={t('admin.field.imageUrl')} value={values.imageUrl} onChange={(v) => set('imageUrl', v)} error={errorOf('imageUrl')} {...image} />
    </>
  );
}
