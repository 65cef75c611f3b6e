/**
 * Unique visitors without identifying anyone (issue 14 point 1): a visitor is an HMAC of the client's
 * address and user agent under a salt that exists for one UTC day. The address and the agent are never
 * stored; the salt is deleted when its day ends, so a stored hash can no longer be linked to an
 * address (not even by us), and the same visitor gets another hash the next day: visitors are
 * counted per day only. Pure: the salt, the day and the parts come in (Web Crypto: browser and Node).
 */

/** The UTC day of a moment, 'YYYY-MM-DD': the salt's and the rollups' day. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** What happens to the stored salts on `today`: the day's own salt is used (made when missing), every other one is deleted. */
export function rotateSalts(storedDays: readonly string[], today: string): { keep: string | null; drop: string[] } {
  return { keep: storedDays.includes(today) ? today : null, drop: storedDays.filter((day) => day !== today) };
}

/** A fresh salt: 32 random bytes as hex. */
export function newSalt(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  return [...random(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The visitor's hash for the salt's day: HMAC-SHA-256 of the parts (address, user agent), 32 hex
 * characters. Without the salt it cannot be recomputed from a guessed address.
 * @example await visitorHash('ab12…', ['203.0.113.7', 'Mozilla/5.0 …'])
 */
export async function visitorHash(salt: string, parts: readonly string[]): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(salt), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(parts.join('\u0000')));
  return [...new Uint8Array(mac).slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the visitor asked not to be tracked: Global Privacy Control (`Sec-GPC: 1`) or Do Not Track
 * (`DNT: 1`). Then nothing of the request is recorded.
 */
export function optedOut(header: (name: string) => string | null): boolean {
  return header('sec-gpc')?.trim() === '1' || header('dnt')?.trim() === '1';
}
