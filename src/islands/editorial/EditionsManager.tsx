/**
 * The editions manager (spec §2 "Editions manager", §4, §5, §8; issue 13 point 2): a book's editions
 * for super users, standalone so that both the book pop-up (EditionsManagerDialog) and a book edit
 * page can mount it with a book id and its texts.
 *
 * - List view: 'Neue Edition' and (where the host can close it) a close button; a card per edition
 *   with title, type badge, 'Hauptausgabe' badge, description, year, publisher, pages, language,
 *   binding, price and ISBN; 'make main edition' (non-primary, after the spec's confirmation), edit, and
 *   delete (non-primary, after the spec's confirmation; disabled while its delete runs). Empty:
 *   'Noch keine Editionen vorhanden.' with the hint.
 * - Form view: EditionForm.tsx.
 * - Failures show as an alert 'Fehler: ' plus the message (spec §8); successes in a polite live region.
 * Everything editors typed is rendered as text.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { editionPrice } from '../../domain/edition-format.ts';
import { EDITION_TYPE_KEYS, BINDING_KEYS } from '../../domain/edition-labels.ts';
import { canDeleteEdition } from '../../domain/editorial/edition-rules.ts';
import { maxEditionYear, type Edition } from '../../domain/schemas/edition.ts';
import { fill } from '../account/texts.ts';
import EditionForm from './EditionForm.tsx';
import ConflictPanel from './ConflictPanel.tsx';
import { editionPayload, editionValues } from '../../domain/editorial/edition-form.ts';
import { fieldConflicts } from '../../domain/editorial/versions.ts';

/** The fields of a stale edition save: what the editor sent against the edition as loaded and as stored now. */
const editionConflicts = (loaded: Edition, mine: Record<string, unknown>, stored: Edition) =>
  fieldConflicts(editionPayload(editionValues(loaded)), mine, editionPayload(editionValues(stored)));
import { createEditionsManager, type EditionsManager as ManagerStore, type EditionsManagerState, type ManagerClient } from './stores/editions-manager.ts';
import type { EditionsManagerTexts } from './texts.ts';
import { LoadingSpinner } from '../LoadingSpinner.tsx';

export interface EditionsManagerProps {
  bookId: number;
  locale: string;
  texts: EditionsManagerTexts;
  /** The book's title, shown under the heading. */
  bookTitle?: string;
  /** Shows the close button (the pop-up's dialog closes itself). */
  onClose?: () => void;
  /** After every change the server accepted (the pop-up reloads its editions). */
  onChanged?: () => void;
  /** Asks before promoting or deleting; the browser's confirm() unless given. */
  confirm?: (message: string) => boolean;
  /** Tests and other hosts: the API client. */
  client?: ManagerClient;
}

export default function EditionsManager({ bookId, locale, texts, bookTitle, onClose, onChanged, confirm, client }: EditionsManagerProps) {
  const changedRef = useRef(onChanged);
  changedRef.current = onChanged;
  const [store] = useState(() => createEditionsManager({ bookId, locale, texts, client, onChanged: () => changedRef.current?.() }));
  const state = useStore(store.$state);
  useEffect(() => void store.load(), [store]);
  return (
    <EditionsManagerView
      state={state}
      store={store}
      texts={texts}
      locale={locale}
      bookTitle={bookTitle}
      onClose={onClose}
      confirm={confirm ?? ((message) => window.confirm(message))}
      maxYear={maxEditionYear(new Date())}
    />
  );
}

export interface EditionsManagerViewProps {
  state: EditionsManagerState;
  store: Pick<ManagerStore, 'load' | 'openCreate' | 'openEdit' | 'backToList' | 'save' | 'promote' | 'remove' | 'overwrite' | 'reloadConflict'>;
  texts: EditionsManagerTexts;
  /** The page language (the cover upload's messages). */
  locale: string;
  bookTitle?: string;
  onClose?: () => void;
  confirm: (message: string) => boolean;
  maxYear: number;
}

/** The manager for a given state (the states are unit-tested through this). */
export function EditionsManagerView({ state, store, texts, locale, bookTitle, onClose, confirm, maxYear }: EditionsManagerViewProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const { view } = state;

  // A new view takes the keyboard to its heading (not on mount: the host decides where focus starts).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [view.kind]);

  const conflict = state.conflict;
  const alert = conflict ? (
    <ConflictPanel
      conflicts={editionConflicts(state.editions.find((e) => e.id === conflict.editionId) ?? conflict.current, conflict.mine, conflict.current)}
      labelOf={(c) => (texts as Readonly<Record<string, string>>)[`editorial.editions.form.${c.field}`] ?? c.field}
      t={(key) => (texts as Readonly<Record<string, string>>)[key] ?? key}
      busy={state.saving}
      onReload={store.reloadConflict}
      onOverwrite={() => void store.overwrite()}
    />
  ) : state.error ? (
    <p role="alert" className="editions-manager__error">
      {fill(texts['editorial.editions.error'], { message: state.error })}
    </p>
  ) : null;

  return (
    <section className="editions-manager" aria-labelledby={headingId}>
      {view.kind === 'list' ? (
        <>
          <header className="editions-manager__header">
            <div>
              <h2 id={headingId} ref={headingRef} tabIndex={-1} className="editions-manager__title">
                {texts['editorial.editions.title']}
              </h2>
              {bookTitle && <p className="editions-manager__book">{bookTitle}</p>}
            </div>
            <div className="editions-manager__toolbar">
              <button type="button" className="button button--primary" onClick={store.openCreate} disabled={state.status !== 'loaded'}>
                {texts['editorial.editions.new']}
              </button>
              {onClose && (
                <button type="button" className="button button--secondary" onClick={onClose}>
                  {texts['editorial.editions.close']}
                </button>
              )}
            </div>
          </header>
          {alert}
          <ListBody state={state} store={store} texts={texts} locale={locale} confirm={confirm} />
        </>
      ) : (
        <EditionForm
          mode={view.kind}
          edition={view.kind === 'edit' ? (state.editions.find((e) => e.id === view.editionId) ?? null) : null}
          editions={state.editions}
          texts={texts}
          locale={locale}
          maxYear={maxYear}
          saving={state.saving}
          serverErrors={state.fieldErrors}
          onSubmit={(payload) => void store.save(payload)}
          onCancel={store.backToList}
          headingId={headingId}
          headingRef={headingRef}
          alert={alert}
        />
      )}
      <p className="visually-hidden" role="status">
        {state.notice}
      </p>
    </section>
  );
}

