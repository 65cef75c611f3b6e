/**
 * How the browser makes a chosen image fit the upload (issue 26 point 8): a phone photo of 12 MB is
 * more than the platform takes in one request (4.5 MB, platform-limits.ts), and far more than the
 * stored variants need (image-variants.ts: at most 960 pixels wide). So the browser decodes it
 * (upright by its EXIF orientation), scales it to what the largest variant of its kind needs with a
 * margin, and re-encodes it, lowering quality, then size, until it is under PREPARED_IMAGE_MAX_BYTES.
 * A file that already fits is sent as chosen (its bytes name the stored image, so the same file
 * uploaded twice is still stored once).
 *
 * Pure decisions only; `src/lib/images/prepare-upload.ts` decodes and encodes in the browser.
 */
import { MAX_UPLOAD_BODY_BYTES, refuseDimensions, type ImageRefusal } from './image-rules.ts';
import { VARIANT_WIDTHS, type ImageKind, type ImageSize } from './image-variants.ts';
import { MEGABYTE, megabytes } from '../runtime/platform-limits.ts';

/**
 * The largest file a reader may choose: a 48-megapixel phone photo at high quality is 20-25 MB.
 * Bigger files are refused before decoding (a browser tab decodes every pixel into memory).
 */
export const MAX_CHOSEN_IMAGE_BYTES = 32 * MEGABYTE;

/**
 * What a prepared image may weigh: well under the body limit, which also carries the form's
 * boundaries and `kind`, so an upload never meets the platform's refusal.
 */
export const PREPARED_IMAGE_MAX_BYTES = 3.5 * MEGABYTE;

/**
 * The width sent is at most this many times the kind's largest variant: the server scales down
 * once more from it (a sharper result than from exactly that width), and room stays for a wider
 * variant set later.
 */
export const WIDTH_MARGIN = 2;

/**
 * The longest side sent, whatever the kind. With the aspect limit of 4:1 (image-rules.ts) the width
 * then stays at least 1024, above every variant width.
 */
export const MAX_PREPARED_SIDE = 4096;

/** Encoder quality steps (0-1), tried in order at each scale. */
export const QUALITY_STEPS = [0.85, 0.75, 0.65] as const;

/** Scales of the prepared size tried in order, each with every quality step, before giving up. */
export const SCALE_STEPS = [1, 0.75, 0.5] as const;

/** The MIME types the server takes as they are (IMAGE_TYPES in image-rules.ts). */
export const SENDABLE_MIME_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];

/** A refusal the interface shows: a message key and its placeholders. */
export interface PreparationRefusal {
  key: ImageRefusal | 'images.upload.unsupported' | 'images.upload.tooLarge';
  params?: Record<string, number>;
}

/** One way to encode the image: its size and the encoder quality. */
export interface EncodeAttempt extends ImageSize {
  quality: number;
}

/**
 * The refusal of a chosen file by its size alone (before decoding), or null.
 * @example refuseChosenFile(40_000_000) // { key: 'api.error.imageTooLarge', params: { max: 32 } }
 */
export function refuseChosenFile(bytes: number): PreparationRefusal | null {
  if (bytes <= MAX_CHOSEN_IMAGE_BYTES) return null;
  return { key: 'api.error.imageTooLarge', params: { max: megabytes(MAX_CHOSEN_IMAGE_BYTES) } };
}

/**
 * The refusal of a decoded image the server would refuse whatever its size (too narrow or too wide),
 * or null: too many pixels is no reason here, the browser scales it down.
 * @example refuseDecoded({ width: 400, height: 1601 }) // { key: 'api.error.imageAspectRatio' }
 */
export function refuseDecoded(size: ImageSize): PreparationRefusal | null {
  const refusal = refuseDimensions(size);
  return refusal === 'api.error.imageAspectRatio' || refusal === 'api.error.imageUnreadable' ? { key: refusal } : null;
}

/**
 * The size to send an image of `size` (already upright) as: at most WIDTH_MARGIN times the kind's
 * largest variant wide and MAX_PREPARED_SIDE on its longer side, aspect kept, never enlarged.
 * @example preparedSize('cover', { width: 3000, height: 4000 }) // { width: 1280, height: 1707 }
 */
export function preparedSize(kind: ImageKind, size: ImageSize): ImageSize {
  const widths = VARIANT_WIDTHS[kind];
  const maxWidth = WIDTH_MARGIN * widths[widths.length - 1]!;
  const factor = Math.min(1, maxWidth / size.width, MAX_PREPARED_SIDE / Math.max(size.width, size.height));
  return scaled(size, factor);
}

function scaled(size: ImageSize, factor: number): ImageSize {
  if (factor >= 1) return { width: size.width, height: size.height };
  return { width: Math.max(1, Math.round(size.width * factor)), height: Math.max(1, Math.round(size.height * factor)) };
}

/**
 * Whether a file may go as chosen: a type the server reads, small enough for the body, and a size
 * the server accepts (pixels, aspect). Anything else is re-encoded.
 * @example sendAsChosen({ type: 'image/jpeg', bytes: 900_000 }, { width: 1200, height: 1800 }) // true
 */
export function sendAsChosen(file: { type: string; bytes: number }, size: ImageSize): boolean {
  return SENDABLE_MIME_TYPES.includes(file.type.toLowerCase()) && file.bytes <= PREPARED_IMAGE_MAX_BYTES && refuseDimensions(size) === null;
}

/**
 * Every way to encode an image of `size` (upright) for `kind`, best first: the prepared size at each
 * quality step, then smaller scales. The browser takes the first whose bytes are at most
 * PREPARED_IMAGE_MAX_BYTES; when none is, the upload is refused with `images.upload.tooLarge`.
 * @example encodeAttempts('cover', { width: 640, height: 960 })[0] // { width: 640, height: 960, quality: 0.85 }
 */
export function encodeAttempts(kind: ImageKind, size: ImageSize): EncodeAttempt[] {
  const prepared = preparedSize(kind, size);
  const attempts: EncodeAttempt[] = [];
  const seen = new Set<string>();
  for (const scale of SCALE_STEPS) {
    const { width, height } = scaled(prepared, scale);
    for (const quality of QUALITY_STEPS) {
      const id = `${width}x${height}@${quality}`;
      if (seen.has(id)) continue;
      seen.add(id);
      attempts.push({ width, height, quality });
    }
  }
  return attempts;
}

/**
 * Whether an encoded image of `bytes` fits the upload.
 * @example fitsUpload(3_400_000) // true
 */
export function fitsUpload(bytes: number): boolean {
  return bytes <= PREPARED_IMAGE_MAX_BYTES && bytes < MAX_UPLOAD_BODY_BYTES;
}

/** The refusal when no attempt fitted: the picture cannot be made small enough (noise, a huge panorama). */
export const TOO_LARGE_AFTER_SCALING: PreparationRefusal = { key: 'images.upload.tooLarge' };

/** The refusal when the browser cannot decode the file (HEIC in Chromium, a PDF, a broken file). */
export const UNSUPPORTED_IN_BROWSER: PreparationRefusal = { key: 'images.upload.unsupported' };
