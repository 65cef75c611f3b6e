/**
 * Star ratings (STYLE rule 13: one component for the concept), in two modes:
 * - 'display': an average with half stars (spec §5: half stars are display only), one image with an
 *   accessible name ('4.5 out of 5'). Rendered statically by RatingSummary.astro and live in the islands.
 * - 'input': the reader's own 1 to 5 stars (spec §4 "Star rating: user picks 1 to 5, saved at once").
 *   A group of native radio buttons, so the keyboard works as everywhere (Tab in, arrows choose) and
 *   it works as plain HTML before hydration. The caller saves each change at once.
 */
import { useId } from 'react';
import { RATING_MAX, starFills, type StarFill } from '../../domain/rating.ts';

const STAR_PATH = 'M12 2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17l-6.1 3.4 1.5-6.8L2.2 9l6.9-.7z';

function Star({ fill }: { fill: StarFill }) {
  return (
    <span className={`stars__star stars__star--${fill}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="1em" height="1em" className="stars__shape">
        <path d={STAR_PATH} />
      </svg>
      {fill === 'half' && (
        <span className="stars__half">
          <svg viewBox="0 0 24 24" width="1em" height="1em" className="stars__shape stars__shape--filled">
            <path d={STAR_PATH} />
          </svg>
        </span>
      )}
    </span>
  );
}

interface CommonProps {
  /** 'small' in cards and reviews, 'medium' by default, 'large' for the pop-up's input. */
  size?: 'small' | 'medium' | 'large';
  className?: string;
}

export interface RatingDisplayProps extends CommonProps {
  mode: 'display';
  /** The average (null: no ratings: five empty stars). */
  value: number | null;
  /** Accessible name of the stars: '4.5 out of 5'. */
  label: string;
  /** Hidden from assistive technology: a text beside the stars says the same. */
  decorative?: boolean;
}

export interface RatingInputProps extends CommonProps {
  mode: 'input';
  /** The reader's stars, null when they have not rated. */
  value: number | null;
  /** The group's visible legend ('Your rating'). */
  label: string;
  /** The choices' names, index 0 for 1 star ('1 star' … '5 stars'). */
  choiceLabels: readonly string[];
  onChange: (stars: number) => void;
  /**
   * Off while nothing may be chosen. Not for the time a choice is saved: a disabled group loses the
   * keyboard focus; the store queues changes instead.
   */
  disabled?: boolean;
  /** Hides the legend visually (it stays the group's name). */
  hideLabel?: boolean;
  /** Ids of texts that describe the group (an error). */
  describedBy?: string;
  invalid?: boolean;
}

export type RatingStarsProps = RatingDisplayProps | RatingInputProps;

export default function RatingStars(props: RatingStarsProps) {
  const name = useId();
  const legendId = `${name}-legend`;
  const size = props.size ?? 'medium';
  if (props.mode === 'display') {
    return (
      <span
        className={`stars stars--${size} ${props.className ?? ''}`.trim()}
        {...(props.decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': props.label })}
      >
        {starFills(props.value).map((fill, index) => (
          <Star key={index} fill={fill} />
        ))}
      </span>
    );
  }
  const { value, label, choiceLabels, onChange, disabled = false, hideLabel = false, describedBy, invalid } = props;
  return (
    <fieldset
      className={`stars stars--input stars--${size} ${props.className ?? ''}`.trim()}
      role="radiogroup"
      aria-labelledby={legendId}
      disabled={disabled}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
    >
      <legend id={legendId} className={hideLabel ? 'visually-hidden' : 'stars__legend'}>
        {label}
      </legend>
      <span className="stars__choices">
        {Array.from({ length: RATING_MAX }, (_, index) => {
          const stars = index + 1;
          return (
            <label key={stars} className="stars__choice">
              <input
                type="radio"
                className="visually-hidden"
                name={name}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
              />
              <Star fill={value !== null && stars <= value ? 'full' : 'empty'} />
              <span className="visually-hidden">{choiceLabels[index]}</span>
            </label>
          );
        })}
      </span>
    </fieldset>
  );
}
