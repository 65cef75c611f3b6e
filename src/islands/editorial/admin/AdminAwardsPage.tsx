/**
 * /{locale}/admin/awards (issue 13 point 4; spec §3 Award, book-award link): one screen adds a year's
 * finalists: pick the award, the category (or type a custom one) and the year, add books through the
 * book search, tick the winner(s) (several are a tie), or mark the year as 'no award', and save all at
 * once. Below, the chosen award's names and about texts in en, de, it, its categories (each renamed
 * in en, de, it, or deleted after a confirmation: the server refuses, naming the books, while any is
 * still an entry of it), a new category, a new award. An award itself is deleted the same way, once
 * no book is an entry of it (issue 29 point 19); custom categories its years already use are offered
 * again in the category list. Each save asks for a rebuild of the static award pages (the server does).
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AdminAwardSchema, AdminAwardsSchema, AwardEntriesSchema, type AdminAward, type AwardEntries, type AwardEntry } from '../../../domain/schemas/awards-admin.ts';
import type { BookHit } from '../../../domain/schemas/search.ts';
import { LoadFailed, OutcomeMessage } from '../../account/fields.tsx';
import { LoadingSpinner } from '../../LoadingSpinner.tsx';
import { FAILURE_TEXT_KEYS, accountClient, describeFailure } from '../../account/form-support.ts';
import { fill, type Texts } from '../../account/texts.ts';
import { pluralKeys, pluralText } from '../../cards/format.ts';
import AdminGate, { GATE_TEXT_KEYS } from '../AdminGate.tsx';
import ConfirmDialog from './ConfirmDialog.tsx';
import { useBookSearch } from './use-book-search.ts';
import FormActions from './FormActions.tsx';
import ConflictPanel from '../ConflictPanel.tsx';
import { CONFLICT_TEXT_KEYS } from '../conflict-texts.ts';
import { etagOf, fieldConflicts } from '../../../domain/editorial/versions.ts';
import { ApiClientError } from '../../../lib/api-client.ts';

/** The stored finalists of a 409 to a save based on an older version of the slot (issue 27 point 4); else null. */
function staleSlot(error: unknown): AwardEntries | null {
  if (!(error instanceof ApiClientError) || error.status !== 409) return null;
  const current = AwardEntriesSchema.safeParse(error.current);
  return current.success ? current.data : null;
}

/** The finalists as the conflict panel compares them: the list (book, winner, list title) and the 'no award' mark. */
const slotFieldsOf = (slot: { noAward: boolean; entries: readonly Pick<AwardEntry, 'bookId' | 'title' | 'isWinner' | 'asTitle'>[] }) => ({
  entries: [...slot.entries].sort((a, b) => a.bookId - b.bookId).map((e) => ({ bookId: e.bookId, isWinner: e.isWinner, asTitle: e.asTitle ?? null })),
  noAward: slot.noAward,
});

/** The stored award of a 409 to a write based on an older version of it (issue 27 point 4); else null. */
function staleAward(error: unknown): AdminAward | null {
  if (!(error instanceof ApiClientError) || error.status !== 409) return null;
  const current = AdminAwardSchema.safeParse(error.current);
  return current.success ? current.data : null;
}

