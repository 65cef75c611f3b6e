/** How a user is named and pictured when they have no profile image (spec §3 "Display name"). */

/** Spec §3 names this fallback literally; exported so a view can swap in a translated label. */
export const ANONYMOUS_DISPLAY_NAME = 'Anonymous User';

export type NamedUser = {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly email?: string | null;
};

const clean = (value: string | null | undefined) => value?.trim() ?? '';
const emailLocalPart = (email: string | null | undefined) => clean(clean(email).split('@')[0]);

/**
 * 'First Last', else the first name, else the email before '@', else 'Anonymous User'.
 * @example displayName({ firstName: 'Frank', lastName: 'Herbert' }) // 'Frank Herbert'
 */
export function displayName(user: NamedUser): string {
  const first = clean(user.firstName);
  const last = clean(user.lastName);
  if (first && last) return `${first} ${last}`;
  return first || emailLocalPart(user.email) || ANONYMOUS_DISPLAY_NAME;
}

/**
 * One uppercase letter for the avatar: from the first name, else the email, else '?'.
 * @example avatarInitial({ email: 'frank@example.org' }) // 'F'
 */
export function avatarInitial(user: NamedUser): string {
  const source = clean(user.firstName) || clean(user.email);
  // Whole code point, and only the first of a multi-letter upper case ('ß' → 'SS' → 'S').
  const first = [...source][0];
  return first ? ([...first.toUpperCase()][0] ?? '?') : '?';
}
