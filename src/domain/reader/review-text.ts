/**
 * What is stored of a review text (issue 12: "review text plain, stored as typed"; spec §3 "review
 * (optional)"). The schema has already refused control characters and texts over 5,000 characters.
 */

/**
 * The text exactly as typed, or null for no review: null, undefined and text without any visible
 * character (spaces, tabs, line breaks only) all mean "no review".
 * @example storedReviewText('  Great!\n') // '  Great!\n'
 * @example storedReviewText(' \n ') // null
 */
export function storedReviewText(review: string | null | undefined): string | null {
  return review != null && /\S/u.test(review) ? review : null;
}
