/**
 * An author in the authors list (issue 3): the list twin of src/components/AuthorCard.astro (initial
 * avatar, name, life dates) with the number of books and the rating.
 */
import type { AuthorCard } from '../../domain/schemas/lists.ts';
import type { CardTexts } from './card-texts.ts';
import { fill, plural } from './format.ts';
import RatingLine from './RatingLine.tsx';

export interface AuthorListCardProps {
  locale: string;
  author: AuthorCard;
  texts: CardTexts;
  headingLevel?: 'h2' | 'h3';
}

export default function AuthorListCard({ locale, author, texts, headingLevel: Heading = 'h2' }: AuthorListCardProps) {
  const initial = [...author.name.trim()][0]?.toUpperCase() ?? '?';
  const life =
    author.birthYear && author.deathYear
      ? fill(texts.lifespan, { born: author.birthYear, died: author.deathYear })
      : author.birthYear
        ? fill(texts.born, { year: author.birthYear })
        : undefined;
  return (
    <article className="card author-card">
      {author.profileImageUrl ? (
        <img className="author-card__avatar" src={author.profileImageUrl} alt="" loading="lazy" decoding="async" width="56" height="56" />
      ) : (
        <span className="author-card__avatar" aria-hidden="true">
          {initial}
        </span>
      )}
      <div className="author-card__body">
        <Heading className="author-card__name">
          <a className="card__link" href={`/${locale}/authors/${author.slug}`}>
            {author.name}
          </a>
        </Heading>
        {life && <p className="author-card__life">{life}</p>}
        <p className="author-card__books">{plural(texts.books, locale, author.bookCount)}</p>
        <RatingLine className="author-card__rating" locale={locale} rating={author.rating} texts={texts} />
      </div>
    </article>
  );
}
