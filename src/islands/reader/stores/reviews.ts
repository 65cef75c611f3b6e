/**
 * The reviews of a book or an author (issue 12 point 6): a page of them, newest first
 * (GET /api/books/{id}/reviews?page=, GET /api/authors/{id}/reviews?page=), and the signed-in
 * reader's own rating and review, written with PUT and removed with DELETE (/api/books/{id}/ratings,
 * /api/authors/{id}/reviews). Answers are parsed with the contract's schemas.
 */
import { map, type MapStore } from 'nanostores';
import { RatingResultSchema, ReviewPageSchema, type OwnRating, type ReviewPage } from '../../../domain/schemas/reader.ts';
import type { ReviewsPanelTexts } from '../texts.ts';
import { notify } from './toasts.ts';
import { signalAnalytics } from '../../../lib/analytics/signal.ts';
import {
  announceRatingChange,
  isUnauthenticated,
  knownSignedOut,
  notifyFailure,
  onRatingChange,
  ratingSubject,
  readerClient,
  type ReaderClient,
} from './reader-support.ts';

export type ReviewSubjectKind = 'book' | 'author';

/** The reader's own rating as the panel shows it (the schema's OwnRating without the date). */
export type OwnReview = Pick<OwnRating, 'rating' | 'review'>;

export interface ReviewsState {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  /** The page on screen (kept while the next one loads). */
  page: ReviewPage | null;
  /** The page asked for last. */
  pageNumber: number;
  /** The reader's own rating and review; undefined while unknown. */
  own: OwnReview | null | undefined;
  saving: boolean;
  signInPrompt: boolean;
}

export interface ReviewsOptions {
  kind: ReviewSubjectKind;
  id: number;
  locale: string;
  texts: ReviewsPanelTexts;
  client?: ReaderClient;
}

export interface ReviewsStore {
  $state: MapStore<ReviewsState>;
  loadPage: (page: number) => Promise<void>;
  /** Rates and reviews in one (PUT); a blank review is sent as null (no review text). True when saved. */
  save: (rating: number, review: string) => Promise<boolean>;
  remove: () => Promise<boolean>;
  /** What the reader has, as another source knows it (the book's modal-data). */
  setOwn: (own: OwnReview | null) => void;
  promptSignIn: () => void;
  dispose: () => void;
}

const PATHS: Record<ReviewSubjectKind, { list: (id: number) => string; write: (id: number) => string }> = {
  book: { list: (id) => `/api/books/${id}/reviews`, write: (id) => `/api/books/${id}/ratings` },
  author: { list: (id) => `/api/authors/${id}/reviews`, write: (id) => `/api/authors/${id}/reviews` },
};

export function createReviews({ kind, id, locale, texts, client = readerClient(locale) }: ReviewsOptions): ReviewsStore {
  const $state = map<ReviewsState>({ status: 'idle', page: null, pageNumber: 1, own: undefined, saving: false, signInPrompt: false });
  const subject = ratingSubject(kind, id);
  const self = {};
  let loadId = 0;

  async function loadPage(page: number): Promise<void> {
    const request = ++loadId;
    $state.set({ ...$state.get(), status: 'loading', pageNumber: page });
    try {
      const answer = await client.get(`${PATHS[kind].list(id)}?page=${page}`, { schema: ReviewPageSchema });
      if (request !== loadId) return;
      $state.set({ ...$state.get(), status: 'loaded', page: answer, pageNumber: answer.page });
    } catch {
      if (request !== loadId) return;
      $state.setKey('status', 'error');
    }
  }

  const stopListening = onRatingChange(subject, self, () => void loadPage($state.get().pageNumber));

  function promptSignIn(): void {
    $state.setKey('signInPrompt', true);
  }

  async function write(call: () => Promise<void>, success: string, failure: string): Promise<boolean> {
    if (knownSignedOut()) {
      promptSignIn();
      return false;
    }
    $state.setKey('saving', true);
    try {
      await call();
      notify({ kind: 'success', title: success });
      announceRatingChange(subject, self);
      // Newest first: the reader's review is on the first page.
      await loadPage(1);
      return true;
    } catch (error) {
      if (isUnauthenticated(error)) promptSignIn();
      else notifyFailure(failure, error, texts);
      return false;
    } finally {
      $state.setKey('saving', false);
    }
  }

  const save = (rating: number, review: string) =>
    track(review, write(
      async () => {
        const result = await client.request('PUT', PATHS[kind].write(id), {
          body: { rating, review: review.trim() ? review : null },
          schema: RatingResultSchema,
        });
        $state.setKey('own', result.own ? { rating: result.own.rating, review: result.own.review } : null);
      },
      texts['reader.reviews.saved'],
      texts['reader.reviews.saveFailed'],
    ));

  /** A saved review (or a rating without text) is reported to the analytics (issue 14). */
  async function track(review: string, saving: Promise<boolean>): Promise<boolean> {
    const saved = await saving;
    if (saved) signalAnalytics({ eventType: 'interaction', entityType: kind, entityId: String(id), metadata: { interaction_type: review.trim() ? 'review' : 'rating' } });
    return saved;
  }

  const remove = () =>
    write(
      async () => {
        await client.delete(PATHS[kind].write(id));
        $state.setKey('own', null);
      },
      texts['reader.reviews.deleted'],
      texts['reader.reviews.deleteFailed'],
    );

  return {
    $state,
    loadPage,
    save,
    remove,
    setOwn: (own) => $state.setKey('own', own),
    promptSignIn,
    dispose: stopListening,
  };
}
