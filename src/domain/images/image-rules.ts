/**
 * What an uploaded image must be (issue 13 point 3): JPEG, PNG, WebP or AVIF, recognised by its
 * bytes (never by the file name or the client's Content-Type), at most 4.5 MB (the platform's body
 * limit, issue 26 point 8) and 40 megapixels, and neither side more than four times the other. Pure
 * rules: the server reads the bytes and the header dimensions and asks these.
 */
import { PLATFORM_MAX_BODY_BYTES } from '../runtime/platform-limits.ts';

/** The image types we accept, in the order they are tried. */
export const IMAGE_TYPES = ['jpeg', 'png', 'webp', 'avif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/**
 * Largest multipart body read for one upload: the platform's (4.5 MB of binary body, issue 26
 * point 8). Anything bigger is refused with a 413 before it is buffered. The browser scales and
 * re-encodes a larger photo to fit (upload-preparation.ts), so a 12 MB phone photo still uploads.
 */
export const MAX_UPLOAD_BODY_BYTES = PLATFORM_MAX_BODY_BYTES;
/** Largest file accepted: whatever fits into that body (the form's boundaries and `kind` take a few hundred bytes). */
export const MAX_IMAGE_BYTES = MAX_UPLOAD_BODY_BYTES;
/** Largest image in pixels (width × height, as its header declares them): 40 megapixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The longer side may be at most this many times the shorter one (a cover, a portrait, a banner). */
export const MAX_ASPECT_RATIO = 4;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** AVIF's ISO-BMFF brands: a still image (avif) or an image sequence (avis). */
const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * AVIF is an ISO-BMFF file whose first box is `ftyp` naming an AVIF brand, as its major brand or
 * among the compatible ones (HEIC files share the box but not the brand).
 */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  if (boxSize < 16 || boxSize > bytes.length || boxSize % 4 !== 0) return false;
  if (AVIF_BRANDS.has(ascii(bytes, 8, 12))) return true;
  for (let at = 16; at + 4 <= boxSize; at += 4) if (AVIF_BRANDS.has(ascii(bytes, at, at + 4))) return true;
  return false;
}

/**
 * The type of an image from its first bytes (magic numbers), or null for anything else (GIF, SVG,
 * HTML, text, HEIC, a truncated header).
 * @example detectImageType(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0)) // 'jpeg'
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  return null;
}

/** The MIME type of an accepted image type. */
export const MIME_TYPE_OF: Record<ImageType, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };

/**
 * Whether the decoder read the bytes as the type their magic number names: sharp (libvips) calls
 * AVIF `heif` with the `av1` compression. A mismatch means the bytes pretend to be one thing and
 * are read as another (a polyglot), and the upload is refused.
 * @example decoderAgrees('avif', { format: 'heif', compression: 'av1' }) // true
 */
export function decoderAgrees(type: ImageType, decoded: { format?: string; compression?: string }): boolean {
  if (type === 'avif') return decoded.format === 'heif' && decoded.compression === 'av1';
  return decoded.format === type;
}

/** Why an image is refused, as the message key the API answers with. */
export type ImageRefusal = 'api.error.imageTooLarge' | 'api.error.imageType' | 'api.error.imageTooManyPixels' | 'api.error.imageAspectRatio' | 'api.error.imageUnreadable';

/** Width and height in pixels. */
export interface Size {
  width: number;
  height: number;
}

/**
 * The refusal of an image of `size` as its header declares it (before any pixel is decoded), or
 * null when it may be processed: at least one pixel, at most MAX_IMAGE_PIXELS, and an aspect ratio
 * within MAX_ASPECT_RATIO.
 * @example refuseDimensions({ width: 20_000, height: 20_000 }) // 'api.error.imageTooManyPixels'
 */
export function refuseDimensions(size: Size): ImageRefusal | null {
  const { width, height } = size;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) return 'api.error.imageUnreadable';
  if (width * height > MAX_IMAGE_PIXELS) return 'api.error.imageTooManyPixels';
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height)) return 'api.error.imageAspectRatio';
  return null;
}

/**
 * The size an image shows at once its EXIF orientation is applied: orientations 5 to 8 turn it by
 * 90 degrees, so width and height swap.
 * @example orientedSize({ width: 300, height: 400 }, 6) // { width: 400, height: 300 }
 */
export function orientedSize(size: Size, orientation: number | undefined): Size {
  return orientation !== undefined && orientation >= 5 && orientation <= 8 ? { width: size.height, height: size.width } : { ...size };
}
