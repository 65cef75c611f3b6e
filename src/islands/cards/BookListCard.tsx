/**
 * A book in the books list (issue 3): the list twin of src/components/BookCard.astro (same
 * typographic cover in the genre's colour, title in the page language when a translation exists,
 * authors), with year, genres and rating instead of award and synopsis. Rendered by the
 * CatalogueList island on the server (first page) and in the browser (later pages), so both look the same.
 * Styles: src/styles/cards.css, shared with BookCard.astro (`book-card--list`: the smaller cover).
 */
import type { BookCard } from '../../domain/schemas/lists.ts';
import type { CardTexts } from './card-texts.ts';
import ResponsiveImage from '../images/ResponsiveImage.tsx';
import { fill } from './format.ts';
import PeopleLinks from './PeopleLinks.tsx';
import RatingLine from './RatingLine.tsx';

export interface BookListCardProps {
  locale: string;
  book: BookCard;
  texts: CardTexts;
  headingLevel?: 'h2' | 'h3';
}

/** The colour of the cover: the first genre that is not Crossover (as BookCard.astro). */
export function coverCategory(book: Pick<BookCard, 'genres'>): string {
  return book.genres.find((genre) => genre.category !== 'crossover')?.category ?? book.genres[0]?.category ?? 'default';
}

export default function BookListCard({ locale, book, texts, headingLevel: Heading = 'h2' }: BookListCardProps) {
  const translated = book.title !== book.originalTitle;
  return (
    <article className="card book-card book-card--list">
      <div className="book-card__cover" data-category={coverCategory(book)} aria-hidden="true">
        {book.coverImage ? (
          // The cover box is decoration beside the title link (aria-hidden): no alt. 88 px = 5.5rem.
          <ResponsiveImage url={book.coverImage} alt="" displayWidth={88} fallbackHeight={132} />
        ) : (
          <>
            <span className="book-card__cover-title">{book.title}</span>
            <span className="book-card__cover-author">{book.authors[0]?.name}</span>
          </>
        )}
      </div>
      <div className="book-card__body">
        <Heading className="book-card__title">
          <a className="card__link" href={`/${locale}/books/${book.slug}`} data-book-popup={book.id}>
            {book.title}
          </a>
        </Heading>
        {translated && <p className="book-card__original">{fill(texts.originalTitle, { title: book.originalTitle })}</p>}
        {book.authors.length > 0 && (
          <p className="book-card__authors">
            <PeopleLinks locale={locale} people={book.authors} />
          </p>
        )}
        {(book.year !== null || book.genres.length > 0) && (
          <p className="book-card__meta">
            {book.year !== null && <span className="book-card__year">{book.year}</span>}
            {book.genres.map((genre) => (
              <span key={genre.slug} className="book-card__genre" data-category={genre.category}>
                {genre.name}
              </span>
            ))}
          </p>
        )}
        <RatingLine className="book-card__rating" locale={locale} rating={book.rating} texts={texts} />
      </div>
    </article>
  );
}
