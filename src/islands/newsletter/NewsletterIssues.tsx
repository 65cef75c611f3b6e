/**
 * The newsletter issues on /{locale}/admin/newsletter (issue 29 point 23): the list with each issue's
 * state, and the editor of one issue: language, subject and markdown body with a live preview by the
 * site's safe renderer (what subscribers get), "send a test mail to me", and the send with a
 * confirmation step and the queue's progress, polled until every mail went out (the poll also resumes
 * a send whose worker died). Every endpoint checks the role again.
 */
import { useCallback, useDeferredValue, useEffect, useState, type FormEvent } from 'react';
import { LOCALES, type Locale } from '../../domain/enums.ts';
import { renderMarkdown } from '../../domain/markdown.ts';
import {
  NewsletterIssueListSchema,
  NewsletterIssueSchema,
  NewsletterTestMailAnswerSchema,
  type NewsletterIssue,
} from '../../domain/schemas/newsletter.ts';
import { Field, FormAlert, FormStatus, LoadFailed, SubmitButton, useHydrated } from '../account/fields.tsx';
import { FAILURE_TEXT_KEYS, accountClient } from '../account/form-support.ts';
import { fill, type Texts } from '../account/texts.ts';
import { useSubmission } from '../account/use-submission.ts';
import { LoadingSpinner } from '../LoadingSpinner.tsx';

export const NEWSLETTER_ISSUES_TEXT_KEYS = [
  ...FAILURE_TEXT_KEYS,
  'common.loading',
  'validation.language',
  'validation.newsletter.subject',
  'validation.newsletter.body',
  'api.error.newsletterIssueNotDraft',
  'admin.newsletter.issues.heading',
  'admin.newsletter.issues.new',
  'admin.newsletter.issues.empty',
  'admin.newsletter.issues.subject',
  'admin.newsletter.issues.language',
  'admin.newsletter.issues.status',
  'admin.newsletter.issues.open',
  'admin.newsletter.issues.status.draft',
  'admin.newsletter.issues.status.sending',
  'admin.newsletter.issues.status.sent',
  'admin.newsletter.issues.editor',
  'admin.newsletter.issues.body',
  'admin.newsletter.issues.bodyHint',
  'admin.newsletter.issues.preview',
  'admin.newsletter.issues.previewEmpty',
  'admin.newsletter.issues.save',
  'admin.newsletter.issues.saved',
  'admin.newsletter.issues.testMail',
  'admin.newsletter.issues.testSent',
  'admin.newsletter.issues.send',
  'admin.newsletter.issues.confirmSend',
  'admin.newsletter.issues.recipients',
  'admin.newsletter.issues.sendNow',
  'admin.newsletter.issues.cancel',
  'admin.newsletter.issues.progress',
  'admin.newsletter.issues.sentOn',
  'admin.newsletter.issues.back',
  'admin.newsletter.issues.loadFailed',
  'admin.newsletter.retry',
] as const;

type IssueTexts = Texts<(typeof NEWSLETTER_ISSUES_TEXT_KEYS)[number]>;

export interface NewsletterIssuesProps {
  locale: Locale;
  texts: IssueTexts;
  languageNames: Record<Locale, string>;
  /** Confirmed subscribers per language (the counts above), for the send's confirmation. */
  confirmedByLanguage: Record<Locale, number>;
}

const POLL_MS = 1_000;
const statusText = (texts: IssueTexts, issue: NewsletterIssue) => texts[`admin.newsletter.issues.status.${issue.status}`];