function ListBody({ state, store, texts, locale, confirm }: Pick<EditionsManagerViewProps, 'state' | 'store' | 'texts' | 'locale' | 'confirm'>) {
  if (state.status === 'loading') {
    return (
      <LoadingSpinner className="editions-manager__state" label={texts['editorial.editions.loading']} />
    );
  }
  if (state.status === 'error') {
    return (
      <div className="editions-manager__state" role="alert">
        <p>{texts['editorial.editions.loadFailed']}</p>
        <button type="button" className="button button--secondary" onClick={() => void store.load()}>
          {texts['editorial.editions.retry']}
        </button>
      </div>
    );
  }
  if (state.editions.length === 0) {
    return (
      <div className="editions-manager__empty">
        <p>{texts['editorial.editions.empty']}</p>
        <p className="muted">{texts['editorial.editions.emptyHint']}</p>
      </div>
    );
  }
  return (
    <ul className="editions-manager__list" role="list" aria-label={texts['editorial.editions.list']}>
      {state.editions.map((edition) => (
        <li key={edition.id}>
          <EditionCard
            edition={edition}
            texts={texts}
            locale={locale}
            deleting={state.deleting.includes(edition.id)}
            promoting={state.promoting !== null}
            onPromote={() => {
              if (confirm(texts['editorial.editions.confirmPrimary'])) void store.promote(edition.id);
            }}
            onEdit={() => store.openEdit(edition.id)}
            onDelete={() => {
              if (confirm(texts['editorial.editions.confirmDelete'])) void store.remove(edition.id);
            }}
          />
        </li>
      ))}
    </ul>
  );
}

interface EditionCardProps {
  edition: Edition;
  texts: EditionsManagerTexts;
  /** The page language: the price's format (issue 29 point 25). */
  locale: string;
  deleting: boolean;
  promoting: boolean;
  onPromote: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function EditionCard({ edition, texts, locale, deleting, promoting, onPromote, onEdit, onDelete }: EditionCardProps) {
  const titleId = useId();
  const deletable = canDeleteEdition(edition);
  const facts: [string, string][] = [];
  if (edition.publicationYear !== null) facts.push([texts['book.editions.year'], String(edition.publicationYear)]);
  if (edition.publisher) facts.push([texts['book.editions.publisher'], edition.publisher]);
  if (edition.pages !== null) facts.push([texts['book.editions.pages'], String(edition.pages)]);
  facts.push([texts['book.editions.language'], edition.languageName.trim() ? `${edition.languageName} (${edition.languageCode})` : texts['book.editions.unknownLanguage']]);
  facts.push([texts['book.editions.binding'], edition.bindingType ? texts[BINDING_KEYS[edition.bindingType]] : texts['editorial.editions.form.bindingUnknown']]);
  const price = editionPrice(edition, locale);
  if (price !== null) facts.push([texts['book.editions.price'], price]);
  if (edition.isbn) facts.push([texts['book.editions.isbn'], edition.isbn]);

  return (
    <article className="edition-card" aria-labelledby={titleId}>
      <header className="edition-card__header">
        <h3 id={titleId} className="edition-card__title">
          {edition.title}
        </h3>
        <span className="detail-badge">{texts[EDITION_TYPE_KEYS[edition.editionType]]}</span>
        {edition.isPrimaryEdition && <span className="detail-badge detail-badge--winner">{texts['book.editions.primary']}</span>}
      </header>
      {edition.description && <p className="edition-card__description">{edition.description}</p>}
      <dl className="edition-card__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="edition-card__actions">
        {!edition.isPrimaryEdition && (
          <button type="button" className="button button--secondary" onClick={onPromote} disabled={promoting}>
            {texts['editorial.editions.makePrimary']}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onEdit}>
          {texts['editorial.editions.edit']}
        </button>
        {deletable && (
          <button type="button" className="button button--danger" onClick={onDelete} disabled={deleting} aria-busy={deleting || undefined}>
            {texts['editorial.editions.delete']}
          </button>
        )}
      </div>
    </article>
  );
}
