/**
 * Text from outside (issue 10, point 5): one helper for every string field of every request schema,
 * so no NUL or other C0 control character reaches the database or a page. PostgreSQL refuses NUL in
 * text (a 500 before this), and the other controls are never meant by a reader. Tab is allowed
 * everywhere; line breaks (CR, LF) only in multi-line fields such as a bio.
 */
import { z } from 'zod';

/** The refused characters: C0 controls and DEL, except tab (and CR, LF where lines are allowed). */
const SINGLE_LINE = /^[^\u0000-\u0008\u000A-\u001F\u007F]*$/;
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

export const CONTROL_CHARACTERS_KEY = 'validation.controlCharacters';

/**
 * A string without control characters; `message` is the key for a value that is not a string.
 * @example text('validation.name').trim().max(80, 'validation.name')
 */
export function text(message?: string, options: { multiline?: boolean } = {}): z.ZodString {
  return z.string(message).regex(options.multiline ? MULTI_LINE : SINGLE_LINE, CONTROL_CHARACTERS_KEY);
}
