/**
 * An author in the authors list (issue 3): the list twin of src/components/AuthorCard.astro (portrait
 * or initial, name, life dates) with the number of books and the rating.
 */
import type { AuthorCard } from '../../domain/schemas/lists.ts';
import type { CardTexts } from './card-texts.ts';
import AuthorAvatar from './AuthorAvatar.tsx';
import { fill, plural } from './format.ts';
import RatingLine from './RatingLine.tsx';

export interface AuthorListCardProps {
  locale: string;
  author: AuthorCard;
  texts: CardTexts;
  headingLevel?: 'h2' | 'h3';
}

export default function AuthorListCard({ locale, author, texts, headingLevel: Heading = 'h2' }: AuthorListCardProps) {
  const life =
    author.birthYear && author.deathYear
      ? fill(texts.lifespan, { born: author.birthYear, died: author.deathYear })
      : author.birthYear
        ? fill(texts.born, { year: author.birthYear })
        : undefined;
  return (
    <article className="card author-card">
      <AuthorAvatar name={author.name} imageUrl={author.profileImageUrl} alt={fill(texts.portraitAlt, { name: author.name })} />
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
