/**
 * Uploaded images on the server (issue 13 point 3; docs/decisions/0012-image-uploads-blobs-variants.md):
 * the bytes are checked (type by magic number, header size against the pixel and aspect limits, the
 * decoder agreeing with the magic number), decoded once by sharp with `limitInputPixels` (a
 * decompression bomb fails on its header, before any pixel is allocated), turned upright by its
 * EXIF orientation, and written as resized WebP and AVIF variants into the Netlify Blobs store
 * `images`. sharp writes no metadata unless asked (EXIF, GPS, XMP, ICC are dropped; colours are
 * converted to sRGB), and every variant is re-encoded from decoded pixels, so nothing of the
 * uploaded file but its picture is ever served.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
import { ApiError } from '../../../src/domain/envelope.ts';
import { decoderAgrees, detectImageType, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_UPLOAD_BODY_BYTES, orientedSize, refuseDimensions, type ImageRefusal } from '../../../src/domain/images/image-rules.ts';
import { imagesStore } from './images-store.ts';
import { megabytes } from '../../../src/domain/runtime/platform-limits.ts';
import { FORMAT_MIME_TYPES, planImage, type ImageFormat, type ImageKind, type ImagePlan, type ImageVariant } from '../../../src/domain/images/image-variants.ts';

/** Decoding: the pixel limit on the header's size, fail on real decoding errors (truncated or corrupt data). */
const DECODE: SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' };

/** Encoder settings: visually lossless for covers and portraits at a fraction of the JPEG size. */
const ENCODE: Record<ImageFormat, (image: Sharp) => Sharp> = {
  webp: (image) => image.webp({ quality: 80, effort: 4 }),
  avif: (image) => image.avif({ quality: 55, effort: 4 }),
};

const refused = (key: ImageRefusal) => new ApiError('VALIDATION', key);

/**
 * An upload over the platform's body limit (issue 26 point 8): 413, the message naming the limit
 * in megabytes ("at most 4.5 MB").
 */
export const imageTooLarge = () => new ApiError('PAYLOAD_TOO_LARGE', 'api.error.imageTooLarge', undefined, undefined, { params: { max: megabytes(MAX_UPLOAD_BODY_BYTES) } });

/** The decoder's answer about bad input as our refusal (its messages are not part of its API, so anything else is unreadable). */
function refusalOf(error: unknown): ApiError {
  return refused(error instanceof Error && /pixel limit/i.test(error.message) ? 'api.error.imageTooManyPixels' : 'api.error.imageUnreadable');
}

export interface StoredImage {
  image: ImagePlan;
  /** False when the same bytes were uploaded before: nothing was written. */
  created: boolean;
}

/** Checks an uploaded file and stores its variants; a refusal is a 400 ApiError with its message key. */
export async function storeUploadedImage(kind: ImageKind, bytes: Uint8Array): Promise<StoredImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw imageTooLarge();
  const type = detectImageType(bytes);
  if (!type) throw refused('api.error.imageType');

  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, DECODE).metadata();
  } catch (error) {
    throw refusalOf(error);
  }
  if (!decoderAgrees(type, metadata)) throw refused('api.error.imageType');
  const refusal = refuseDimensions({ width: metadata.width, height: metadata.height });
  if (refusal) throw refused(refusal);

  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const image = planImage(kind, sha256, orientedSize({ width: metadata.width, height: metadata.height }, metadata.orientation));
  const store = imagesStore();
  const canonical = image.variants.find((v) => v.width === image.width && v.format === 'webp')!;
  // The canonical variant is written last: when it exists, every variant does.
  if (await store.getMetadata(canonical.key)) return { image, created: false };

  // Decoded once, upright, at the largest size, as 8-bit sRGB pixels; every variant comes from these.
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(bytes, DECODE).autoOrient().resize(image.width, image.height, { fit: 'fill' }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw refusalOf(error);
  }
  const encode = (variant: ImageVariant) => {
    const pixels = sharp(base.data, { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } });
    return ENCODE[variant.format](pixels.resize(variant.width, variant.height, { fit: 'fill' })).toBuffer();
  };
  for (const variant of [...image.variants.filter((v) => v !== canonical), canonical]) {
    const data = await encode(variant);
    await store.set(variant.key, new Blob([new Uint8Array(data)], { type: FORMAT_MIME_TYPES[variant.format] }), { metadata: { width: variant.width, height: variant.height } });
  }
  return { image, created: true };
}
