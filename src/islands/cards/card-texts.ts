/** Texts of the list cards, translated by the page and passed to the island (src/islands/README.md). */
import type { PluralForms } from './format.ts';

export interface CardTexts {
  /** 'Original title: {title}' */
  originalTitle: string;
  /** '{rating} out of 5 ({count} ratings)' */
  ratingSummary: PluralForms;
  /** 'No ratings yet' */
  noRatings: string;
  /** '{count} books' */
  books: PluralForms;
  /** '{born}–{died}' */
  lifespan: string;
  /** 'born {year}' */
  born: string;
  /** 'Portrait of {name}' */
  portraitAlt: string;
  /** 'Picture of the series {name}' */
  seriesImageAlt: string;
  /** Series status labels. */
  status: { ongoing: string; completed: string };
}
