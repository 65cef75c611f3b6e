/**
 * The profile's reviews tab (issue 12, point 9; spec §2 "/profile?tab=reviews"): the reader's own
 * ratings and reviews of books and of authors, the latest change first (GET /api/profile/reviews),
 * each editable in place (PUT /api/books/{id}/ratings or /api/authors/{id}/reviews: stars and text
 * in one) and deletable (DELETE, after a confirmation).
 * Review text is shown as typed: React escapes it, CSS keeps its line breaks. A review a super user
 * hid by moderation (issue 13 point 5) stays in this list, marked as hidden, so its writer knows no
 * one else reads it; the moderator's reason is for the editors only and is not shown.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { RATING_MAX, RATING_MIN } from '../../../domain/rating.ts';
import { OwnReviewPageSchema, type OwnReview } from '../../../domain/schemas/reading-stats.ts';
import { RatingResultSchema, REVIEW_MAX_LENGTH } from '../../../domain/schemas/reader.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { LoadFailed, OutcomeMessage } from '../../account/fields.tsx';
import { LoadingSpinner } from '../../LoadingSpinner.tsx';
import { fill } from '../../account/texts.ts';
import RatingStars from '../RatingStars.tsx';

export const REVIEWS_TEXT_KEYS = [
  'account.profile.reviews.empty',
  'account.profile.reviews.hint',
  'account.profile.reviews.stars',
  'account.profile.reviews.noText',
  'account.profile.reviews.edit',
  'account.profile.reviews.editLabel',
  'account.profile.reviews.delete',
  'account.profile.reviews.deleteLabel',
  'account.profile.reviews.deleteConfirm',
  'account.profile.reviews.deleted',
  'account.profile.reviews.deleteFailed',
  'account.profile.reviews.ratingLabel',
  'account.profile.reviews.textLabel',
  'account.profile.reviews.count',
  'account.profile.reviews.save',
  'account.profile.reviews.cancel',
  'account.profile.reviews.saved',
  'account.profile.reviews.saveFailed',
  'account.profile.reviews.updated',
  'account.profile.reviews.more',
  'account.profile.reviews.loadFailed',
  'account.profile.reviews.hidden',
  'account.profile.reviews.hiddenNote',
  'account.profile.browseBooks',
  'account.profile.retry',
  'common.loading',
] as const;
export type ReviewsTexts = Readonly<Record<(typeof REVIEWS_TEXT_KEYS)[number], string>>;

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; items: OwnReview[]; total: number; page: number };

/** One review's key: a book and an author may share an id. */
const keyOf = (item: OwnReview) => `${item.target}:${item.id}`;
/** Where a review is written and removed (the same endpoints as on the book and author pages). */
const writePath = (item: OwnReview) => (item.target === 'book' ? `/api/books/${item.id}/ratings` : `/api/authors/${item.id}/reviews`);
/** Where its reviews are read: the book page's reviews tab, the author page's reviews section. */
const pagePath = (locale: string, item: OwnReview) => (item.target === 'book' ? `/${locale}/books/${item.slug}?tab=reviews` : `/${locale}/authors/${item.slug}#reviews-title`);

