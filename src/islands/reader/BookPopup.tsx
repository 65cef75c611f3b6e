/**
 * The book detail pop-up (spec §2 "Book detail pop-up", §4 pop-up states, §8; issue 12 point 2),
 * opened from a book card without leaving the page (popup-launcher.ts, popup-entry.ts).
 *
 * - A modal <dialog>: the page behind is inert and does not scroll, Tab stays inside (the wrap below:
 *   the browser alone would let it leave to its own toolbar), Escape or the backdrop closes, focus
 *   returns to the card; named by the book's title once loaded.
 * - States: loading, error (with retry), not-found, loaded (spec §4). Closing clears book and
 *   edition after 150 ms (stores/popup.ts).
 * - Contents in the spec's order: cover, reading list, buy link (affiliate, with its disclosure),
 *   own rating, genres, edition switcher (formats with price, languages with translator or original;
 *   issue 29 point 25), average with count, date or year, publisher, pages, ISBN, price, translator,
 *   language, series with position, awards, synopsis (the project's safe markdown renderer), the first
 *   author with portrait and bio, two reviews and the write-review link.
 *   Super users get the edition-management button: the editions manager opens over the pop-up
 *   (src/islands/editorial/, loaded on the click), and the pop-up reloads its editions after a change.
 * - Every text the reader or an editor typed is rendered as text, except the synopsis, which goes
 *   through renderDescription() (raw HTML escaped, unsafe links dropped).
 */
import { useStore } from '@nanostores/react';
import { map } from 'nanostores';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { editionLanguageName, formatPosition, initialOf, knownLanguage } from '../../domain/catalogue-view.ts';
import { isLocale } from '../../domain/accept-language.ts';
import { editionPrice } from '../../domain/edition-format.ts';
import { renderDescription } from '../../domain/markdown.ts';
import { buildAffiliateLink } from '../../domain/reader/affiliate-link.ts';
import { editionView } from '../../domain/reader/edition-view.ts';
import { isSuperUser } from '../../domain/roles.ts';
import type { ModalData } from '../../domain/schemas/reader.ts';
import { useSessionUser } from '../account/use-session.ts';
import ResponsiveImage from '../images/ResponsiveImage.tsx';
import { keepTabInside, useModalDialog } from '../use-modal-dialog.ts';
import { closingToLeave, usePopupHistory } from './popup-history.ts';
import { coverCategory } from '../cards/BookListCard.tsx';
import { fill, formatCount, formatDate, plural, splitAround } from '../cards/format.ts';
import AverageRating from './AverageRating.tsx';
import EditionSelector from './EditionSelector.tsx';
import RatingStars from './RatingStars.tsx';
import ReadingListControl from './ReadingListControl.tsx';
import ReviewList from './ReviewList.tsx';
import SignInPrompt from './SignInPrompt.tsx';
import { $affiliateServices } from './stores/affiliate.ts';
import type { BookReader, BookReaderState } from './stores/book-reader.ts';
import { $popup, closePopup, selectEdition } from './stores/popup.ts';
import { $toastHost } from './stores/toast-host.ts';
import { notify } from './stores/toasts.ts';
import type { PopupTexts, ReaderPlurals } from './texts.ts';
import { signalAnalytics } from '../../lib/analytics/signal.ts';
import { LoadingSpinner } from '../LoadingSpinner.tsx';

export interface BookPopupProps {
  locale: string;
  texts: PopupTexts;
  plurals: ReaderPlurals;
}

/** Stands in while no book is selected (hooks need a store every render). */
const IDLE = map<BookReaderState>({ status: 'loading', data: null, listBusy: false, signInPrompt: false });

