/**
 * One book as a reader sees it (issue 12 points 2-4): GET /api/books/{id}/modal-data (spec §7) and the
 * reader's actions on it: add to the reading list (status to read, spec §4), change the status,
 * remove, rate. The pop-up and the book page's islands subscribe (DESIGN.md §2: stores own state and
 * calls). Answers are parsed with the contract's schemas (src/domain/schemas/reader.ts).
 *
 * - Signed out (known from the session store, or a 401): no call, the sign-in prompt shows instead.
 * - A rating is saved at once; changes made while one is saved are queued and only the latest is
 *   sent. On failure the stars go back to the last saved rating and a failure toast says so (spec §4).
 * - After a rating, modal-data is read again (spec §7: reading list, ratings and book data) and the
 *   other islands of the subject reload (reader-support.ts).
 */
import { map, type MapStore } from 'nanostores';
import type { ReadingStatus } from '../../../domain/enums.ts';
import { ModalDataSchema, RatingResultSchema, ReadingListEntrySchema, type ModalData, type RatingResult } from '../../../domain/schemas/reader.ts';
import { ApiClientError } from '../../../lib/api-client.ts';
import type { ActionTexts } from '../texts.ts';
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

export type BookReaderStatus = 'loading' | 'loaded' | 'error' | 'not-found';

export interface BookReaderState {
  status: BookReaderStatus;
  data: ModalData | null;
  /** A reading-list call is under way (its controls wait). */
  listBusy: boolean;
  /** The reader acted while signed out: show the sign-in prompt (spec §2). */
  signInPrompt: boolean;
}

export interface BookReaderOptions {
  /** The book's id or slug (GET /api/books/{id}/modal-data takes either). */
  ref: string | number;
  locale: string;
  texts: ActionTexts;
  client?: ReaderClient;
}

export interface BookReader {
  $state: MapStore<BookReaderState>;
  load: () => Promise<void>;
  /** Reads modal-data again without showing 'loading' (after a change elsewhere). */
  refresh: () => Promise<void>;
  addToList: () => Promise<void>;
  setStatus: (status: ReadingStatus) => Promise<void>;
  removeFromList: () => Promise<void>;
  /** Saves the reader's stars at once (spec §4); choices made meanwhile are queued, the latest wins. */
  rate: (stars: number) => void;
  /** Shows the sign-in prompt (a signed-out reader chose a review action). */
  promptSignIn: () => void;
  /** Stops listening to other islands' changes. */
  dispose: () => void;
}

