/**
 * /{locale}/admin/users (issue 13 point 5; spec §2 admin routes, §6 roles): search users by name or
 * e-mail, a page of 20 at a time; change a role among the four after a confirmation (it holds from
 * the user's next request); delete an account after a confirmation; the last super user's refusal is
 * the server's 409 message. Taking away one's own super-user role, or deleting one's own account,
 * says in the confirmation what follows (issue 27 point 3: no more admin pages, or no account). A user's reviews can be hidden (with a reason), shown again or removed
 * (with a reason). Every call goes to /api/admin/* (super users only, checked there).
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ROLES, type Role } from '../../../domain/enums.ts';
import { AdminUserPageSchema, AdminUserSchema, type AdminUser, type AdminUserPage } from '../../../domain/schemas/admin-users.ts';
import { ModeratedReviewSchema, UserReviewsSchema, type ModeratedReview, type UserReviews } from '../../../domain/schemas/moderation.ts';
import { LoadFailed, OutcomeMessage } from '../../account/fields.tsx';
import { LoadingSpinner } from '../../LoadingSpinner.tsx';
import { FAILURE_TEXT_KEYS, accountClient, describeFailure } from '../../account/form-support.ts';
import { fill, type Texts } from '../../account/texts.ts';
import ConfirmDialog from './ConfirmDialog.tsx';
import AdminGate, { GATE_TEXT_KEYS, useSession } from '../AdminGate.tsx';
import { sessionUser } from '../../stores/session.ts';

export const ADMIN_USERS_TEXT_KEYS = [
  ...GATE_TEXT_KEYS,
  ...FAILURE_TEXT_KEYS,
  'admin.cancel',
  'admin.retry',
  'admin.page.loadFailed',
  'admin.users.searchLabel',
  'admin.users.searchButton',
  'admin.users.results',
  'admin.users.none',
  'admin.users.colName',
  'admin.users.colEmail',
  'admin.users.colRole',
  'admin.users.colRegistered',
  'admin.users.colActions',
  'admin.users.roleOf',
  'admin.users.changeRole',
  'admin.users.roleConfirmTitle',
  'admin.users.roleConfirm',
  'admin.users.roleChanged',
  'admin.users.selfDemoteWarning',
  'admin.users.selfDeleteWarning',
  'admin.users.delete',
  'admin.users.deleteConfirmTitle',
  'admin.users.deleteConfirm',
  'admin.users.deleted',
  'admin.users.showReviews',
  'admin.users.pagination',
  'admin.users.previous',
  'admin.users.next',
  'admin.users.pageOf',
  'admin.role.normalUser',
  'admin.role.powerUser',
  'admin.role.goldenUser',
  'admin.role.superUser',
  'admin.reviews.title',
  'admin.reviews.none',
  'admin.reviews.stars',
  'admin.reviews.book',
  'admin.reviews.author',
  'admin.reviews.hiddenBecause',
  'admin.reviews.hide',
  'admin.reviews.unhide',
  'admin.reviews.remove',
  'admin.reviews.reason',
  'admin.reviews.hideTitle',
  'admin.reviews.removeTitle',
  'admin.reviews.hidden',
  'admin.reviews.shown',
  'admin.reviews.removed',
  'validation.moderation.reason',
] as const;
export type AdminUsersTexts = Texts<(typeof ADMIN_USERS_TEXT_KEYS)[number]>;

const ROLE_KEY = {
  NORMAL_USER: 'admin.role.normalUser',
  POWER_USER: 'admin.role.powerUser',
  GOLDEN_USER: 'admin.role.goldenUser',
  SUPER_USER: 'admin.role.superUser',
} as const satisfies Record<Role, string>;

export interface AdminUsersPageProps {
  locale: string;
  texts: AdminUsersTexts;
  /** /{locale}/login, /{locale}/books, /{locale}/authors */
  paths: { login: string; books: string; authors: string };
}

type Outcome = { text: string; failed: boolean } | null;
type Pending =
  | { kind: 'role'; user: AdminUser; role: Role }
  | { kind: 'delete'; user: AdminUser }
  | { kind: 'hide' | 'remove'; review: ModeratedReview };

/** A row button's accessible name: its visible label first (WCAG 2.5.3), then whose row it is. */
const named = (label: string, user: AdminUser) => `${label}: ${user.displayName}`;