export default function BookPopup({ locale, texts, plurals }: BookPopupProps) {
  const { open, reader, selectedEditionId } = useStore($popup);
  const state = useStore(reader?.$state ?? IDLE);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const toastSlot = useRef<HTMLDivElement>(null);
  const titleId = useId();

  // Issue 12: the page does not scroll behind the dialog; toasts show inside it while it is open.
  useModalDialog(dialogRef, open, { focusRef: closeRef, scrollLockClass: 'has-open-dialog', onShow: () => $toastHost.set(toastSlot.current) });
  // Issue 29 point 8: Back closes the pop-up; closing it otherwise leaves no history entry behind.
  usePopupHistory(open, () => dialogRef.current?.close());

  // 'close' fires for Escape, the close button, the backdrop and a navigation to /login alike.
  const onClose = () => {
    document.documentElement.classList.remove('has-open-dialog');
    $toastHost.set(null);
    const trigger = $popup.get().trigger;
    closePopup();
    if (trigger?.isConnected) trigger.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => keepTabInside(event, dialogRef.current);

  const loaded = state.status === 'loaded' && state.data !== null;
  return (
    <dialog
      ref={dialogRef}
      className="reader-popup"
      aria-labelledby={loaded ? titleId : undefined}
      aria-label={loaded ? undefined : texts['reader.popup.label']}
      onClose={onClose}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        // A click on the ::backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) dialogRef.current?.close();
      }}
    >
      <div className="reader-popup__panel">
        <button ref={closeRef} type="button" className="icon-button reader-popup__close" onClick={() => dialogRef.current?.close()}>
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
          <span className="visually-hidden">{texts['reader.popup.close']}</span>
        </button>
        {state.status === 'loading' && (
          <LoadingSpinner className="reader-popup__state" label={texts['reader.popup.loading']} />
        )}
        {state.status === 'error' && (
          <div className="reader-popup__state" role="alert">
            <p>{texts['reader.popup.loadFailed']}</p>
            <button type="button" className="button button--secondary" onClick={() => void reader?.load()}>
              {texts['reader.popup.retry']}
            </button>
          </div>
        )}
        {state.status === 'not-found' && (
          <p className="reader-popup__state" role="alert">
            {texts['reader.popup.notFound']}
          </p>
        )}
        {loaded && reader && state.data && (
          <BookDetails
            locale={locale}
            texts={texts}
            plurals={plurals}
            data={state.data}
            reader={reader}
            state={state}
            selectedEditionId={selectedEditionId}
            titleId={titleId}
            closeNow={() => {
              closingToLeave();
              dialogRef.current?.close();
            }}
          />
        )}
        <div ref={toastSlot} className="reader-popup__toasts" />
      </div>
    </dialog>
  );
}

interface BookDetailsProps extends BookPopupProps {
  data: ModalData;
  reader: BookReader;
  state: BookReaderState;
  selectedEditionId: number | null;
  titleId: string;
  closeNow: () => void;
}

