/**
 * A series in the series list (issue 3): the list twin of src/components/SeriesCard.astro (picture,
 * name, authors, number of books, status) with the rating of its books.
 */
import type { SeriesCard } from '../../domain/schemas/lists.ts';
import type { CardTexts } from './card-texts.ts';
import CardPicture from './CardPicture.tsx';
import { fill, plural } from './format.ts';
import PeopleLinks from './PeopleLinks.tsx';
import RatingLine from './RatingLine.tsx';

export interface SeriesListCardProps {
  locale: string;
  series: SeriesCard;
  texts: CardTexts;
  headingLevel?: 'h2' | 'h3';
}

export default function SeriesListCard({ locale, series, texts, headingLevel: Heading = 'h2' }: SeriesListCardProps) {
  return (
    <article className="card series-card series-card--list">
      {series.imageUrl && <CardPicture url={series.imageUrl} alt={fill(texts.seriesImageAlt, { name: series.name })} />}
      <Heading className="series-card__name">
        <a className="card__link" href={`/${locale}/series/${series.slug}`}>
          {series.name}
        </a>
      </Heading>
      {series.authors.length > 0 && (
        <p className="series-card__authors">
          <PeopleLinks locale={locale} people={series.authors} />
        </p>
      )}
      <RatingLine className="series-card__rating" locale={locale} rating={series.rating} texts={texts} />
      <p className="series-card__meta">
        <span className="series-card__count">{plural(texts.books, locale, series.bookCount)}</span>
        {series.status && (
          <span className="series-card__status" data-status={series.status}>
            {texts.status[series.status]}
          </span>
        )}
      </p>
    </article>
  );
}
