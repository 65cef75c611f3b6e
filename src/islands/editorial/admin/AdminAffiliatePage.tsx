/**
 * /{locale}/admin/affiliate (issue 13 point 6; spec §3 Affiliate service, §5 template): the services
 * and their locales (region, variant, template, domain, affiliate tag). Each locale shows, as it is
 * typed, the link its template makes for the sample edition: the primary edition of a book the admin
 * chooses (Dune's until then), never the search link the pop-up falls back to, so every edit of the
 * template shows; when the edition lacks a value the template needs, it says which (issue 29 point 20).
 * The builder's verdict on the template is shown too (a link to another host than the domain is
 * refused, and the server refuses it as well). Saving needs no rebuild: the pop-up reads the services live.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { etagOf } from '../../../domain/editorial/versions.ts';
import { ApiClientError } from '../../../lib/api-client.ts';
import { affiliateTemplateProblem, previewAffiliateLink } from '../../../domain/reader/affiliate-link.ts';
import { AdminAffiliateSchema, AdminAffiliateServiceSchema, AFFILIATE_TEMPLATE_PROBLEM_KEYS, type AdminAffiliate, type AdminAffiliateLocale, type AdminAffiliateService } from '../../../domain/schemas/affiliate.ts';
import type { BookHit } from '../../../domain/schemas/search.ts';
import { Field, LoadFailed, OutcomeMessage } from '../../account/fields.tsx';
import { LoadingSpinner } from '../../LoadingSpinner.tsx';
import { FAILURE_TEXT_KEYS, accountClient, describeFailure, type Failure } from '../../account/form-support.ts';
import { fill, type Texts } from '../../account/texts.ts';
import ConfirmDialog from './ConfirmDialog.tsx';
import { useBookSearch } from './use-book-search.ts';
import FormActions from './FormActions.tsx';
import AdminGate, { GATE_TEXT_KEYS } from '../AdminGate.tsx';

export const ADMIN_AFFILIATE_TEXT_KEYS = [
  ...GATE_TEXT_KEYS,
  ...FAILURE_TEXT_KEYS,
  'admin.cancel',
  'admin.retry',
  'admin.page.loadFailed',
  'admin.page.save',
  'admin.page.saved',
  'admin.delete',
  'admin.affiliate.intro',
  'admin.affiliate.service',
  'admin.affiliate.key',
  'admin.affiliate.name',
  'admin.affiliate.enabled',
  'admin.affiliate.region',
  'admin.affiliate.variant',
  'admin.affiliate.template',
  'admin.affiliate.templateHint',
  'admin.affiliate.domain',
  'admin.affiliate.tag',
  'admin.affiliate.locale',
  'admin.affiliate.addLocale',
  'admin.affiliate.addService',
  'admin.affiliate.preview',
  'admin.affiliate.serviceDeleteTitle',
  'admin.affiliate.localeDeleteTitle',
  'admin.affiliate.noSample',
  'admin.affiliate.previewBook',
  'admin.affiliate.previewBookHint',
  'admin.affiliate.previewMissing',
  'admin.awards.noHits',
  'validation.affiliate.host',
  'validation.affiliate.key',
  'validation.affiliate.name',
  'validation.affiliate.region',
  'validation.affiliate.variant',
  'validation.affiliate.template',
  'validation.affiliate.placeholder',
  'validation.affiliate.domain',
  'validation.affiliate.tag',
  'validation.editorial.nothingToChange',
] as const;
export type AdminAffiliateTexts = Texts<(typeof ADMIN_AFFILIATE_TEXT_KEYS)[number]>;

export interface AdminAffiliatePageProps {
  locale: string;
  texts: AdminAffiliateTexts;
  paths: { login: string };
}

type Outcome = { text: string; failed: boolean } | null;
type Sample = AdminAffiliate['sample'];
type LocaleDraft = Omit<AdminAffiliateLocale, 'id' | 'affiliateTag'> & { affiliateTag: string };
const EMPTY_LOCALE: LocaleDraft = { region: 'DE', variant: 'default', template: 'https://{domain}/dp/{asin}?tag={affiliateTag}', domain: 'www.amazon.de', affiliateTag: '' };

/** The stored service of a 409 to a write based on an older version of it (issue 27 point 4); else null. */
function staleService(error: unknown): AdminAffiliateService | null {
  if (!(error instanceof ApiClientError) || error.status !== 409) return null;
  const current = AdminAffiliateServiceSchema.safeParse(error.current);
  return current.success ? current.data : null;
}