export default function NewsletterIssues(props: NewsletterIssuesProps) {
  const { locale, texts } = props;
  const [issues, setIssues] = useState<NewsletterIssue[] | 'loading' | 'failed'>('loading');
  const [open, setOpen] = useState<NewsletterIssue | 'new' | null>(null);
  const load = useCallback(() => {
    setIssues('loading');
    accountClient(locale)
      .get('/api/admin/newsletter/issues', { schema: NewsletterIssueListSchema })
      .then((list) => setIssues(list.items))
      .catch(() => setIssues('failed'));
  }, [locale]);
  useEffect(load, [load]);

  if (open) {
    return (
      <IssueEditor
        {...props}
        issue={open === 'new' ? null : open}
        onBack={() => {
          setOpen(null);
          load();
        }}
      />
    );
  }
  return (
    <section className="admin-newsletter__issues" aria-labelledby="newsletter-issues-heading">
      <h2 id="newsletter-issues-heading">{texts['admin.newsletter.issues.heading']}</h2>
      <p>
        <button type="button" className="button button--primary" onClick={() => setOpen('new')}>
          {texts['admin.newsletter.issues.new']}
        </button>
      </p>
      {issues === 'loading' && <LoadingSpinner label={texts['common.loading']} />}
      {issues === 'failed' && <LoadFailed message={texts['admin.newsletter.issues.loadFailed']} retryLabel={texts['admin.newsletter.retry']} onRetry={load} />}
      {Array.isArray(issues) && issues.length === 0 && <p>{texts['admin.newsletter.issues.empty']}</p>}
      {Array.isArray(issues) && issues.length > 0 && (
        <div className="admin-table__wrap">
          <table className="admin-table">
            <caption>{texts['admin.newsletter.issues.heading']}</caption>
            <thead>
              <tr>
                <th scope="col">{texts['admin.newsletter.issues.subject']}</th>
                <th scope="col">{texts['admin.newsletter.issues.language']}</th>
                <th scope="col">{texts['admin.newsletter.issues.status']}</th>
                <th scope="col">
                  <span className="visually-hidden">{texts['admin.newsletter.issues.open']}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {issues.map((issue) => (
                <tr key={issue.id}>
                  <th scope="row" lang={issue.language}>
                    {issue.subject}
                  </th>
                  <td lang={issue.language}>{props.languageNames[issue.language]}</td>
                  <td>
                    {statusText(texts, issue)}
                    {issue.status === 'sending' && ` (${issue.progress.percent} %)`}
                  </td>
                  <td>
                    <button type="button" className="button button--secondary" aria-label={`${texts['admin.newsletter.issues.open']}: ${issue.subject}`} onClick={() => setOpen(issue)}>
                      {texts['admin.newsletter.issues.open']}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Preview({ markdown, texts, lang }: { markdown: string; texts: IssueTexts; lang: Locale }) {
  const deferred = useDeferredValue(markdown);
  // The same renderer as the mails and the archive: raw HTML shown as text, unsafe links unlinked.
  const html = deferred.trim() ? renderMarkdown(deferred) : '';
  return (
    <section className="markdown-field__preview" aria-label={texts['admin.newsletter.issues.preview']}>
      <p className="markdown-field__preview-label" aria-hidden="true">
        {texts['admin.newsletter.issues.preview']}
      </p>
      {html ? <div className="prose" lang={lang} dangerouslySetInnerHTML={{ __html: html }} /> : <p className="markdown-field__empty">{texts['admin.newsletter.issues.previewEmpty']}</p>}
    </section>
  );
}

function IssueEditor({ locale, texts, languageNames, confirmedByLanguage, issue: initial, onBack }: NewsletterIssuesProps & { issue: NewsletterIssue | null; onBack: () => void }) {
  const hydrated = useHydrated();
  const [issue, setIssue] = useState<NewsletterIssue | null>(initial);
  const [language, setLanguage] = useState<Locale>(initial?.language ?? locale);
  const [subject, setSubject] = useState(initial?.subject ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const { busy, failure, clearFailure, submit } = useSubmission(texts);
  const client = accountClient(locale);
  const editable = !issue || issue.status === 'draft';
  const changed = !issue || issue.language !== language || issue.subject !== subject.trim() || issue.body !== body.trim();

  // While sending, poll the queue's progress (the poll also asks for a new worker if the old one died).
  const sending = issue?.status === 'sending' ? issue.id : null;
  useEffect(() => {
    if (!sending) return;
    const poller = accountClient(locale);
    const timer = setInterval(() => {
      poller
        .get(`/api/admin/newsletter/issues/${sending}`, { schema: NewsletterIssueSchema })
        .then(setIssue)
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [sending, locale]);

  /** Saves the draft when it changed; the saved issue, or null when the server refused it. */
  async function save(): Promise<NewsletterIssue | null> {
    if (!changed && issue) return issue;
    let saved: NewsletterIssue | null = null;
    await submit(
      async () => {
        const input = { language, subject, body };
        saved = issue
          ? await client.request('PUT', `/api/admin/newsletter/issues/${issue.id}`, { body: input, schema: NewsletterIssueSchema })
          : await client.post('/api/admin/newsletter/issues', input, { schema: NewsletterIssueSchema });
        setIssue(saved);
        setErrors({});
      },
      (result) => setErrors(result.fields),
    );
    return saved;
  }

  async function onSave(event: FormEvent) {
    event.preventDefault();
    clearFailure();
    setStatus(undefined);
    if (await save()) setStatus(texts['admin.newsletter.issues.saved']);
  }

  async function onTestMail() {
    clearFailure();
    setStatus(undefined);
    const saved = editable ? await save() : issue;
    if (!saved) return;
    await submit(async () => {
      const answer = await client.post(`/api/admin/newsletter/issues/${saved.id}/test`, undefined, { schema: NewsletterTestMailAnswerSchema });
      setStatus(fill(texts['admin.newsletter.issues.testSent'], { email: answer.to }));
    });
  }

  async function onAskToSend() {
    clearFailure();
    setStatus(undefined);
    if (await save()) setConfirming(true);
  }

  async function onSendNow() {
    if (!issue) return;
    await submit(async () => {
      setIssue(await client.post(`/api/admin/newsletter/issues/${issue.id}/send`, undefined, { schema: NewsletterIssueSchema }));
      setConfirming(false);
    });
  }

  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' });
  return (
    <section className="admin-newsletter__editor" aria-labelledby="newsletter-editor-heading">
      <h2 id="newsletter-editor-heading">{issue ? issue.subject : texts['admin.newsletter.issues.new']}</h2>
      <p>
        <button type="button" className="button button--secondary" onClick={onBack}>
          {texts['admin.newsletter.issues.back']}
        </button>
      </p>
      {issue && issue.status !== 'draft' && (
        <div className="admin-newsletter__progress" role="status">
          <p>
            {statusText(texts, issue)}
            {issue.sentAt && ` · ${fill(texts['admin.newsletter.issues.sentOn'], { date: dateFormat.format(new Date(issue.sentAt)) })}`}
          </p>
          <progress max={Math.max(issue.progress.total, 1)} value={issue.progress.done} aria-label={texts['admin.newsletter.issues.status.sending']} />
          <p>{fill(texts['admin.newsletter.issues.progress'], { done: issue.progress.done, total: issue.progress.total })}</p>
        </div>
      )}
      <form className="form admin-newsletter__form" method="post" noValidate aria-label={texts['admin.newsletter.issues.editor']} onSubmit={(event) => void onSave(event)}>
        <FormAlert message={failure} />
        <FormStatus message={status} />
        <div className="field">
          <label className="field__label" htmlFor="issue-language">
            {texts['admin.newsletter.issues.language']}
          </label>
          <select id="issue-language" className="field__input" value={language} disabled={!editable} onChange={(event) => setLanguage(event.target.value as Locale)}>
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {languageNames[l]}
              </option>
            ))}
          </select>
          {errors.language && <div className="field__error">{errors.language}</div>}
        </div>
        {editable ? (
          <Field id="issue-subject" label={texts['admin.newsletter.issues.subject']} value={subject} onChange={setSubject} required error={errors.subject} />
        ) : (
          <p lang={language}>
            <strong>{texts['admin.newsletter.issues.subject']}:</strong> {subject}
          </p>
        )}
        <div className="markdown-field__language">
          <div className="field">
            <label className="field__label" htmlFor="issue-body">
              {texts['admin.newsletter.issues.body']}
            </label>
            <textarea
              id="issue-body"
              className="field__input field__input--area markdown-field__input"
              lang={language}
              rows={14}
              value={body}
              readOnly={!editable}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={[errors.body ? 'issue-body-error' : '', 'issue-body-hint'].filter(Boolean).join(' ')}
              onChange={(event) => setBody(event.target.value)}
            />
            {errors.body && (
              <div id="issue-body-error" className="field__error">
                {errors.body}
              </div>
            )}
            <p id="issue-body-hint" className="field__hint">
              {texts['admin.newsletter.issues.bodyHint']}
            </p>
          </div>
          <Preview markdown={body} texts={texts} lang={language} />
        </div>
        <div className="admin-newsletter__actions">
          {editable && <SubmitButton label={texts['admin.newsletter.issues.save']} busy={busy} hydrated={hydrated} className="button button--secondary" />}
          <button type="button" className="button button--secondary" disabled={busy || !hydrated} onClick={() => void onTestMail()}>
            {texts['admin.newsletter.issues.testMail']}
          </button>
          {editable && !confirming && (
            <button type="button" className="button button--primary" disabled={busy || !hydrated} onClick={() => void onAskToSend()}>
              {texts['admin.newsletter.issues.send']}
            </button>
          )}
        </div>
        {editable && confirming && issue && (
          <div className="admin-newsletter__confirm" role="alertdialog" aria-labelledby="issue-confirm-question">
            <p id="issue-confirm-question">{fill(texts['admin.newsletter.issues.confirmSend'], { subject: issue.subject, language: languageNames[issue.language] })}</p>
            <p>{fill(texts['admin.newsletter.issues.recipients'], { count: new Intl.NumberFormat(locale).format(confirmedByLanguage[issue.language]) })}</p>
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void onSendNow()}>
              {texts['admin.newsletter.issues.sendNow']}
            </button>{' '}
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              {texts['admin.newsletter.issues.cancel']}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