export default function AdminUsersPage(props: AdminUsersPageProps) {
  return (
    <AdminGate texts={props.texts} loginPath={props.paths.login}>
      {() => <UsersAdmin {...props} />}
    </AdminGate>
  );
}

function UsersAdmin({ locale, texts, paths }: AdminUsersPageProps) {
  const [client] = useState(() => accountClient(locale));
  const me = sessionUser(useSession());
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState({ q: '', page: 1 });
  const [page, setPage] = useState<AdminUserPage | 'loading' | 'failed'>('loading');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The role picked in a row's select, until its button asks for confirmation. */
  const [chosen, setChosen] = useState<Readonly<Record<string, Role>>>({});
  const [reviewsOf, setReviewsOf] = useState<AdminUser | null>(null);
  const [reviews, setReviews] = useState<UserReviews | 'loading' | 'failed' | null>(null);
  const searchId = useId();
  const reasonId = useId();
  const failure = (error: unknown) => describeFailure(error, texts as unknown as Record<string, string> & typeof texts);
  const roleName = (role: Role) => texts[ROLE_KEY[role]];

  // A newer load cancels the one in flight: an older answer arriving last (the whole list after a
  // search, another user's reviews) must not replace the newer one.
  const pageRequest = useRef<AbortController | null>(null);
  const reviewsRequest = useRef<AbortController | null>(null);
  const next = (request: { current: AbortController | null }) => {
    request.current?.abort();
    return (request.current = new AbortController());
  };

  const load = useCallback(() => {
    const { signal } = next(pageRequest);
    setPage('loading');
    const params = new URLSearchParams({ page: String(search.page) });
    if (search.q) params.set('q', search.q);
    client
      .get(`/api/admin/users?${params}`, { schema: AdminUserPageSchema, signal })
      .then((answer) => signal.aborted || setPage(answer))
      .catch(() => signal.aborted || setPage('failed'));
  }, [client, search]);
  useEffect(load, [load]);

  const loadReviews = useCallback(
    (user: AdminUser) => {
      const { signal } = next(reviewsRequest);
      setReviewsOf(user);
      setReviews('loading');
      client
        .get(`/api/admin/users/${user.id}/reviews`, { schema: UserReviewsSchema, signal })
        .then((answer) => signal.aborted || setReviews(answer))
        .catch(() => signal.aborted || setReviews('failed'));
    },
    [client],
  );

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch({ q: query.trim(), page: 1 });
  };

  const close = () => {
    setPending(null);
    setReason('');
    setReasonError(null);
  };

  async function confirm() {
    if (!pending) return;
    if ((pending.kind === 'hide' || pending.kind === 'remove') && !reason.trim()) {
      setReasonError(texts['validation.moderation.reason']);
      return;
    }
    setBusy(true);
    try {
      if (pending.kind === 'role') {
        const saved = await client.patch(`/api/admin/users/${pending.user.id}`, { role: pending.role }, { schema: AdminUserSchema });
        setPage((current) => (typeof current === 'object' ? { ...current, items: current.items.map((u) => (u.id === saved.id ? saved : u)) } : current));
        setChosen(({ [saved.id]: _, ...rest }) => rest);
        setOutcome({ text: fill(texts['admin.users.roleChanged'], { name: saved.displayName, role: roleName(saved.role) }), failed: false });
      } else if (pending.kind === 'delete') {
        await client.delete(`/api/admin/users/${pending.user.id}`);
        if (reviewsOf?.id === pending.user.id) setReviewsOf(null);
        setOutcome({ text: fill(texts['admin.users.deleted'], { name: pending.user.displayName }), failed: false });
        load();
      } else {
        const path = `/api/admin/reviews/${pending.review.kind}/${pending.review.id}`;
        if (pending.kind === 'hide') {
          const saved = await client.post(`${path}/hide`, { reason: reason.trim() }, { schema: ModeratedReviewSchema });
          setReviews((current) => (typeof current === 'object' && current ? { ...current, items: current.items.map((r) => (r.kind === saved.kind && r.id === saved.id ? saved : r)) } : current));
          setOutcome({ text: texts['admin.reviews.hidden'], failed: false });
        } else {
          await client.request('DELETE', path, { body: { reason: reason.trim() } });
          setReviews((current) =>
            typeof current === 'object' && current ? { items: current.items.filter((r) => !(r.kind === pending.review.kind && r.id === pending.review.id)), total: current.total - 1 } : current,
          );
          setOutcome({ text: texts['admin.reviews.removed'], failed: false });
        }
      }
      close();
    } catch (error) {
      const described = failure(error);
      if (pending.kind === 'hide' || pending.kind === 'remove') {
        const field = described.fields.reason;
        if (field) {
          setReasonError(field);
          return;
        }
      }
      setOutcome({ text: described.message, failed: true });
      close();
    } finally {
      setBusy(false);
    }
  }

  async function unhide(review: ModeratedReview) {
    try {
      const saved = await client.post(`/api/admin/reviews/${review.kind}/${review.id}/unhide`, undefined, { schema: ModeratedReviewSchema });
      setReviews((current) => (typeof current === 'object' && current ? { ...current, items: current.items.map((r) => (r.kind === saved.kind && r.id === saved.id ? saved : r)) } : current));
      setOutcome({ text: texts['admin.reviews.shown'], failed: false });
    } catch (error) {
      setOutcome({ text: failure(error).message, failed: true });
    }
  }

  /** What the confirmation warns of when the super user acts on their own account. */
  const selfWarning =
    pending?.kind === 'role' && pending.user.id === me?.id && pending.role !== 'SUPER_USER'
      ? texts['admin.users.selfDemoteWarning']
      : pending?.kind === 'delete' && pending.user.id === me?.id
        ? texts['admin.users.selfDeleteWarning']
        : null;

  const pages = typeof page === 'object' ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const dialogTitle =
    pending?.kind === 'role'
      ? fill(texts['admin.users.roleConfirmTitle'], { name: pending.user.displayName, from: roleName(pending.user.role), to: roleName(pending.role) })
      : pending?.kind === 'delete'
        ? fill(texts['admin.users.deleteConfirmTitle'], { name: pending.user.displayName })
        : pending?.kind === 'hide'
          ? texts['admin.reviews.hideTitle']
          : texts['admin.reviews.removeTitle'];

  return (
    <div className="admin-page">
      <form className="admin-search" role="search" aria-label={texts['admin.users.searchLabel']} onSubmit={onSearch}>
        <label htmlFor={searchId} className="field__label">
          {texts['admin.users.searchLabel']}
        </label>
        <div className="admin-search__row">
          <input id={searchId} className="field__input" type="search" value={query} maxLength={200} onChange={(e) => setQuery(e.target.value)} />
          <button type="submit" className="button button--primary">
            {texts['admin.users.searchButton']}
          </button>
        </div>
      </form>

      <OutcomeMessage outcome={outcome} />

      {page === 'loading' && <LoadingSpinner label={texts['common.loading']} />}
      {page === 'failed' && <LoadFailed message={texts['admin.page.loadFailed']} retryLabel={texts['admin.retry']} onRetry={load} />}
      {typeof page === 'object' && (
        <section aria-labelledby={`${searchId}-results`}>
          <h2 id={`${searchId}-results`} className="admin-page__subtitle">
            {fill(texts['admin.users.results'], { count: page.total })}
          </h2>
          {page.items.length === 0 ? (
            <p>{texts['admin.users.none']}</p>
          ) : (
            <div className="data-table__scroll">
              <table className="data-table admin-table">
                <thead>
                  <tr>
                    <th scope="col">{texts['admin.users.colName']}</th>
                    <th scope="col">{texts['admin.users.colEmail']}</th>
                    <th scope="col">{texts['admin.users.colRole']}</th>
                    <th scope="col">{texts['admin.users.colRegistered']}</th>
                    <th scope="col">{texts['admin.users.colActions']}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((user) => (
                    <tr key={user.id}>
                      <th scope="row">{user.displayName}</th>
                      <td>{user.email}</td>
                      <td>
                        <div className="admin-table__role">
                          <select
                            className="field__input admin-table__select"
                            aria-label={fill(texts['admin.users.roleOf'], { name: user.displayName })}
                            value={chosen[user.id] ?? user.role}
                            onChange={(e) => setChosen((c) => ({ ...c, [user.id]: e.target.value as Role }))}
                          >
                            {ROLES.map((role) => (
                              <option key={role} value={role}>
                                {roleName(role)}
                              </option>
                            ))}
                          </select>
                          <button
                            type="button"
                            className="button button--secondary"
                            aria-label={named(texts['admin.users.changeRole'], user)}
                            disabled={(chosen[user.id] ?? user.role) === user.role}
                            onClick={() => setPending({ kind: 'role', user, role: chosen[user.id]! })}
                          >
                            {texts['admin.users.changeRole']}
                          </button>
                        </div>
                      </td>
                      <td>{new Date(user.registeredAt).toLocaleDateString(locale)}</td>
                      <td className="admin-table__actions">
                        <button type="button" className="button button--secondary" aria-label={named(texts['admin.users.showReviews'], user)} onClick={() => loadReviews(user)}>
                          {texts['admin.users.showReviews']}
                        </button>
                        <button type="button" className="button button--danger" aria-label={named(texts['admin.users.delete'], user)} onClick={() => setPending({ kind: 'delete', user })}>
                          {texts['admin.users.delete']}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pages > 1 && (
            <nav className="admin-pagination" aria-label={texts['admin.users.pagination']}>
              <button type="button" className="button button--secondary" disabled={search.page <= 1} onClick={() => setSearch((s) => ({ ...s, page: s.page - 1 }))}>
                {texts['admin.users.previous']}
              </button>
              <span>{fill(texts['admin.users.pageOf'], { page: search.page, pages })}</span>
              <button type="button" className="button button--secondary" disabled={search.page >= pages} onClick={() => setSearch((s) => ({ ...s, page: s.page + 1 }))}>
                {texts['admin.users.next']}
              </button>
            </nav>
          )}
        </section>
      )}

      {reviewsOf && (
        <section className="admin-reviews" aria-labelledby={`${searchId}-reviews`}>
          <h2 id={`${searchId}-reviews`} className="admin-page__subtitle">
            {fill(texts['admin.reviews.title'], { name: reviewsOf.displayName })}
          </h2>
          {reviews === 'loading' && <LoadingSpinner label={texts['common.loading']} />}
          {reviews === 'failed' && <LoadFailed message={texts['admin.page.loadFailed']} retryLabel={texts['admin.retry']} onRetry={() => loadReviews(reviewsOf)} />}
          {typeof reviews === 'object' && reviews && (reviews.items.length === 0 ? <p>{texts['admin.reviews.none']}</p> : (
            <ul className="admin-reviews__list">
              {reviews.items.map((review) => (
                <li key={`${review.kind}-${review.id}`} className="admin-review" data-hidden={review.hidden ? 'true' : undefined}>
                  <p className="admin-review__target">
                    {texts[review.kind === 'book' ? 'admin.reviews.book' : 'admin.reviews.author']}{' '}
                    <a href={`${review.kind === 'book' ? paths.books : paths.authors}/${review.target.slug}`}>{review.target.title}</a>
                    {' · '}
                    {fill(texts['admin.reviews.stars'], { rating: review.rating })}
                  </p>
                  <p className="admin-review__text">{review.review}</p>
                  {review.hidden && <p className="admin-review__hidden">{fill(texts['admin.reviews.hiddenBecause'], { reason: review.hidden.reason })}</p>}
                  <div className="admin-review__actions">
                    {review.hidden ? (
                      <button type="button" className="button button--secondary" onClick={() => void unhide(review)}>
                        {texts['admin.reviews.unhide']}
                      </button>
                    ) : (
                      <button type="button" className="button button--secondary" onClick={() => setPending({ kind: 'hide', review })}>
                        {texts['admin.reviews.hide']}
                      </button>
                    )}
                    <button type="button" className="button button--danger" onClick={() => setPending({ kind: 'remove', review })}>
                      {texts['admin.reviews.remove']}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          ))}
        </section>
      )}

      <ConfirmDialog
        open={pending !== null}
        title={dialogTitle}
        confirmLabel={
          pending?.kind === 'role'
            ? texts['admin.users.roleConfirm']
            : pending?.kind === 'delete'
              ? texts['admin.users.deleteConfirm']
              : pending?.kind === 'hide'
                ? texts['admin.reviews.hide']
                : texts['admin.reviews.remove']
        }
        cancelLabel={texts['admin.cancel']}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={close}
      >
        {selfWarning && (
          <p className="form-alert form-alert--error" role="alert">
            {selfWarning}
          </p>
        )}
        {(pending?.kind === 'hide' || pending?.kind === 'remove') && (
          <div className="field">
            <label className="field__label" htmlFor={reasonId}>
              {texts['admin.reviews.reason']}
            </label>
            <textarea
              id={reasonId}
              className="field__input field__input--area"
              value={reason}
              maxLength={500}
              required
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${reasonId}-error` : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
            {reasonError && (
              <div id={`${reasonId}-error`} className="field__error">
                {reasonError}
              </div>
            )}
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
