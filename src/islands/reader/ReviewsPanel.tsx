/**
 * Reviews of a book (its page's ?tab=reviews) or an author (their page), issue 12 point 6: the live
 * average with its count, the reviews page by page (newest first), and for a signed-in reader their
 * own rating and review to write, edit and delete (PUT/DELETE; rating 1-5 required, text optional up
 * to 5,000 characters with a counter). Text is rendered as typed and escaped (ReviewList).
 *
 * Hydration (issue 11 budgets): on intent, at once for a deep link (?tab=reviews: client:intent
 * "query"), and when the tab is shown (Tabs.astro dispatches the intent event). The static HTML is
 * the build-time average and a 'Show reviews' button; once hydrated the first page loads by itself.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { REVIEW_MAX_LENGTH } from '../../domain/schemas/reader.ts';
import { useSessionLoading, useSessionUser } from '../account/use-session.ts';
import { fill, formatCount, plural } from '../cards/format.ts';
import AverageRating from './AverageRating.tsx';
import RatingStars from './RatingStars.tsx';
import ReviewList from './ReviewList.tsx';
import SignInPrompt from './SignInPrompt.tsx';
import { bookReaderFor, type BookReaderState } from './stores/book-reader.ts';
import { knownSignedOut } from './stores/reader-support.ts';
import { createReviews, type OwnReview, type ReviewsState, type ReviewSubjectKind } from './stores/reviews.ts';
import type { ReaderPlurals, ReviewsPanelTexts } from './texts.ts';
import { ensureToaster } from './toaster-root.ts';
import { useHydratedStore } from './use-hydrated-store.ts';

export interface ReviewsPanelProps {
  locale: string;
  kind: ReviewSubjectKind;
  /** The book's or author's id. */
  id: number;
  /** The build-time summary, shown until the live one is in (issue 12 point 10); null when the page has none. */
  summary: { average: number | null; count: number } | null;
  texts: ReviewsPanelTexts;
  plurals: ReaderPlurals;
}

/** What the server renders (and the first client render, see use-hydrated-store.ts). */
const IDLE_REVIEWS: ReviewsState = { status: 'idle', page: null, pageNumber: 1, own: undefined, saving: false, signInPrompt: false };
const IDLE_BOOK: BookReaderState = { status: 'loading', data: null, listBusy: false, signInPrompt: false };