export default function AdminAffiliatePage(props: AdminAffiliatePageProps) {
  return (
    <AdminGate texts={props.texts} loginPath={props.paths.login}>
      {() => <AffiliateAdmin {...props} />}
    </AdminGate>
  );
}

/** Chooses the book whose edition the previews link: a search over the catalogue (the typeahead endpoint), its hits as buttons. */
function SampleChooser({ locale, texts, client, onChoose }: { locale: string; texts: AdminAffiliateTexts; client: ReturnType<typeof accountClient>; onChoose: (book: BookHit) => void }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const hits = useBookSearch(client, locale, query);
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="field admin-sample">
      <label className="field__label" htmlFor={id}>
        {texts['admin.affiliate.previewBook']}
      </label>
      <input ref={inputRef} id={id} className="field__input" type="search" autoComplete="off" value={query} onChange={(e) => setQuery(e.target.value)} aria-describedby={`${id}-hint`} />
      <p id={`${id}-hint`} className="field__hint">
        {texts['admin.affiliate.previewBookHint']}
      </p>
      {hits !== null && (
        <ul className="admin-list" aria-live="polite">
          {hits.length === 0 && <li>{texts['admin.awards.noHits']}</li>}
          {hits.map((hit) => (
            <li key={hit.id}>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  onChoose(hit);
                  setQuery('');
                  inputRef.current?.focus();
                }}
              >
                {hit.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AffiliateAdmin({ locale, texts }: AdminAffiliatePageProps) {
  const [client] = useState(() => accountClient(locale));
  const [data, setData] = useState<AdminAffiliate | 'loading' | 'failed'>('loading');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pendingDelete, setPendingDelete] = useState<{ path: string; title: string; version: number } | null>(null);
  const describe = (error: unknown) => describeFailure(error, texts as unknown as Record<string, string> & typeof texts);

  /** The book the previews link (its id), kept when the page reloads after a delete. */
  const [sampleBook, setSampleBook] = useState<number | null>(null);

  const load = useCallback(() => {
    setData('loading');
    client
      .get(`/api/admin/affiliate${sampleBook === null ? '' : `?book=${sampleBook}`}`, { schema: AdminAffiliateSchema })
      .then(setData)
      .catch(() => setData('failed'));
    // Reloads only on purpose (after a delete), not when the sample changes: chooseSample reads it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client]);
  useEffect(load, [load]);

  /** Takes another book's edition as the sample: only the sample is read again, the forms keep what was typed. */
  const chooseSample = async (book: BookHit) => {
    try {
      const answer = await client.get(`/api/admin/affiliate?book=${book.id}`, { schema: AdminAffiliateSchema });
      setSampleBook(book.id);
      setData((current) => (typeof current === 'object' ? { ...current, sample: answer.sample } : current));
    } catch (error) {
      setOutcome({ text: describe(error).message, failed: true });
    }
  };

  const replace = (service: AdminAffiliateService) =>
    setData((current) => (typeof current === 'object' ? { ...current, services: current.services.some((s) => s.id === service.id) ? current.services.map((s) => (s.id === service.id ? service : s)) : [...current.services, service] } : current));

  /**
   * Sends a write based on the service's `version` (issue 27 point 4); its answer replaces the
   * service; a failure comes back for the form's fields. When the service changed meanwhile the page
   * takes the stored one and says so: the forms keep what was typed, and saving again overwrites.
   */
  const save = async (method: 'POST' | 'PATCH', path: string, body: object, version?: number): Promise<Failure | null> => {
    try {
      replace(await client.request(method, path, { body: version === undefined ? body : { ...body, version }, schema: AdminAffiliateServiceSchema }));
      setOutcome({ text: texts['admin.page.saved'], failed: false });
      return null;
    } catch (error) {
      const current = staleService(error);
      if (current) replace(current);
      const failure = describe(error);
      setOutcome({ text: failure.message, failed: true });
      return failure;
    }
  };

  const remove = async () => {
    if (!pendingDelete) return;
    try {
      await client.delete(pendingDelete.path, { headers: { 'if-match': etagOf(pendingDelete.version) } });
      setOutcome({ text: texts['admin.page.saved'], failed: false });
      load();
    } catch (error) {
      const current = staleService(error);
      if (current) replace(current);
      setOutcome({ text: describe(error).message, failed: true });
    }
    setPendingDelete(null);
  };

  if (data === 'loading') return <LoadingSpinner label={texts['common.loading']} />;
  if (data === 'failed') return <LoadFailed message={texts['admin.page.loadFailed']} retryLabel={texts['admin.retry']} onRetry={load} />;

  return (
    <div className="admin-page">
      <p>{data.sample ? fill(texts['admin.affiliate.intro'], { title: data.sample.title }) : texts['admin.affiliate.noSample']}</p>
      <SampleChooser locale={locale} texts={texts} client={client} onChoose={(book) => void chooseSample(book)} />
      <OutcomeMessage outcome={outcome} />
      {data.services.map((service) => (
        <section key={service.id} className="admin-card" aria-label={fill(texts['admin.affiliate.service'], { name: service.name })}>
          <ServiceForm service={service} texts={texts} onSave={(body) => save('PATCH', `/api/admin/affiliate/services/${service.id}`, body, service.version)} onDelete={() => setPendingDelete({ path: `/api/admin/affiliate/services/${service.id}`, title: fill(texts['admin.affiliate.serviceDeleteTitle'], { name: service.name }), version: service.version })} />
          <ul className="admin-list">
            {service.locales.map((l) => (
              <li key={l.id}>
                <LocaleForm
                  initial={{ ...l, affiliateTag: l.affiliateTag ?? '' }}
                  service={service}
                  sample={data.sample}
                  texts={texts}
                  onSave={(draft) => save('PATCH', `/api/admin/affiliate/locales/${l.id}`, draft, service.version)}
                  onDelete={() => setPendingDelete({ path: `/api/admin/affiliate/locales/${l.id}`, title: fill(texts['admin.affiliate.localeDeleteTitle'], { region: l.region, variant: l.variant }), version: service.version })}
                />
              </li>
            ))}
            <li>
              <LocaleForm initial={EMPTY_LOCALE} service={service} sample={data.sample} texts={texts} isNew onSave={(draft) => save('POST', `/api/admin/affiliate/services/${service.id}/locales`, draft, service.version)} />
            </li>
          </ul>
        </section>
      ))}
      <section className="admin-card">
        <ServiceForm texts={texts} onSave={(body) => save('POST', '/api/admin/affiliate', body)} />
      </section>
      <ConfirmDialog open={pendingDelete !== null} title={pendingDelete?.title ?? ''} confirmLabel={texts['admin.delete']} cancelLabel={texts['admin.cancel']} onConfirm={() => void remove()} onCancel={() => setPendingDelete(null)} />
    </div>
  );
}

/** A text field of the admin forms: the account forms' one Field, across the whole grid when `wide`. */
function FieldRow({ label, value, onChange, error, hint, wide }: { label: string; value: string; onChange: (value: string) => void; error?: string; hint?: string; wide?: boolean }) {
  const id = useId();
  const field = <Field id={id} label={label} value={value} onChange={onChange} error={error} hint={hint} />;
  return wide ? <div className="admin-grid__wide">{field}</div> : field;
}

function ServiceForm({ service, texts, onSave, onDelete }: { service?: AdminAffiliateService; texts: AdminAffiliateTexts; onSave: (body: object) => Promise<Failure | null>; onDelete?: () => void }) {
  const [key, setKey] = useState(service?.key ?? '');
  const [name, setName] = useState(service?.name ?? '');
  const [enabled, setEnabled] = useState(service?.enabled ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const enabledId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const failure = await onSave({ key, name, enabled });
    setErrors(failure?.fields ?? {});
    if (!failure && !service) {
      setKey('');
      setName('');
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="admin-fieldset">
        <legend>{service ? fill(texts['admin.affiliate.service'], { name: service.name }) : texts['admin.affiliate.addService']}</legend>
        <div className="admin-grid">
          <FieldRow label={texts['admin.affiliate.key']} value={key} onChange={setKey} error={errors.key} />
          <FieldRow label={texts['admin.affiliate.name']} value={name} onChange={setName} error={errors.name} />
          <div className="field">
            <label className="admin-row" htmlFor={enabledId}>
              <input id={enabledId} type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> {texts['admin.affiliate.enabled']}
            </label>
          </div>
        </div>
        <FormActions submitLabel={service ? texts['admin.page.save'] : texts['admin.affiliate.addService']} onDelete={onDelete} deleteLabel={texts['admin.delete']} />
      </fieldset>
    </form>
  );
}


function LocaleForm({ initial, service, sample, texts, isNew, onSave, onDelete }: {
  initial: LocaleDraft;
  service: AdminAffiliateService;
  sample: Sample;
  texts: AdminAffiliateTexts;
  isNew?: boolean;
  onSave: (draft: LocaleDraft) => Promise<Failure | null>;
  onDelete?: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof LocaleDraft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const problem = affiliateTemplateProblem({ ...draft, affiliateTag: draft.affiliateTag || null });
  // The template's own link for the sample, never the pop-up's search fallback: an edit always shows (issue 29 point 20).
  const preview = sample ? previewAffiliateLink({ ...draft, affiliateTag: draft.affiliateTag.trim() || null }, sample) : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Only the locale's fields: the schema is strict, and a loaded locale also carries its id.
    const { region, variant, template, domain, affiliateTag } = draft;
    const failure = await onSave({ region, variant, template, domain, affiliateTag });
    setErrors(failure?.fields ?? {});
    if (!failure && isNew) setDraft(initial);
  };
  const legend = isNew ? texts['admin.affiliate.addLocale'] : fill(texts['admin.affiliate.locale'], { region: initial.region, variant: initial.variant });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="admin-fieldset">
        <legend>{legend}</legend>
        <div className="admin-grid">
          <FieldRow label={texts['admin.affiliate.region']} value={draft.region} onChange={set('region')} error={errors.region} />
          <FieldRow label={texts['admin.affiliate.variant']} value={draft.variant} onChange={set('variant')} error={errors.variant} />
          <FieldRow label={texts['admin.affiliate.domain']} value={draft.domain} onChange={set('domain')} error={errors.domain} />
          <FieldRow label={texts['admin.affiliate.tag']} value={draft.affiliateTag} onChange={set('affiliateTag')} error={errors.affiliateTag} />
        </div>
        <FieldRow
          label={texts['admin.affiliate.template']}
          value={draft.template}
          onChange={set('template')}
          error={errors.template ?? (problem ? texts[AFFILIATE_TEMPLATE_PROBLEM_KEYS[problem]] : undefined)}
          hint={texts['admin.affiliate.templateHint']}
        />
        {preview && sample && (
          <p className="admin-preview">
            {texts['admin.affiliate.preview']}{' '}
            {preview.url ? (
              <a href={preview.url} rel="nofollow noopener noreferrer" target="_blank">
                {preview.url}
              </a>
            ) : (
              fill(texts['admin.affiliate.previewMissing'], { title: sample.title, values: preview.missing.map((name) => `{${name}}`).join(', ') })
            )}
          </p>
        )}
        <FormActions submitLabel={isNew ? texts['admin.affiliate.addLocale'] : texts['admin.page.save']} onDelete={onDelete} deleteLabel={texts['admin.delete']} />
      </fieldset>
    </form>
  );
}
