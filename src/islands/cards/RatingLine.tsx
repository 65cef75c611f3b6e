/** Average rating with its count, or 'No ratings yet' (spec §3: average rounded to one decimal, null without reviews). */
import type { CardTexts } from './card-texts.ts';
import { formatRating, plural } from './format.ts';

export interface RatingLineProps {
  locale: string;
  rating: { average: number | null; count: number };
  texts: Pick<CardTexts, 'ratingSummary' | 'noRatings'>;
  className: string;
}

export default function RatingLine({ locale, rating, texts, className }: RatingLineProps) {
  if (rating.average === null || rating.count === 0) return <p className={`${className} ${className}--none`}>{texts.noRatings}</p>;
  return (
    <p className={className}>
      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="currentColor">
        <path d="M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z"></path>
      </svg>
      {plural(texts.ratingSummary, locale, rating.count, { rating: formatRating(locale, rating.average) })}
    </p>
  );
}