export default function ReviewsPanel({ locale, kind, id, summary, texts, plurals }: ReviewsPanelProps) {
  const user = useSessionUser();
  const sessionLoading = useSessionLoading();
  const browser = typeof window !== 'undefined';
  const reviews = useMemo(() => (browser ? createReviews({ kind, id, locale, texts }) : null), [browser, kind, id, locale, texts]);
  // A book's own rating and review come with its modal-data (shared with the page's other islands).
  const bookReader = useMemo(() => (kind === 'book' ? bookReaderFor({ ref: id, locale, texts }) : null), [kind, id, locale, texts]);
  const state = useHydratedStore(reviews?.$state ?? null, IDLE_REVIEWS);
  const bookState = useHydratedStore(bookReader?.$state ?? null, IDLE_BOOK);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();

  useEffect(() => {
    ensureToaster(texts);
    void reviews?.loadPage(1);
    return () => reviews?.dispose();
  }, [reviews, texts]);

  const own = ownReview(kind, state, bookState, user?.id ?? null);
  // Until the reader and their own review are known, a form opened by the first click (which also
  // hydrates the island) waits for them rather than starting empty and overwriting the review
  // (issue 29 point 4).
  const ownPending = ownUnknown(kind, state, bookState, user !== null, sessionLoading);

  const page = state.page;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const live = page?.summary ?? summary;
  const signInPrompt = state.signInPrompt || bookState.signInPrompt;
  const ratingTexts = {
    label: texts['detail.rating.label'],
    value: texts['detail.rating.value'],
    none: texts['detail.rating.none'],
    count: plurals['detail.rating.count'],
  };

  const ownHeading = useRef<HTMLHeadingElement>(null);
  const writeButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // Where the keyboard continues when the form or the confirmation closes (the control it came from is gone).
  const [focusAfter, setFocusAfter] = useState<'own' | 'write' | 'confirm' | null>(null);
  useEffect(() => {
    if (focusAfter === null) return;
    const target = focusAfter === 'confirm' ? confirmButton.current : focusAfter === 'own' ? ownHeading.current : writeButton.current;
    (target ?? writeButton.current ?? ownHeading.current)?.focus();
    setFocusAfter(null);
  }, [focusAfter, own, editing, confirming]);

  const startWriting = () => {
    // Known signed out: the prompt. Signed in, or not known yet (the server decides on saving): the form.
    if (knownSignedOut()) reviews?.promptSignIn();
    else setEditing(true);
  };
  const closeForm = () => {
    setEditing(false);
    setFocusAfter('own');
  };

  return (
    <div className="reader-reviews-panel">
      {live && <AverageRating locale={locale} rating={live} texts={ratingTexts} />}

      {own && !editing && (
        <section className="reader-review-form" aria-labelledby={`${headingId}-own`}>
          <h3 id={`${headingId}-own`} ref={ownHeading} tabIndex={-1}>
            {texts['reader.reviews.yours']}
          </h3>
          <RatingStars mode="display" value={own.rating} label={fill(texts['detail.rating.value'], { rating: formatCount(locale, own.rating) })} />
          {own.review && <p className="reader-review__text">{own.review}</p>}
          {confirming ? (
            <div className="reader-review-form__actions">
              <p className="reader-review-form__confirm">{texts['reader.reviews.deleteConfirm']}</p>
              <button
                ref={confirmButton}
                type="button"
                className="button button--primary"
                onClick={async () => {
                  if (state.saving || !(await reviews?.remove())) return;
                  await bookReader?.refresh();
                  setConfirming(false);
                  setFocusAfter('write');
                }}
              >
                {texts['reader.reviews.confirmDelete']}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setConfirming(false);
                  setFocusAfter('own');
                }}
              >
                {texts['reader.reviews.cancel']}
              </button>
            </div>
          ) : (
            <div className="reader-review-form__actions">
              {/* A rating without text (e.g. from the pop-up's stars) is completed by writing, not editing. */}
              <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
                {texts[own.review ? 'reader.reviews.edit' : 'reader.reviews.write']}
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => {
                  setConfirming(true);
                  setFocusAfter('confirm');
                }}
              >
                {texts['reader.reviews.delete']}
              </button>
            </div>
          )}
        </section>
      )}

      {editing && reviews && (
        <ReviewForm
          locale={locale}
          texts={texts}
          plurals={plurals}
          initial={own ?? null}
          pending={ownPending}
          saving={state.saving}
          onCancel={() => {
            setEditing(false);
            setFocusAfter(own ? 'own' : 'write');
          }}
          onSave={async (rating, review) => {
            if (!(await reviews.save(rating, review))) return;
            await bookReader?.refresh();
            closeForm();
          }}
        />
      )}

      {!own && !editing && (
        <p>
          <button ref={writeButton} type="button" className="button button--primary" onClick={startWriting}>
            {texts['reader.reviews.write']}
          </button>
        </p>
      )}
      {signInPrompt && <SignInPrompt locale={locale} message={texts['reader.reviews.signIn']} linkText={texts['reader.signIn.link']} />}

      {/* Not a landmark of its own: the page's section around the panel is the reviews region. */}
      <div className="reader-reviews-panel__list" aria-busy={state.status === 'loading' || undefined}>
        <div role="status" className="reader-reviews-panel__list-state">
          {state.status === 'loading' && texts['reader.reviews.loading']}
          {state.status === 'loaded' && page && (page.total === 0 ? texts['book.reviews.empty'] : plural(plurals['reader.reviews.total'], locale, page.total))}
        </div>
        {state.status === 'idle' && (
          <button type="button" className="button button--secondary" onClick={() => void reviews?.loadPage(1)}>
            {texts['reader.reviews.show']}
          </button>
        )}
        {state.status === 'error' && (
          <div role="alert">
            <p>{texts['reader.reviews.loadFailed']}</p>
            <button type="button" className="button button--secondary" onClick={() => void reviews?.loadPage(state.pageNumber)}>
              {texts['reader.popup.retry']}
            </button>
          </div>
        )}
        {page && page.items.length > 0 && <ReviewList locale={locale} reviews={page.items} texts={texts} ownUserId={user?.id ?? null} ownLabel={texts['reader.reviews.yours']} />}
        {page && pages > 1 && (
          <nav className="reader-pagination" aria-label={texts['reader.reviews.pagination']}>
            <button type="button" className="button button--secondary" disabled={page.page <= 1 || state.status === 'loading'} onClick={() => void reviews?.loadPage(page.page - 1)}>
              {texts['reader.reviews.previous']}
            </button>
            <span>{fill(texts['reader.reviews.page'], { page: formatCount(locale, page.page), pages: formatCount(locale, pages) })}</span>
            <button type="button" className="button button--secondary" disabled={page.page >= pages || state.status === 'loading'} onClick={() => void reviews?.loadPage(page.page + 1)}>
              {texts['reader.reviews.next']}
            </button>
          </nav>
        )}
      </div>
    </div>
  );
}

/**
 * The reader's own rating and review: a book's from its modal-data; an author's from the last write,
 * else from the reviews on screen (the list carries each reviewer's id).
 */
