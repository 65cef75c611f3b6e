/**
 * The wire contract of image uploads (issue 13 point 3) and the one rule for an image address
 * given as a URL (spec §3 Edition coverImage: "a URL or empty").
 */
import { z } from 'zod';
import { IMAGE_FORMATS, IMAGE_KINDS, parseImageUrl } from '../images/image-variants.ts';
import { text } from './text.ts';

/** The `kind` form field of POST /api/images. */
export const ImageKindSchema = z.enum(IMAGE_KINDS, 'validation.imageKind');

/** The text fields of the upload form (the file is read apart, as bytes). */
export const ImageUploadFieldsSchema = z.strictObject({ kind: ImageKindSchema });
export type ImageUploadFields = z.infer<typeof ImageUploadFieldsSchema>;

/** POST /api/images answers the stored image: the URL to save, its largest size and every variant. */
export const UploadedImageSchema = z.object({
  id: z.string(),
  kind: ImageKindSchema,
  /** The canonical address (largest WebP variant): what a cover, picture or profile stores. */
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  variants: z.array(z.object({ url: z.string(), width: z.number().int().positive(), height: z.number().int().positive(), format: z.enum(IMAGE_FORMATS) })),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

/** Longest image address accepted (browsers and CDNs handle far more; a cover URL never needs it). */
export const IMAGE_URL_MAX_LENGTH = 2048;

/**
 * An absolute http(s) address with a host and without credentials (`https://user:pw@…` is refused:
 * it would send a secret with every page view).
 * @example isExternalImageUrl('https://covers.example/dune.jpg') // true
 */
export function isExternalImageUrl(value: string): boolean {
  if (value.length > IMAGE_URL_MAX_LENGTH || !/^https?:\/\/[^/]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/**
 * An image address a cover or picture may store: an external http(s) URL, or one of our uploads
 * (`/images/{id}/{width}.{format}` naming a variant that exists by the id's rules).
 * @example isImageUrl('javascript:alert(1)') // false
 */
export function isImageUrl(value: string): boolean {
  return isExternalImageUrl(value) || parseImageUrl(value) !== null;
}

/**
 * The schema of an image address field; `key` is the message of every refusal. Compose it as the
 * field needs: `.nullable().optional()` for "a URL or empty".
 * @example imageUrlSchema().nullable().optional()
 */
export function imageUrlSchema(key = 'validation.imageUrl') {
  return text(key).trim().max(IMAGE_URL_MAX_LENGTH, key).refine(isImageUrl, key);
}