export const ADMIN_AWARDS_TEXT_KEYS = [
  ...GATE_TEXT_KEYS,
  ...FAILURE_TEXT_KEYS,
  'admin.retry',
  'admin.cancel',
  'admin.delete',
  'admin.page.loadFailed',
  'admin.page.save',
  'admin.page.saved',
  'admin.awards.finalists',
  'admin.awards.award',
  'admin.awards.category',
  'admin.awards.customCategoryOption',
  'admin.awards.customCategory',
  'admin.awards.year',
  'admin.awards.bookSearch',
  'admin.awards.bookSearchHint',
  'admin.awards.addBook',
  'admin.awards.noHits',
  'admin.awards.entries',
  'admin.awards.noEntries',
  'admin.awards.winner',
  'admin.awards.removeBook',
  'admin.awards.noAward',
  'admin.awards.saveFinalists',
  ...pluralKeys('admin.awards.savedFinalists'),
  'admin.awards.editAward',
  'admin.awards.newAward',
  'admin.awards.newCategory',
  'admin.awards.categories',
  'admin.awards.categoryLegend',
  'admin.awards.categoryDeleteTitle',
  'admin.awards.categoryDeleted',
  'admin.awards.deleteAward',
  'admin.awards.awardDeleteTitle',
  'admin.awards.awardDeleted',
  'admin.awards.pastCustomCategories',
  'admin.awards.name',
  'admin.awards.nameIn',
  'admin.awards.aboutIn',
  'admin.awards.categoryNameIn',
  'admin.awards.none',
  'validation.awards.name',
  'validation.awards.categoryName',
  'validation.awards.noAwardWinner',
  'validation.awards.unknownBook',
  'validation.editorial.awardCategory',
  'validation.editorial.awardYear',
  'validation.editorial.duplicate',
  'validation.editorial.description',
  'validation.editorial.nothingToChange',
  ...CONFLICT_TEXT_KEYS,
] as const;
export type AdminAwardsTexts = Texts<(typeof ADMIN_AWARDS_TEXT_KEYS)[number]>;

export interface AdminAwardsPageProps {
  locale: 'en' | 'de' | 'it';
  texts: AdminAwardsTexts;
  paths: { login: string };
}

const LANGS = ['en', 'de', 'it'] as const;
const CUSTOM = 'custom';
/** The category select's value of a custom category already in use: this prefix and its name. */
const PAST = 'past:';
type Outcome = { text: string; failed: boolean } | null;
type Localized = Partial<Record<(typeof LANGS)[number], string>>;

export default function AdminAwardsPage(props: AdminAwardsPageProps) {
  return (
    <AdminGate texts={props.texts} loginPath={props.paths.login}>
      {() => <AwardsAdmin {...props} />}
    </AdminGate>
  );
}

