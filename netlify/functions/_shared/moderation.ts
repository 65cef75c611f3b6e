/** The review moderation endpoints' shared part (issue 13 point 5): a refused moderation as HTTP. */
import type { Outcome } from '../../../db/queries/editorial/common.ts';
import { ApiError } from '../../../src/domain/envelope.ts';

/** The moderated review, or 404 when there is no such review with text. */
export function unwrapModeration<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw new ApiError('NOT_FOUND', 'api.error.reviewNotFound');
}