function BookDetails({ locale, texts, plurals, data, reader, state, selectedEditionId, titleId, closeNow }: BookDetailsProps) {
  const user = useSessionUser();
  const services = useStore($affiliateServices);
  const disclosureId = useId();
  const { book, author, ratings } = data;
  const view = editionView(book, book.editions, { selectedId: selectedEditionId, interfaceLanguage: locale });
  const edition = book.editions.find((e) => e.id === view.editionId) ?? null;
  const language = view.languageCode && isLocale(locale) ? editionLanguageName(locale, view.languageCode, view.languageName ?? '') : view.languageName;
  const bookPath = `/${locale}/books/${book.slug}`;
  const superUser = isSuperUser(user);
  const dateText = view.publicationDate ? formatDate(locale, view.publicationDate, 'long') : view.year !== null ? String(view.year) : null;
  const starLabels = [1, 2, 3, 4, 5].map((count) => plural(plurals['reader.rating.star'], locale, count));
  const ratingTexts = {
    label: texts['detail.rating.label'],
    value: texts['detail.rating.value'],
    none: texts['detail.rating.none'],
    count: plurals['detail.rating.count'],
  };
  const [byBefore, byAfter] = splitAround(texts['book.byAuthors'], 'authors');

  return (
    <article className="reader-popup__book">
      {/* The title first (screen readers, narrow screens); on wide screens the aside sits left of it (reader.css). */}
      <header className="reader-popup__header">
        <h2 id={titleId} className="reader-popup__title" lang={knownLanguage(view.languageCode) ?? undefined}>
          {view.title}
        </h2>
        {view.title !== book.originalTitle && <p className="reader-popup__original">{fill(texts['book.originalTitle'], { title: book.originalTitle })}</p>}
        {book.authors.length > 0 && (
          <p className="reader-popup__byline">
            {byBefore}
            {book.authors.map((person, index) => (
              <span key={person.id}>
                {index > 0 && ', '}
                <a href={`/${locale}/authors/${person.slug}`}>{person.name}</a>
              </span>
            ))}
            {byAfter}
          </p>
        )}
      </header>
      <div className="reader-popup__aside">
        {view.coverImage ? (
          <ResponsiveImage className="reader-popup__cover" url={view.coverImage} alt={fill(texts['book.coverAlt'], { title: view.title })} displayWidth={200} fallbackHeight={300} loading="eager" />
        ) : (
          <div className="reader-popup__cover reader-popup__cover--drawn book-card__cover" data-category={coverCategory(book)} aria-hidden="true">
            <span className="book-card__cover-title">{view.title}</span>
            <span className="book-card__cover-author">{book.authors[0]?.name}</span>
          </div>
        )}
        <ReadingListControl
          inList={data.isInReadingList}
          status={data.readingStatus}
          busy={state.listBusy}
          onAdd={() => void reader.addToList()}
          onStatus={(status) => void reader.setStatus(status)}
          onRemove={() => void reader.removeFromList()}
          texts={texts}
        />
        <div className="reader-buy">
          <a
            className="button button--secondary reader-buy__link"
            href={buildAffiliateLink({ title: view.title, isbn: view.isbn, asin: view.asin }, services)}
            target="_blank"
            rel="sponsored noopener"
            aria-describedby={disclosureId}
            onClick={() => signalAnalytics({ eventType: 'click', entityType: 'book', entityId: String(data.book.id), metadata: { element_type: 'buy_link', source: 'popup' } })}
          >
            {texts['reader.buy.button']}
            <span className="visually-hidden"> {texts['reader.buy.newTab']}</span>
          </a>
          <p id={disclosureId} className="reader-buy__note">
            {texts['reader.buy.disclosure']}
          </p>
        </div>
        <RatingStars
          mode="input"
          size="large"
          value={data.userRating}
          label={texts['reader.rating.label']}
          choiceLabels={starLabels}
          onChange={(stars) => reader.rate(stars)}
        />
        {state.signInPrompt && (
          <SignInPrompt locale={locale} message={texts['reader.signIn.required']} linkText={texts['reader.signIn.link']} beforeNavigate={closeNow} />
        )}
      </div>

      <div className="reader-popup__main">
        {book.genres.length > 0 && (
          <ul className="reader-chips" role="list" aria-label={texts['book.genres']}>
            {book.genres.map((genre) => (
              <li key={genre.id}>
                {/* Spec §2: /genres?genre={name}, which shows the books list filtered by the canonical name. */}
                <a className="detail-chip" data-category={genre.category} href={`/${locale}/genres?genre=${encodeURIComponent(genre.canonicalName)}`}>
                  {genre.name}
                </a>
              </li>
            ))}
          </ul>
        )}
        <EditionSelector
          locale={locale}
          editions={book.editions}
          selectedId={view.editionId}
          onSelect={selectEdition}
          texts={texts}
          showSingle={superUser}
          showFormats
          showLanguages
        />
        <AverageRating locale={locale} rating={ratings} texts={ratingTexts} />

        <dl className="reader-facts" aria-label={texts['book.facts']}>
          {dateText && <Fact label={texts['reader.popup.published']}>{view.publicationDate ? <time dateTime={view.publicationDate}>{dateText}</time> : dateText}</Fact>}
          {view.publisher && <Fact label={texts['book.publisher']}>{view.publisher}</Fact>}
          {view.pages !== null && <Fact label={texts['book.pages']}>{formatCount(locale, view.pages)}</Fact>}
          {view.isbn && <Fact label={texts['book.editions.isbn']}>{view.isbn}</Fact>}
          {edition && edition.price !== null && <Fact label={texts['book.editions.price']}>{editionPrice(edition, locale)}</Fact>}
          {view.translator && <Fact label={texts['book.editions.translator']}>{view.translator}</Fact>}
          {edition && language && <Fact label={texts['book.editions.language']}>{language}</Fact>}
          {book.allSeries.length > 0 && (
            <Fact label={texts['book.series']}>
              {book.allSeries.map((series, index) => (
                <span key={series.id} className="reader-facts__item">
                  {index > 0 && ', '}
                  <a href={`/${locale}/series/${series.slug}`}>{series.name}</a>
                  {series.position !== null && isLocale(locale) && (
                    <span className="muted"> · {fill(texts['book.seriesVolume'], { position: formatPosition(series.position, locale) })}</span>
                  )}
                </span>
              ))}
            </Fact>
          )}
        </dl>

        {book.awards.length > 0 && (
          <section className="reader-popup__section" aria-labelledby={`${titleId}-awards`}>
            <h3 id={`${titleId}-awards`}>{texts['book.awards.title']}</h3>
            <ul className="reader-awards" role="list">
              {book.awards.map((award) => (
                <li key={`${award.awardId}-${award.year}-${award.category ?? ''}`}>
                  <span className={`detail-badge ${award.isWinner ? 'detail-badge--winner' : 'detail-badge--nominee'}`}>
                    {texts[award.isWinner ? 'book.awards.winner' : 'book.awards.nominee']}
                  </span>{' '}
                  <a href={`/${locale}/awards?id=${award.awardId}`}>{award.awardName}</a>
                  {award.category && `, ${award.category}`} {award.year}
                  {award.asTitle && <span className="muted"> {fill(texts['book.awards.asTitle'], { title: award.asTitle })}</span>}
                </li>
              ))}
            </ul>
          </section>
        )}

        <section className="reader-popup__section" aria-labelledby={`${titleId}-synopsis`}>
          <h3 id={`${titleId}-synopsis`}>{texts['book.synopsis.title']}</h3>
          {book.description ? (
            // The project's markdown renderer is the XSS boundary: raw HTML escaped, unsafe links dropped.
            <div className="reader-popup__synopsis prose" dangerouslySetInnerHTML={{ __html: renderDescription(book.description) }} />
          ) : (
            <p className="muted">{texts['book.noDescription']}</p>
          )}
        </section>

        {author && (
          <section className="reader-popup__section reader-author" aria-labelledby={`${titleId}-author`}>
            <h3 id={`${titleId}-author`}>{texts['author.bio.title']}</h3>
            <div className="reader-author__body">
              {author.profileImageUrl ? (
                <ResponsiveImage className="reader-author__portrait" url={author.profileImageUrl} alt={fill(texts['author.portraitAlt'], { name: author.name })} displayWidth={72} fallbackHeight={72} />
              ) : (
                <span className="reader-author__portrait reader-author__portrait--initial" aria-hidden="true">
                  {initialOf(author.name)}
                </span>
              )}
              <div>
                <p className="reader-author__name">{author.name}</p>
                <p className="reader-author__bio">{author.bio ?? <span className="muted">{texts['author.bio.none']}</span>}</p>
                <a href={`/${locale}/authors/${author.slug}`}>{fill(texts['reader.author.fullPortrait'], { name: author.name })}</a>
              </div>
            </div>
          </section>
        )}

        <section className="reader-popup__section" aria-labelledby={`${titleId}-reviews`}>
          <h3 id={`${titleId}-reviews`}>{texts['book.reviews.title']}</h3>
          {ratings.reviews.length > 0 ? (
            <ReviewList locale={locale} reviews={ratings.reviews} texts={texts} ownUserId={user?.id ?? null} />
          ) : (
            <p className="muted">{texts['book.reviews.empty']}</p>
          )}
          <a className="button button--secondary" href={`${bookPath}?tab=reviews`}>
            {texts['reader.reviews.write']}
          </a>
        </section>

        <p className="reader-popup__links">
          <a href={bookPath}>{texts['reader.popup.openPage']}</a>
          {superUser && (
            // Issue 13: the editions manager opens over the pop-up; its code loads only on this click.
            <button
              type="button"
              className="button button--ghost"
              aria-haspopup="dialog"
              onClick={(event) => {
                const trigger = event.currentTarget;
                import('../editorial/editions-manager-entry.ts')
                  .then(({ openEditionsManager }) =>
                    openEditionsManager({ bookId: book.id, bookTitle: book.title, locale, trigger, onChanged: () => void reader.refresh() }),
                  )
                  // Its code or texts could not be loaded (offline): say so instead of doing nothing.
                  .catch(() => notify({ kind: 'failure', title: texts['account.error.network'] }));
              }}
            >
              {texts['reader.editions.manage']}
            </button>
          )}
        </p>
      </div>
    </article>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

