/**
 * /{locale}/admin/affiliate (issue 13 point 6; spec §3 Affiliate service, §5 template): the services
 * and their locales (region, variant, template, domain, affiliate tag). Each locale shows, as it is
 * typed, the buy link the pop-up would make for the sample edition (Dune's primary edition) with the
 * same buildAffiliateLink, and the builder's verdict on the template. Saving needs no rebuild: the
 * pop-up reads the services live.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { etagOf } from '../../../domain/editorial/versions.ts';
import { ApiClientError } from '../../../lib/api-client.ts';
import { affiliateTemplateProblem, buildAffiliateLink } from '../../../domain/reader/affiliate-link.ts';
import { AdminAffiliateSchema, AdminAffiliateServiceSchema, type AdminAffiliate, type AdminAffiliateLocale, type AdminAffiliateService } from '../../../domain/schemas/affiliate.ts';
import { Field, LoadFailed, OutcomeMessage } from '../../account/fields.tsx';
import { LoadingSpinner } from '../../LoadingSpinner.tsx';
import { FAILURE_TEXT_KEYS, accountClient, describeFailure, type Failure } from '../../account/form-support.ts';
import { fill, type Texts } from '../../account/texts.ts';
import ConfirmDialog from './ConfirmDialog.tsx';
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

function AffiliateAdmin({ locale, texts }: AdminAffiliatePageProps) {
  const [client] = useState(() => accountClient(locale));
  const [data, setData] = useState<AdminAffiliate | 'loading' | 'failed'>('loading');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pendingDelete, setPendingDelete] = useState<{ path: string; title: string; version: number } | null>(null);
  const describe = (error: unknown) => describeFailure(error, texts as unknown as Record<string, string> & typeof texts);

  const load = useCallback(() => {
    setData('loading');
    client
      .get('/api/admin/affiliate', { schema: AdminAffiliateSchema })
      .then(setData)
      .catch(() => setData('failed'));
  }, [client]);
  useEffect(load, [load]);

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

const TEMPLATE_PROBLEM = { placeholder: 'validation.affiliate.placeholder', address: 'validation.affiliate.template' } as const;

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
  const preview = sample ? buildAffiliateLink(sample, [{ key: service.key, name: service.name, locales: [{ ...draft, affiliateTag: draft.affiliateTag.trim() || null }] }], { serviceKey: service.key, region: draft.region }) : null;
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
          error={errors.template ?? (problem ? texts[TEMPLATE_PROBLEM[problem]] : undefined)}
          hint={texts['admin.affiliate.templateHint']}
        />
        {preview && (
          <p className="admin-preview">
            {texts['admin.affiliate.preview']}{' '}
            <a href={preview} rel="nofollow noopener noreferrer" target="_blank">
              {preview}
            </a>
          </p>
        )}
        <FormActions submitLabel={isNew ? texts['admin.affiliate.addLocale'] : texts['admin.page.save']} onDelete={onDelete} deleteLabel={texts['admin.delete']} />
      </fieldset>
    </form>
  );
}
