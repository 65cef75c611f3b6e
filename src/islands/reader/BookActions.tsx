/**
 * The reader's controls on a book page (issue 12 points 4 and 5): the reading-list control and the
 * reader's own stars, saved at once, beside the static build-time rating. Hydrates on intent, or at
 * once when the session hint says a reader may be signed in (client:intent="session"), and then
 * reads modal-data (shared with the reviews tab: stores/book-reader.ts bookReaderFor). Before that
 * it is the same markup, signed out: the add button and five empty stars, which hydrate on use and
 * replay the click. Signed-out readers get the sign-in prompt.
 */
import { useEffect, useMemo } from 'react';
import { plural } from '../cards/format.ts';
import { useSessionUser } from '../account/use-session.ts';
import RatingStars from './RatingStars.tsx';
import ReadingListControl from './ReadingListControl.tsx';
import SignInPrompt from './SignInPrompt.tsx';
import { bookReaderFor, type BookReaderState } from './stores/book-reader.ts';
import type { ActionTexts, ReaderPlurals } from './texts.ts';
import { ensureToaster } from './toaster-root.ts';
import { useHydratedStore } from './use-hydrated-store.ts';

export interface BookActionsProps {
  locale: string;
  bookId: number;
  texts: ActionTexts;
  plurals: Pick<ReaderPlurals, 'reader.rating.star'>;
}

/** The server's (and the first client render's) state: nothing known yet. */
const INITIAL: BookReaderState = { status: 'loading', data: null, listBusy: false, signInPrompt: false };

export default function BookActions({ locale, bookId, texts, plurals }: BookActionsProps) {
  // Subscribing makes the page's one session request (none without the hint cookie).
  useSessionUser();
  const reader = useMemo(() => bookReaderFor({ ref: bookId, locale, texts }), [bookId, locale, texts]);
  const state = useHydratedStore(reader?.$state ?? null, INITIAL);
  useEffect(() => ensureToaster(texts), [texts]);
  const data = state.data;
  const starLabels = [1, 2, 3, 4, 5].map((count) => plural(plurals['reader.rating.star'], locale, count));

  return (
    <div className="reader-book-actions" role="group" aria-label={texts['reader.actions.label']}>
      <ReadingListControl
        inList={data?.isInReadingList ?? false}
        status={data?.readingStatus ?? null}
        busy={state.listBusy}
        onAdd={() => void reader?.addToList()}
        onStatus={(status) => void reader?.setStatus(status)}
        onRemove={() => void reader?.removeFromList()}
        texts={texts}
      />
      <RatingStars
        mode="input"
        size="large"
        value={data?.userRating ?? null}
        label={texts['reader.rating.label']}
        choiceLabels={starLabels}
        onChange={(stars) => reader?.rate(stars)}
      />
      {state.signInPrompt && <SignInPrompt locale={locale} message={texts['reader.signIn.required']} linkText={texts['reader.signIn.link']} />}
    </div>
  );
}
