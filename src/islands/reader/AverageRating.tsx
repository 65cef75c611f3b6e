/**
 * An average rating with its count (spec §2 "average rating with count", §3: rounded to one decimal,
 * none without ratings): stars for the eye, a sentence for everyone. One component for the concept
 * (STYLE rule 13): the static detail pages render it at build time (RatingSummary.astro), the pop-up
 * and the reviews tab with live values.
 */
import { fill, formatRating, plural, type PluralForms } from '../cards/format.ts';
import RatingStars from './RatingStars.tsx';

export interface AverageRatingTexts {
  /** 'Average rating' */
  label: string;
  /** '{rating} out of 5' */
  value: string;
  /** 'No ratings yet' */
  none: string;
  /** '{count} ratings' */
  count: PluralForms;
}

export interface AverageRatingProps {
  locale: string;
  rating: { average: number | null; count: number };
  texts: AverageRatingTexts;
  className?: string;
}

export default function AverageRating({ locale, rating, texts, className = '' }: AverageRatingProps) {
  if (rating.average === null || rating.count === 0) {
    return <p className={`rating-summary rating-summary--none ${className}`.trim()}>{texts.none}</p>;
  }
  const value = fill(texts.value, { rating: formatRating(locale, rating.average) });
  return (
    <p className={`rating-summary ${className}`.trim()}>
      <span className="visually-hidden">{texts.label}:</span>
      <RatingStars mode="display" value={rating.average} label={value} decorative />
      <strong className="rating-summary__value">{value}</strong>
      <span className="rating-summary__count">({plural(texts.count, locale, rating.count)})</span>
    </p>
  );
}