export function createBookReader({ ref, locale, texts, client = readerClient(locale) }: BookReaderOptions): BookReader {
  const $state = map<BookReaderState>({ status: 'loading', data: null, listBusy: false, signInPrompt: false });
  const self = {};
  let loadId = 0;
  let loading: Promise<void> = Promise.resolve();
  let stopListening: (() => void) | null = null;
  // The rating queue: `confirmedRating` is what the server holds, `queued` the latest unsent choice.
  let confirmedRating: number | null = null;
  let queued: number | null = null;
  let saving = false;

  const modalDataPath = `/api/books/${encodeURIComponent(String(ref))}/modal-data`;

  function patchData(change: Partial<ModalData>): void {
    const data = $state.get().data;
    if (data) $state.setKey('data', { ...data, ...change });
  }

  function listen(data: ModalData): void {
    if (stopListening) return;
    stopListening = onRatingChange(ratingSubject('book', data.book.id), self, () => void refresh());
  }

  async function fetchData(quiet: boolean): Promise<void> {
    const id = ++loadId;
    if (!quiet) $state.setKey('status', 'loading');
    try {
      const data = await client.get(modalDataPath, { schema: ModalDataSchema });
      if (id !== loadId) return;
      // A rating queued or on its way is newer than what the server had when it answered.
      const userRating = saving ? ($state.get().data?.userRating ?? data.userRating) : data.userRating;
      $state.set({ ...$state.get(), status: 'loaded', data: { ...data, userRating } });
      if (!saving) confirmedRating = data.userRating;
      listen(data);
    } catch (error) {
      if (id !== loadId || quiet) return;
      $state.setKey('status', error instanceof ApiClientError && error.status === 404 ? 'not-found' : 'error');
    }
  }

  const load = () => (loading = fetchData(false));
  const refresh = () => (loading = fetchData(true));

  /**
   * The book's data for an action. A click that hydrated the island (client:intent replays it) can
   * come before modal-data is in: it waits for the load under way instead of being lost.
   */
  async function dataForAction(): Promise<ModalData | null> {
    if (!$state.get().data) await loading;
    return $state.get().data;
  }

  /** True (and the prompt shown) when the action needs a sign-in first. */
  function needsSignIn(): boolean {
    if (!knownSignedOut()) return false;
    $state.setKey('signInPrompt', true);
    return true;
  }

  function promptSignIn(): void {
    $state.setKey('signInPrompt', true);
  }

  async function listCall(call: (bookId: number) => Promise<unknown>, after: Partial<ModalData>, success: string, failure: string, onSaved?: (bookId: number) => void): Promise<void> {
    if (needsSignIn() || $state.get().listBusy) return;
    const data = await dataForAction();
    if (!data || $state.get().listBusy) return;
    $state.setKey('listBusy', true);
    try {
      await call(data.book.id);
      patchData(after);
      notify({ kind: 'success', title: success });
      onSaved?.(data.book.id);
    } catch (error) {
      if (isUnauthenticated(error)) promptSignIn();
      else notifyFailure(failure, error, texts);
    } finally {
      $state.setKey('listBusy', false);
    }
  }

  const addToList = () =>
    listCall(
      (bookId) => client.post('/api/reading-list', { bookId, status: 'to_read' }, { schema: ReadingListEntrySchema }),
      { isInReadingList: true, readingStatus: 'to_read' },
      texts['reader.list.added'],
      texts['reader.list.addFailed'],
      (bookId) => signalAnalytics({ eventType: 'interaction', entityType: 'book', entityId: String(bookId), metadata: { interaction_type: 'list_add' } }),
    );

  const setStatus = (status: ReadingStatus) =>
    listCall(
      (bookId) => client.patch(`/api/reading-list/${bookId}`, { status }, { schema: ReadingListEntrySchema }),
      { isInReadingList: true, readingStatus: status },
      texts['reader.list.updated'],
      texts['reader.list.updateFailed'],
    );

  const removeFromList = () =>
    listCall(
      (bookId) => client.delete(`/api/reading-list/${bookId}`),
      { isInReadingList: false, readingStatus: null },
      texts['reader.list.removed'],
      texts['reader.list.removeFailed'],
    );

  function applyResult(result: RatingResult): void {
    confirmedRating = result.own?.rating ?? null;
    const data = $state.get().data;
    if (!data) return;
    patchData({
      userRating: queued ?? confirmedRating,
      userReview: result.own ? result.own.review : null,
      ratings: { ...data.ratings, average: result.summary.average, count: result.summary.count },
    });
  }

  async function sendRatings(bookId: number): Promise<void> {
    let saved = false;
    while (queued !== null) {
      const stars = queued;
      queued = null;
      try {
        applyResult(await client.post(`/api/books/${bookId}/ratings`, { rating: stars }, { schema: RatingResultSchema }));
        saved = true;
      } catch (error) {
        // Spec §4: on failure back to the previous rating; later choices are dropped with it.
        queued = null;
        saved = false;
        patchData({ userRating: confirmedRating });
        if (isUnauthenticated(error)) promptSignIn();
        else notifyFailure(texts['reader.rating.failed'], error, texts);
      }
    }
    saving = false;
    if (!saved) return;
    notify({ kind: 'success', title: texts['reader.rating.saved'] });
    signalAnalytics({ eventType: 'interaction', entityType: 'book', entityId: String(bookId), metadata: { interaction_type: 'rating' } });
    // Spec §7: afterwards reading list, modal-data, ratings and book data are refreshed.
    announceRatingChange(ratingSubject('book', bookId), self);
    await refresh();
  }

  function rate(stars: number): void {
    if (needsSignIn()) return;
    queued = stars;
    patchData({ userRating: stars });
    if (saving) return;
    saving = true;
    void dataForAction().then((data) => {
      if (!data) {
        saving = false;
        queued = null;
        return;
      }
      patchData({ userRating: queued });
      return sendRatings(data.book.id);
    });
  }

  function dispose(): void {
    stopListening?.();
    stopListening = null;
  }

  return { $state, load, refresh, addToList, setStatus, removeFromList, rate, promptSignIn, dispose };
}

const shared = new Map<string, BookReader>();

/**
 * The one reader of a book on a page: the book page's islands (hero actions, reviews tab) share it,
 * so they make one modal-data call and show the same state.
 */
export function bookReaderFor(options: BookReaderOptions): BookReader | null {
  // Server rendering (Astro renders islands to HTML first) has no reader: nothing to load there.
  if (typeof window === 'undefined') return null;
  const key = String(options.ref);
  let reader = shared.get(key);
  if (!reader) {
    reader = createBookReader(options);
    shared.set(key, reader);
    void reader.load();
  }
  return reader;
}