function ownReview(kind: ReviewSubjectKind, state: ReviewsState, bookState: BookReaderState, userId: string | null): OwnReview | null {
  if (!userId) return null;
  if (kind === 'book') {
    const data = bookState.data;
    return data && data.userRating !== null ? { rating: data.userRating, review: data.userReview } : null;
  }
  if (state.own !== undefined) return state.own;
  // The page carries the reader's own rating, also one without text (not among the items).
  const own = state.page?.own;
  return own ? { rating: own.rating, review: own.review } : null;
}

/** Whether the reader's own rating may still arrive: the session or the source of their rating is loading. */
function ownUnknown(kind: ReviewSubjectKind, state: ReviewsState, bookState: BookReaderState, signedIn: boolean, sessionLoading: boolean): boolean {
  if (!signedIn) return sessionLoading;
  if (kind === 'book') return bookState.status === 'loading';
  return state.own === undefined && state.page === null && state.status !== 'error';
}

interface ReviewFormProps {
  locale: string;
  texts: ReviewsPanelTexts;
  plurals: ReaderPlurals;
  /** The reader's rating and review to edit; the form takes it over while the reader has not changed anything. */
  initial: OwnReview | null;
  /** The reader's own review may still arrive: the form waits for it and saves nothing meanwhile. */
  pending: boolean;
  saving: boolean;
  onSave: (rating: number, review: string) => Promise<void>;
  onCancel: () => void;
}

function ReviewForm({ locale, texts, plurals, initial, pending, saving, onSave, onCancel }: ReviewFormProps) {
  const [rating, setRating] = useState<number | null>(initial?.rating ?? null);
  const [review, setReview] = useState(initial?.review ?? '');
  const [ratingMissing, setRatingMissing] = useState(false);
  const touched = useRef(false);
  // The review arrived after the form opened: edit it, unless the reader has begun to change the form.
  useEffect(() => {
    if (touched.current || !initial) return;
    setRating(initial.rating);
    setReview(initial.review ?? '');
  }, [initial?.rating, initial?.review]);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const starLabels = [1, 2, 3, 4, 5].map((count) => plural(plurals['reader.rating.star'], locale, count));

  useEffect(() => {
    // The form replaces the button that opened it: the keyboard continues in the form.
    const form = formRef.current;
    (form?.querySelector<HTMLElement>('input:checked') ?? form?.querySelector<HTMLElement>('input[type="radio"]'))?.focus();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    // Spec §5: a review needs a chosen rating; the text is optional.
    if (rating === null) {
      setRatingMissing(true);
      formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    if (!saving) await onSave(rating, review);
  };

  return (
    <form ref={formRef} className="reader-review-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} aria-busy={pending || undefined}>
      {/* A rating without text (e.g. from the pop-up's stars) is completed by writing, not editing. */}
      <h3 id={`${id}-title`}>{texts[initial?.review ? 'reader.reviews.editYours' : 'reader.reviews.yours']}</h3>
      {pending && (
        <p role="status" className="reader-review-form__count">
          {texts['reader.reviews.loading']}
        </p>
      )}
      <RatingStars
        mode="input"
        size="large"
        value={rating}
        label={texts['reader.rating.label']}
        choiceLabels={starLabels}
        onChange={(stars) => {
          touched.current = true;
          setRating(stars);
          setRatingMissing(false);
        }}
        invalid={ratingMissing}
        describedBy={ratingMissing ? `${id}-rating-error` : undefined}
      />
      {ratingMissing && (
        <p id={`${id}-rating-error`} className="field__error" role="alert">
          {texts['reader.reviews.ratingRequired']}
        </p>
      )}
      <div className="reader-review-form__field">
        <label htmlFor={`${id}-text`}>{texts['reader.reviews.text']}</label>
        <textarea
          id={`${id}-text`}
          className="field__input field__input--area"
          value={review}
          maxLength={REVIEW_MAX_LENGTH}
          rows={6}
          aria-describedby={`${id}-count`}
          onChange={(event) => {
            touched.current = true;
            setReview(event.target.value);
          }}
        />
        <p id={`${id}-count`} className="reader-review-form__count">
          {fill(texts['reader.reviews.count'], { used: formatCount(locale, review.length), max: formatCount(locale, REVIEW_MAX_LENGTH) })}
        </p>
      </div>
      <div className="reader-review-form__actions">
        {/* Not disabled while saving: a disabled button would drop the keyboard focus; a second submit is ignored. */}
        <button type="submit" className="button button--primary" aria-disabled={saving || pending || undefined}>
          {texts['reader.reviews.save']}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {texts['reader.reviews.cancel']}
        </button>
      </div>
    </form>
  );
}