export default function ReviewsTab({ client, locale, texts, links }: { client: ApiClient; locale: string; texts: ReviewsTexts; links: { books: string } }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });

  function fetchPage(page: number, keep: OwnReview[] = []) {
    if (!keep.length) setLoad({ state: 'loading' });
    client.get(`/api/profile/reviews?page=${page}`, { schema: OwnReviewPageSchema }).then(
      (answer) => setLoad({ state: 'ready', items: [...keep, ...answer.items.filter((item) => !keep.some((k) => keyOf(k) === keyOf(item)))], total: answer.total, page: answer.page }),
      () => setLoad({ state: 'failed' }),
    );
  }
  useEffect(() => fetchPage(1), []);

  async function remove(item: OwnReview) {
    if (!window.confirm(fill(texts['account.profile.reviews.deleteConfirm'], { title: item.title }))) return;
    setMessage(null);
    try {
      await client.delete(writePath(item));
      setMessage({ text: fill(texts['account.profile.reviews.deleted'], { title: item.title }), failed: false });
      if (load.state === 'ready') setLoad({ ...load, items: load.items.filter((r) => keyOf(r) !== keyOf(item)), total: load.total - 1 });
    } catch {
      setMessage({ text: texts['account.profile.reviews.deleteFailed'], failed: true });
    }
  }

  function saved(item: OwnReview) {
    setEditing(null);
    setMessage({ text: fill(texts['account.profile.reviews.saved'], { title: item.title }), failed: false });
    if (load.state === 'ready') setLoad({ ...load, items: [item, ...load.items.filter((r) => keyOf(r) !== keyOf(item))] });
  }

  if (load.state === 'loading') return <LoadingSpinner label={texts['common.loading']} />;
  if (load.state === 'failed') return <LoadFailed message={texts['account.profile.reviews.loadFailed']} retryLabel={texts['account.profile.retry']} onRetry={() => fetchPage(1)} />;
  return (
    <div className="reviews-tab">
      <OutcomeMessage outcome={message} />
      {load.items.length === 0 ? (
        <div className="empty-state">
          <h2 className="empty-state__title">{texts['account.profile.reviews.empty']}</h2>
          <p className="muted">{texts['account.profile.reviews.hint']}</p>
          <a className="button button--secondary" href={links.books}>
            {texts['account.profile.browseBooks']}
          </a>
        </div>
      ) : (
        <>
          <ul role="list" className="reviews-tab__list">
            {load.items.map((item) => (
              <li key={keyOf(item)} className="reviews-tab__entry">
                <h2 className="reviews-tab__title">
                  <a href={pagePath(locale, item)}>{item.title}</a>
                  {item.hiddenAt && <span className="reviews-tab__badge">{texts['account.profile.reviews.hidden']}</span>}
                </h2>
                {item.hiddenAt && <p className="reviews-tab__hidden">{fill(texts['account.profile.reviews.hiddenNote'], { date: date.format(new Date(item.hiddenAt)) })}</p>}
                {editing === keyOf(item) ? (
                  <ReviewForm client={client} item={item} texts={texts} onSaved={saved} onCancel={() => setEditing(null)} />
                ) : (
                  <>
                    <p className="reviews-tab__stars">
                      <RatingStars mode="display" size="small" value={item.rating} label={fill(texts['account.profile.reviews.stars'], { count: item.rating })} />
                      <span className="muted"> · {fill(texts['account.profile.reviews.updated'], { date: date.format(new Date(item.updatedAt)) })}</span>
                    </p>
                    {item.review ? <p className="reviews-tab__text">{item.review}</p> : <p className="muted">{texts['account.profile.reviews.noText']}</p>}
                    <div className="reviews-tab__actions">
                      <button type="button" className="button button--secondary" aria-label={fill(texts['account.profile.reviews.editLabel'], { title: item.title })} onClick={() => setEditing(keyOf(item))}>
                        {texts['account.profile.reviews.edit']}
                      </button>
                      <button type="button" className="button button--secondary" aria-label={fill(texts['account.profile.reviews.deleteLabel'], { title: item.title })} onClick={() => void remove(item)}>
                        {texts['account.profile.reviews.delete']}
                      </button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
          {load.items.length < load.total && (
            <button type="button" className="button button--secondary" onClick={() => fetchPage(load.page + 1, load.items)}>
              {texts['account.profile.reviews.more']}
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** Stars (the one RatingStars input: whole stars only, spec §5) and the text, saved together. */
function ReviewForm({ client, item, texts, onSaved, onCancel }: { client: ApiClient; item: OwnReview; texts: ReviewsTexts; onSaved: (item: OwnReview) => void; onCancel: () => void }) {
  const id = useId();
  const [rating, setRating] = useState(item.rating);
  const [review, setReview] = useState(item.review ?? '');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const length = [...review].length;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || length > REVIEW_MAX_LENGTH) return;
    setBusy(true);
    setFailed(false);
    try {
      const text = review.trim() === '' ? null : review;
      const { own } = await client.request('PUT', writePath(item), { body: { rating, review: text }, schema: RatingResultSchema });
      onSaved({ ...item, rating: own?.rating ?? rating, review: own ? own.review : text, updatedAt: own?.updatedAt ?? item.updatedAt });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form form--wide" noValidate onSubmit={onSubmit}>
      {failed && (
        <p role="alert" className="form-alert form-alert--error">
          {texts['account.profile.reviews.saveFailed']}
        </p>
      )}
      <RatingStars
        mode="input"
        value={rating}
        label={texts['account.profile.reviews.ratingLabel']}
        choiceLabels={Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => fill(texts['account.profile.reviews.stars'], { count: RATING_MIN + i }))}
        onChange={setRating}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-text`}>
          {texts['account.profile.reviews.textLabel']}
        </label>
        <textarea id={`${id}-text`} className="field__input field__input--area" rows={6} value={review} aria-describedby={`${id}-count`} onChange={(event) => setReview(event.target.value)} />
        <p id={`${id}-count`} className={length > REVIEW_MAX_LENGTH ? 'field__count field__count--over' : 'field__count'}>
          {fill(texts['account.profile.reviews.count'], { used: length, max: REVIEW_MAX_LENGTH })}
        </p>
      </div>
      <div className="reviews-tab__actions">
        <button type="submit" className="button button--primary" disabled={busy || length > REVIEW_MAX_LENGTH}>
          {texts['account.profile.reviews.save']}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {texts['account.profile.reviews.cancel']}
        </button>
      </div>
    </form>
  );
}
