/**
 * What the platform lets one request carry (issue 26 point 8). A Netlify function takes at most 6 MB
 * of buffered request body, and a binary body (a multipart upload) reaches it base64-encoded, four
 * bytes for every three: so about 4.5 MB of bytes. The server refuses more itself, with its own
 * localized 413, rather than leave it to the platform's unlocalized one.
 */

/** One megabyte as the messages count it (decimal, as the platform's "6 MB"). */
export const MEGABYTE = 1_000_000;

/**
 * The largest binary request body the platform passes to a function: 4.5 MB, whose base64 form
 * (6,000,000 bytes) leaves room under the 6 MB limit for the request's headers.
 */
export const PLATFORM_MAX_BODY_BYTES = 4.5 * MEGABYTE;

/**
 * Bytes as whole or decimal megabytes for a message's `{max}` (the message says "MB").
 * @example megabytes(4_500_000) // 4.5
 */
export function megabytes(bytes: number): number {
  return Math.round((bytes / MEGABYTE) * 10) / 10;
}