function AwardsAdmin({ locale, texts }: AdminAwardsPageProps) {
  const [client] = useState(() => accountClient(locale));
  const [awards, setAwards] = useState<AdminAward[] | 'loading' | 'failed'>('loading');
  const [awardId, setAwardId] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pendingDelete, setPendingDelete] = useState<{ awardId: number; categoryId: number; name: string } | null>(null);
  const [pendingAwardDelete, setPendingAwardDelete] = useState<AdminAward | null>(null);
  const [deleting, setDeleting] = useState(false);
  const describe = (error: unknown) => describeFailure(error, texts as unknown as Record<string, string> & typeof texts);

  const load = useCallback(() => {
    setAwards('loading');
    client
      .get('/api/admin/awards', { schema: AdminAwardsSchema })
      .then((list) => {
        setAwards(list);
        setAwardId((current) => current ?? list[0]?.id ?? null);
      })
      .catch(() => setAwards('failed'));
  }, [client]);
  useEffect(load, [load]);

  const replace = (award: AdminAward) => setAwards((list) => (Array.isArray(list) ? (list.some((a) => a.id === award.id) ? list.map((a) => (a.id === award.id ? award : a)) : [...list, award]) : list));

  /** The confirmed delete of a category: the award comes back without it, or the 409 names its books. */
  const removeCategory = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      const version = Array.isArray(awards) ? awards.find((a) => a.id === pendingDelete.awardId)?.version : undefined;
      const headers = version === undefined ? undefined : { 'if-match': etagOf(version) };
      replace(await client.delete(`/api/admin/awards/${pendingDelete.awardId}/categories/${pendingDelete.categoryId}`, { schema: AdminAwardSchema, headers }));
      setOutcome({ text: fill(texts['admin.awards.categoryDeleted'], { name: pendingDelete.name }), failed: false });
    } catch (error) {
      // Changed meanwhile: the page shows the award as stored now, and the message says to look again.
      const current = staleAward(error);
      if (current) replace(current);
      setOutcome({ text: describe(error).message, failed: true });
    } finally {
      setDeleting(false);
      setPendingDelete(null);
    }
  };

  /** The confirmed delete of an award: it leaves the list, or the 409 names the books still entered in it. */
  const removeAward = async () => {
    const doomed = pendingAwardDelete;
    if (!doomed) return;
    setDeleting(true);
    try {
      await client.delete(`/api/admin/awards/${doomed.id}`, { headers: { 'if-match': etagOf(doomed.version) } });
      const left = Array.isArray(awards) ? awards.filter((a) => a.id !== doomed.id) : [];
      setAwards(left);
      setAwardId(left[0]?.id ?? null);
      setOutcome({ text: fill(texts['admin.awards.awardDeleted'], { name: doomed.name }), failed: false });
    } catch (error) {
      const current = staleAward(error);
      if (current) replace(current);
      setOutcome({ text: describe(error).message, failed: true });
    } finally {
      setDeleting(false);
      setPendingAwardDelete(null);
    }
  };

  /** A finalists save under a custom category: the list offers it from now on. */
  const noteCustom = (awardOf: number, name: string) =>
    setAwards((list) => (Array.isArray(list) ? list.map((a) => (a.id === awardOf && !a.customCategories.includes(name) ? { ...a, customCategories: [...a.customCategories, name].sort((x, y) => x.localeCompare(y)) } : a)) : list));

  if (awards === 'loading') return <LoadingSpinner label={texts['common.loading']} />;
  if (awards === 'failed') return <LoadFailed message={texts['admin.page.loadFailed']} retryLabel={texts['admin.retry']} onRetry={load} />;
  const award = awards.find((a) => a.id === awardId) ?? null;
  const nameOf = (a: { names: Record<string, string>; name: string }) => a.names[locale] || a.name;

  return (
    <div className="admin-page">
      <OutcomeMessage outcome={outcome} />
      {award ? (
        <Finalists
          key={award.id}
          awards={awards}
          award={award}
          onAward={setAwardId}
          onCustomSaved={(name) => noteCustom(award.id, name)}
          nameOf={nameOf}
          texts={texts}
          locale={locale}
          client={client}
          report={setOutcome}
          describe={describe}
        />
      ) : (
        <p>{texts['admin.awards.none']}</p>
      )}
      {award && <AwardTexts key={`texts-${award.id}`} award={award} texts={texts} client={client} report={setOutcome} describe={describe} onSaved={replace} onDelete={() => setPendingAwardDelete(award)} />}
      {award && award.categories.length > 0 && (
        <Categories
          key={`cats-${award.id}`}
          award={award}
          locale={locale}
          texts={texts}
          client={client}
          report={setOutcome}
          describe={describe}
          onSaved={replace}
          onDelete={(category, name) => setPendingDelete({ awardId: award.id, categoryId: category, name })}
        />
      )}
      {award && <NewCategory key={`cat-${award.id}`} award={award} texts={texts} client={client} report={setOutcome} describe={describe} onSaved={replace} />}
      <NewAward
        texts={texts}
        client={client}
        report={setOutcome}
        describe={describe}
        onSaved={(saved) => {
          replace(saved);
          setAwardId(saved.id);
        }}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        title={pendingDelete ? fill(texts['admin.awards.categoryDeleteTitle'], { name: pendingDelete.name }) : ''}
        confirmLabel={texts['admin.delete']}
        cancelLabel={texts['admin.cancel']}
        busy={deleting}
        onConfirm={() => void removeCategory()}
        onCancel={() => setPendingDelete(null)}
      />
      <ConfirmDialog
        open={pendingAwardDelete !== null}
        title={pendingAwardDelete ? fill(texts['admin.awards.awardDeleteTitle'], { name: pendingAwardDelete.name }) : ''}
        confirmLabel={texts['admin.awards.deleteAward']}
        cancelLabel={texts['admin.cancel']}
        busy={deleting}
        onConfirm={() => void removeAward()}
        onCancel={() => setPendingAwardDelete(null)}
      />
    </div>
  );
}

