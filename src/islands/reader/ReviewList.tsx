/**
 * Reader reviews as a list (spec §2 "up to 2 reader reviews" in the pop-up; issue 12 point 6: the
 * reviews tab): the reviewer's display name, their stars, the date, and the text exactly as typed.
 * React renders the text as text (never as HTML) and CSS keeps its line breaks (issue 12: "rendered
 * escaped with line breaks kept").
 */
import type { Review } from '../../domain/schemas/reader.ts';
import { fill, formatDate, formatRating } from '../cards/format.ts';
import RatingStars from './RatingStars.tsx';
import type { ReviewTexts } from './texts.ts';

export interface ReviewListProps {
  locale: string;
  reviews: readonly Review[];
  texts: ReviewTexts;
  /** Marks the signed-in reader's own review. */
  ownUserId?: string | null;
  ownLabel?: string;
}

export default function ReviewList({ locale, reviews, texts, ownUserId, ownLabel }: ReviewListProps) {
  return (
    <ul className="reader-reviews" role="list">
      {reviews.map((review) => {
        const edited = review.updatedAt !== review.date;
        return (
          <li key={review.id} className="reader-review" data-own={review.userId === ownUserId ? 'true' : undefined}>
            <p className="reader-review__meta">
              <strong className="reader-review__name">{review.displayName}</strong>
              {review.userId === ownUserId && ownLabel && <span className="reader-review__own"> ({ownLabel})</span>}
              <RatingStars mode="display" size="small" value={review.rating} label={fill(texts['detail.rating.value'], { rating: formatRating(locale, review.rating) })} />
              <time className="reader-review__date" dateTime={review.updatedAt}>
                {formatDate(locale, review.date, 'medium')}
                {edited && ` · ${texts['reader.reviews.edited']}`}
              </time>
            </p>
            {review.review && <p className="reader-review__text">{review.review}</p>}
          </li>
        );
      })}
    </ul>
  );
}
