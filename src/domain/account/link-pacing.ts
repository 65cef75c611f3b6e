/**
 * How often one address may be mailed a link (issue 27 point 2): password resets, confirmation links
 * and newsletter confirmations. Each request is refused (429) only per client address and per account
 * and address; per account, whoever asks, mails are paced instead of refused: the first few go at once,
 * then each must wait a growing gap, and a request inside the gap is answered alike (202) and mails
 * nothing. The gap never outlasts a link (30 minutes for account links, 48 hours for newsletter ones),
 * so whenever a request mails nothing, the last link mailed is still in the inbox and still works: a
 * stranger can neither flood an inbox nor keep its owner from a working link.
 * docs/decisions/0029-account-abuse-limits.md.
 */

/** A new link cancels the earlier unused ones of the same kind only when they are at least this old. */
export const LINK_REPLACES_AFTER_SECONDS = 60;
/** Mails to one address (per kind) without a gap. */
export const LINK_FREE_MAILS = 3;
/** The first gap; each later one doubles, up to LINK_MAX_GAP_SECONDS. */
export const LINK_FIRST_GAP_SECONDS = 60;
/** The longest gap: shorter than any link's validity (account links: 30 minutes, spec §9). */
export const LINK_MAX_GAP_SECONDS = 15 * 60;
/** The count starts afresh this long after the last mail. */
export const LINK_PACE_FORGOTTEN_AFTER_SECONDS = 60 * 60;

/**
 * Seconds that must pass after the last of `sent` mails before the next one.
 * @example linkMailGapSeconds(2) // 0
 * @example linkMailGapSeconds(3) // 60
 * @example linkMailGapSeconds(5) // 240
 */
export function linkMailGapSeconds(sent: number): number {
  if (sent < LINK_FREE_MAILS) return 0;
  return Math.min(LINK_MAX_GAP_SECONDS, LINK_FIRST_GAP_SECONDS * 2 ** Math.min(sent - LINK_FREE_MAILS, 20));
}

/**
 * How many mails count at `now`, given the last pace record (null: none yet), and whether one may go.
 * @example linkMailDecision({ sent: 3, lastSentAt: new Date(Date.now() - 30_000) }, new Date()) // { send: false, sent: 3 }
 */
export function linkMailDecision(last: { sent: number; lastSentAt: Date } | null, now: Date): { send: boolean; sent: number } {
  if (!last) return { send: true, sent: 0 };
  const elapsed = now.getTime() - last.lastSentAt.getTime();
  if (elapsed >= LINK_PACE_FORGOTTEN_AFTER_SECONDS * 1000) return { send: true, sent: 0 };
  return { send: elapsed >= linkMailGapSeconds(last.sent) * 1000, sent: last.sent };
}