type Client = ReturnType<typeof accountClient>;
interface Shared {
  texts: AdminAwardsTexts;
  client: Client;
  report: (outcome: Outcome) => void;
  describe: (error: unknown) => { message: string; fields: Record<string, string> };
}

function Finalists({ awards, award, onAward, onCustomSaved, nameOf, texts, locale, client, report, describe }: Shared & {
  awards: AdminAward[];
  award: AdminAward;
  onAward: (id: number) => void;
  onCustomSaved: (name: string) => void;
  nameOf: (a: { names: Record<string, string>; name: string }) => string;
  locale: string;
}) {
  const ids = { award: useId(), category: useId(), custom: useId(), year: useId(), search: useId(), noAward: useId(), title: useId() };
  const [category, setCategory] = useState<string>(award.categories[0] ? String(award.categories[0].id) : CUSTOM);
  const [custom, setCustom] = useState('');
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [entries, setEntries] = useState<AwardEntry[]>([]);
  const [noAward, setNoAward] = useState(false);
  /** The slot as loaded (its version is what a save is based on), and the stored one after a refused stale save. */
  const [loaded, setLoaded] = useState<AwardEntries | null>(null);
  const [conflict, setConflict] = useState<AwardEntries | null>(null);
  const [query, setQuery] = useState('');
  const hits = useBookSearch(client, locale, query) ?? [];
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);

  // A deleted category leaves the select: fall back to the first one left (or a custom one).
  useEffect(() => {
    if (category !== CUSTOM && !category.startsWith(PAST) && !award.categories.some((c) => String(c.id) === category)) setCategory(award.categories[0] ? String(award.categories[0].id) : CUSTOM);
  }, [award.categories, category]);

  const slot = () => {
    const y = Number(year);
    if (!Number.isInteger(y)) return null;
    if (category === CUSTOM) return custom.trim() ? { year: y, customCategory: custom.trim() } : null;
    if (category.startsWith(PAST)) return { year: y, customCategory: category.slice(PAST.length) };
    return { year: y, categoryId: Number(category) };
  };

  // The slot's saved finalists, whenever award, category or year change (custom names after a pause).
  useEffect(() => {
    const current = slot();
    if (!current || current.year < 1800) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ year: String(current.year) });
      if ('categoryId' in current) params.set('categoryId', String(current.categoryId));
      else params.set('customCategory', current.customCategory);
      client
        .get(`/api/admin/awards/${award.id}/entries?${params}`, { schema: AwardEntriesSchema, signal: controller.signal })
        .then(fillFrom)
        .catch(() => undefined);
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [award.id, category, custom, year]);


  const add = (hit: BookHit) => {
    setEntries((list) => (list.some((e) => e.bookId === hit.id) ? list : [...list, { bookId: hit.id, slug: hit.slug, title: hit.title, isWinner: false, asTitle: null }]));
    setQuery('');
    searchRef.current?.focus();
  };

  /** Fills the list from a slot as stored: it becomes what the next save is based on. */
  function fillFrom(stored: AwardEntries) {
    setEntries(stored.entries);
    setNoAward(stored.noAward);
    setLoaded(stored);
    setConflict(null);
  }

  const save = async (event: FormEvent | null, basedOn = loaded?.version) => {
    event?.preventDefault();
    const current = slot();
    if (!current) {
      setErrors({ categoryId: texts['validation.editorial.awardCategory'] });
      return;
    }
    setBusy(true);
    try {
      const saved = await client.request('PUT', `/api/admin/awards/${award.id}/entries`, {
        body: { ...current, noAward, version: basedOn, entries: entries.map((e) => ({ bookId: e.bookId, isWinner: e.isWinner, asTitle: e.asTitle })) },
        schema: AwardEntriesSchema,
      });
      fillFrom(saved);
      setErrors({});
      if (saved.customCategory) onCustomSaved(saved.customCategory);
      report({ text: pluralText(texts, 'admin.awards.savedFinalists', locale, saved.entries.length), failed: false });
    } catch (error) {
      const stored = staleSlot(error);
      if (stored) setConflict(stored);
      const failure = describe(error);
      setErrors(failure.fields);
      report({ text: failure.message, failed: true });
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (id: string, message?: string) =>
    message ? (
      <div id={`${id}-error`} className="field__error">
        {message}
      </div>
    ) : null;

  return (
    <section className="admin-card" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="admin-page__subtitle">
        {texts['admin.awards.finalists']}
      </h2>
      {conflict && loaded && (
        <ConflictPanel
          conflicts={fieldConflicts(slotFieldsOf(loaded), slotFieldsOf({ noAward, entries }), slotFieldsOf(conflict))}
          labelOf={(c) => texts[c.field === 'noAward' ? 'admin.awards.noAward' : 'admin.awards.entries']}
          t={(key) => (texts as Readonly<Record<string, string>>)[key] ?? key}
          busy={busy}
          onReload={() => fillFrom(conflict)}
          onOverwrite={() => void save(null, conflict.version)}
        />
      )}
      <form onSubmit={(e) => void save(e)} noValidate className="admin-page">
        <div className="admin-grid">
          <div className="field">
            <label className="field__label" htmlFor={ids.award}>
              {texts['admin.awards.award']}
            </label>
            <select id={ids.award} className="field__input" value={award.id} onChange={(e) => onAward(Number(e.target.value))}>
              {awards.map((a) => (
                <option key={a.id} value={a.id}>
                  {nameOf(a)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.category}>
              {texts['admin.awards.category']}
            </label>
            <select id={ids.category} className="field__input" value={category} onChange={(e) => setCategory(e.target.value)} aria-invalid={errors.categoryId ? true : undefined} aria-describedby={errors.categoryId ? `${ids.category}-error` : undefined}>
              {award.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.names[locale] || c.names.en || c.slug}
                </option>
              ))}
              {award.customCategories.length > 0 && (
                <optgroup label={texts['admin.awards.pastCustomCategories']}>
                  {award.customCategories.map((name) => (
                    <option key={name} value={`${PAST}${name}`}>
                      {name}
                    </option>
                  ))}
                </optgroup>
              )}
              <option value={CUSTOM}>{texts['admin.awards.customCategoryOption']}</option>
            </select>
            {fieldError(ids.category, errors.categoryId)}
          </div>
          {category === CUSTOM && (
            <div className="field">
              <label className="field__label" htmlFor={ids.custom}>
                {texts['admin.awards.customCategory']}
              </label>
              <input id={ids.custom} className="field__input" value={custom} maxLength={200} onChange={(e) => setCustom(e.target.value)} />
            </div>
          )}
          <div className="field">
            <label className="field__label" htmlFor={ids.year}>
              {texts['admin.awards.year']}
            </label>
            <input id={ids.year} className="field__input" type="number" inputMode="numeric" min={1800} value={year} onChange={(e) => setYear(e.target.value)} aria-invalid={errors.year ? true : undefined} aria-describedby={errors.year ? `${ids.year}-error` : undefined} />
            {fieldError(ids.year, errors.year)}
          </div>
        </div>

        <div className="field">
          <label className="field__label" htmlFor={ids.search}>
            {texts['admin.awards.bookSearch']}
          </label>
          <input ref={searchRef} id={ids.search} className="field__input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} aria-describedby={`${ids.search}-hint`} autoComplete="off" />
          <p id={`${ids.search}-hint`} className="field__hint">
            {texts['admin.awards.bookSearchHint']}
          </p>
          {query.trim() !== '' && (
            <ul className="admin-list" aria-live="polite">
              {hits.length === 0 ? (
                <li>{texts['admin.awards.noHits']}</li>
              ) : (
                hits.map((hit) => (
                  <li key={hit.id}>
                    <button type="button" className="button button--secondary" onClick={() => add(hit)}>
                      {fill(texts['admin.awards.addBook'], { title: hit.title, year: hit.year ?? '–', authors: hit.authors.map((a) => a.name).join(', ') })}
                    </button>
                  </li>
                ))
              )}
            </ul>
          )}
        </div>

        <fieldset className="admin-fieldset">
          <legend>{texts['admin.awards.entries']}</legend>
          {entries.length === 0 ? (
            <p>{texts['admin.awards.noEntries']}</p>
          ) : (
            <ul className="admin-list">
              {entries.map((entry, index) => (
                <li key={entry.bookId} className="admin-row">
                  <span>{entry.title}</span>
                  <label className="admin-row">
                    <input
                      type="checkbox"
                      aria-label={`${texts['admin.awards.winner']}: ${entry.title}`}
                      checked={entry.isWinner}
                      disabled={noAward}
                      onChange={(e) => setEntries((list) => list.map((x) => (x.bookId === entry.bookId ? { ...x, isWinner: e.target.checked } : x)))}
                    />
                    <span aria-hidden="true">{texts['admin.awards.winner']}</span>
                  </label>
                  <button type="button" className="button button--secondary" aria-label={`${texts['admin.awards.removeBook']}: ${entry.title}`} onClick={() => setEntries((list) => list.filter((x) => x.bookId !== entry.bookId))}>
                    {texts['admin.awards.removeBook']}
                  </button>
                  {errors[`entries.${index}.bookId`] && <span className="field__error">{errors[`entries.${index}.bookId`]}</span>}
                </li>
              ))}
            </ul>
          )}
          <label className="admin-row" htmlFor={ids.noAward}>
            <input
              id={ids.noAward}
              type="checkbox"
              checked={noAward}
              onChange={(e) => {
                setNoAward(e.target.checked);
                if (e.target.checked) setEntries((list) => list.map((x) => ({ ...x, isWinner: false })));
              }}
            />
            {texts['admin.awards.noAward']}
          </label>
          {errors.noAward && <div className="field__error">{errors.noAward}</div>}
        </fieldset>
        <FormActions submitLabel={texts['admin.awards.saveFinalists']} busy={busy} />
      </form>
    </section>
  );
}

/**
 * The submit of the award forms: sends the write; its answer goes to `onSaved` and the page says
 * 'saved'; a refusal's field messages go to `onFields` (an empty set on success) and its message to the page.
 * A write refused because the award changed meanwhile (issue 27 point 4) goes to `onStale` with the
 * stored award; without one, the page takes the stored award (the form keeps what was typed, and a
 * second save overwrites) and shows the message.
 */
async function saveAward(
  event: FormEvent | null,
  { texts, report, describe }: Pick<Shared, 'texts' | 'report' | 'describe'>,
  send: () => Promise<AdminAward>,
  onSaved: (award: AdminAward) => void,
  onFields: (fields: Record<string, string>) => void,
  onStale?: (current: AdminAward) => void,
): Promise<void> {
  event?.preventDefault();
  try {
    onSaved(await send());
    onFields({});
    report({ text: texts['admin.page.saved'], failed: false });
  } catch (error) {
    const current = staleAward(error);
    if (current && onStale) {
      report(null);
      onStale(current);
      return;
    }
    if (current) onSaved(current);
    const failure = describe(error);
    onFields(failure.fields);
    report({ text: failure.message, failed: true });
  }
}

function LocalizedFields({ label, values, onChange, multiline, error }: { label: string; values: Localized; onChange: (values: Localized) => void; multiline?: boolean; error?: string }) {
  const id = useId();
  return (
    <div className="admin-grid">
      {LANGS.map((lang) => (
        <div className="field" key={lang}>
          <label className="field__label" htmlFor={`${id}-${lang}`}>
            {fill(label, { language: lang.toUpperCase() })}
          </label>
          {multiline ? (
            <textarea id={`${id}-${lang}`} className="field__input field__input--area" value={values[lang] ?? ''} onChange={(e) => onChange({ ...values, [lang]: e.target.value })} />
          ) : (
            <input id={`${id}-${lang}`} className="field__input" value={values[lang] ?? ''} onChange={(e) => onChange({ ...values, [lang]: e.target.value })} />
          )}
        </div>
      ))}
      {error && <div className="field__error">{error}</div>}
    </div>
  );
}

function AwardTexts({ award, texts, client, report, describe, onSaved, onDelete }: Shared & { award: AdminAward; onSaved: (award: AdminAward) => void; onDelete: () => void }) {
  const [name, setName] = useState(award.name);
  const [names, setNames] = useState<Localized>(award.names);
  const [about, setAbout] = useState<Localized>(award.about);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The award the fields were filled from, and the stored one after a refused stale save (issue 27 point 4). */
  const [loaded, setLoaded] = useState(award);
  const [conflict, setConflict] = useState<AdminAward | null>(null);
  const nameId = useId();
  const titleId = useId();
  const fieldsOf = (a: { name: string; names: Localized; about: Localized }) => ({ name: a.name, names: a.names, about: a.about });
  // A newer award whose texts are the ones the form was filled from (a category's save moved the
  // version) becomes the base; one with other texts stays unseen, so a save is refused and shows them.
  useEffect(() => {
    if (award.version !== loaded.version && JSON.stringify(fieldsOf(award)) === JSON.stringify(fieldsOf(loaded))) setLoaded(award);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [award]);
  const submit = (event: FormEvent | null, basedOn = loaded.version) =>
    saveAward(
      event,
      { texts, report, describe },
      () => client.patch(`/api/admin/awards/${award.id}`, { name, names, about, version: basedOn }, { schema: AdminAwardSchema }),
      (saved) => {
        setLoaded(saved);
        setConflict(null);
        onSaved(saved);
      },
      setErrors,
      setConflict,
    );
  const reload = (current: AdminAward) => {
    setName(current.name);
    setNames(current.names);
    setAbout(current.about);
    setLoaded(current);
    setConflict(null);
    onSaved(current);
  };
  const labelOf = (c: { field: string; language?: string }) =>
    c.field === 'name' ? texts['admin.awards.name'] : fill(texts[c.field === 'names' ? 'admin.awards.nameIn' : 'admin.awards.aboutIn'], { language: (c.language ?? '').toUpperCase() });
  return (
    <section className="admin-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-page__subtitle">
        {fill(texts['admin.awards.editAward'], { name: award.name })}
      </h2>
      {conflict && (
        <ConflictPanel
          conflicts={fieldConflicts(fieldsOf(loaded), fieldsOf({ name, names, about }), fieldsOf(conflict))}
          labelOf={labelOf}
          t={(key) => (texts as Readonly<Record<string, string>>)[key] ?? key}
          busy={false}
          onReload={() => reload(conflict)}
          onOverwrite={() => void submit(null, conflict.version)}
        />
      )}
      <form onSubmit={(e) => void submit(e)} noValidate className="admin-page">
        <div className="field">
          <label className="field__label" htmlFor={nameId}>
            {texts['admin.awards.name']}
          </label>
          <input id={nameId} className="field__input" value={name} onChange={(e) => setName(e.target.value)} />
          {errors.name && <div className="field__error">{errors.name}</div>}
        </div>
        <LocalizedFields label={texts['admin.awards.nameIn']} values={names} onChange={setNames} error={errors['names.en'] ?? errors['names.de'] ?? errors['names.it']} />
        <LocalizedFields label={texts['admin.awards.aboutIn']} values={about} onChange={setAbout} multiline error={errors['about.en'] ?? errors['about.de'] ?? errors['about.it']} />
        <FormActions submitLabel={texts['admin.page.save']} onDelete={onDelete} deleteLabel={texts['admin.awards.deleteAward']} />
      </form>
    </section>
  );
}

/** The award's categories, each renamed in en, de, it or deleted (asked first by the page). */
function Categories({ award, locale, texts, client, report, describe, onSaved, onDelete }: Shared & {
  award: AdminAward;
  locale: string;
  onSaved: (award: AdminAward) => void;
  onDelete: (categoryId: number, name: string) => void;
}) {
  const titleId = useId();
  return (
    <section className="admin-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-page__subtitle">
        {fill(texts['admin.awards.categories'], { name: award.name })}
      </h2>
      {award.categories.map((category) => (
        <CategoryForm key={category.id} awardId={award.id} awardVersion={award.version} category={category} locale={locale} texts={texts} client={client} report={report} describe={describe} onSaved={onSaved} onDelete={onDelete} />
      ))}
    </section>
  );
}

function CategoryForm({ awardId, awardVersion, category, locale, texts, client, report, describe, onSaved, onDelete }: Shared & {
  awardId: number;
  /** The award's version: a category's change is a change of its award (issue 27 point 4). */
  awardVersion: number;
  category: AdminAward['categories'][number];
  locale: string;
  onSaved: (award: AdminAward) => void;
  onDelete: (categoryId: number, name: string) => void;
}) {
  const [names, setNames] = useState<Localized>(category.names);
  const [error, setError] = useState<string | undefined>();
  const name = category.names[locale] || category.names.en || category.slug;
  const submit = (event: FormEvent) =>
    saveAward(event, { texts, report, describe }, () => client.patch(`/api/admin/awards/${awardId}/categories/${category.id}`, { names, version: awardVersion }, { schema: AdminAwardSchema }), onSaved, (fields) => setError(Object.values(fields)[0]));
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="admin-fieldset">
        <legend>{fill(texts['admin.awards.categoryLegend'], { name })}</legend>
        <LocalizedFields label={texts['admin.awards.categoryNameIn']} values={names} onChange={setNames} error={error} />
        <FormActions submitLabel={texts['admin.page.save']} onDelete={() => onDelete(category.id, name)} deleteLabel={texts['admin.delete']} />
      </fieldset>
    </form>
  );
}

function NewCategory({ award, texts, client, report, describe, onSaved }: Shared & { award: AdminAward; onSaved: (award: AdminAward) => void }) {
  const [names, setNames] = useState<Localized>({});
  const [error, setError] = useState<string | undefined>();
  const titleId = useId();
  const submit = (event: FormEvent) =>
    saveAward(
      event,
      { texts, report, describe },
      () => client.post(`/api/admin/awards/${award.id}/categories`, { names, version: award.version }, { schema: AdminAwardSchema }),
      (saved) => {
        setNames({});
        onSaved(saved);
      },
      (fields) => setError(Object.values(fields)[0]),
    );
  return (
    <section className="admin-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-page__subtitle">
        {fill(texts['admin.awards.newCategory'], { name: award.name })}
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="admin-page">
        <LocalizedFields label={texts['admin.awards.categoryNameIn']} values={names} onChange={setNames} error={error} />
        <FormActions submitLabel={texts['admin.page.save']} />
      </form>
    </section>
  );
}

function NewAward({ texts, client, report, describe, onSaved }: Shared & { onSaved: (award: AdminAward) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const nameId = useId();
  const titleId = useId();
  const submit = (event: FormEvent) =>
    saveAward(
      event,
      { texts, report, describe },
      () => client.post('/api/admin/awards', { name }, { schema: AdminAwardSchema }),
      (saved) => {
        setName('');
        onSaved(saved);
      },
      (fields) => setError(fields.name),
    );
  return (
    <section className="admin-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-page__subtitle">
        {texts['admin.awards.newAward']}
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="admin-row">
        <div className="field">
          <label className="field__label" htmlFor={nameId}>
            {texts['admin.awards.name']}
          </label>
          <input id={nameId} className="field__input" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={error ? true : undefined} />
          {error && <div className="field__error">{error}</div>}
        </div>
        <button type="submit" className="button button--primary">
          {texts['admin.awards.newAward']}
        </button>
      </form>
    </section>
  );
}
