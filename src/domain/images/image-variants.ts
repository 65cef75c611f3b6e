/**
 * Uploaded images and their variants (issue 13 point 3; docs/decisions/0012-image-uploads-blobs-variants.md).
 *
 * An upload becomes a few resized copies in WebP and AVIF, stored in Netlify Blobs and served from
 * `/images/{id}/{width}.{format}`. The id names the kind, a hash of the uploaded bytes and the size of
 * the largest copy (`cover-<32 hex>-640x960`), so:
 * - the same file uploads once (same bytes, same id) and every URL is immutable (cached for a year);
 * - a URL alone tells a page every variant and its size: srcset, width and height need no lookup,
 *   and the image takes its place before it loads (no layout shift).
 */

/** What an image is for: the catalogue's covers and pictures, and a reader's own profile picture. */
export const IMAGE_KINDS = ['cover', 'author', 'series', 'genre', 'profile'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** Kinds only a super user may upload (catalogue content); anyone signed in may upload `profile`. */
export const CATALOGUE_IMAGE_KINDS: readonly ImageKind[] = ['cover', 'author', 'series', 'genre'];

/**
 * Variant widths per kind, ascending: 1x, 2x and 3x of the size the pages show most (covers 160 px
 * in lists, portraits 96 px, series and genre pictures 240 px cards). An image narrower than the
 * largest gets its own width as the largest instead (never enlarged).
 */
export const VARIANT_WIDTHS: Record<ImageKind, readonly number[]> = {
  cover: [160, 320, 640],
  author: [96, 192, 384],
  profile: [96, 192, 384],
  series: [240, 480, 960],
  genre: [240, 480, 960],
};

/** Output formats, best first: a `<picture>` offers AVIF and falls back to WebP. */
export const IMAGE_FORMATS = ['avif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const FORMAT_MIME_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/** The path every uploaded image is served under. */
export const IMAGES_PATH = '/images';
/** Hex characters of the content hash in an id (128 bits of SHA-256). */
export const IMAGE_HASH_LENGTH = 32;

const KIND_PATTERN = IMAGE_KINDS.join('|');
const ID_PATTERN = new RegExp(`^(${KIND_PATTERN})-([0-9a-f]{${IMAGE_HASH_LENGTH}})-([1-9][0-9]{0,4})x([1-9][0-9]{0,4})$`);
const FILE_PATTERN = /^([1-9][0-9]{0,4})\.(avif|webp)$/;
const URL_PATTERN = new RegExp(`^${IMAGES_PATH}/([^/]+)/([^/]+)$`);

export interface ImageSize {
  width: number;
  height: number;
}

/** An image id, read. */
export interface ImageId extends ImageSize {
  id: string;
  kind: ImageKind;
  hash: string;
}

export interface ImageVariant extends ImageSize {
  format: ImageFormat;
  /** The Blobs key (`{id}/{width}.{format}`). */
  key: string;
  /** The site path that serves it. */
  url: string;
}

/** An uploaded image: its id, the canonical URL (largest WebP), the largest size and every variant. */
export interface ImagePlan extends ImageId {
  url: string;
  variants: ImageVariant[];
}

/**
 * The widths of an image `originalWidth` pixels wide: the kind's widths below it, and the largest
 * width it reaches without enlarging.
 * @example variantWidths('cover', 500) // [160, 320, 500]
 */
export function variantWidths(kind: ImageKind, originalWidth: number): number[] {
  const widths = VARIANT_WIDTHS[kind];
  const largest = Math.min(originalWidth, widths[widths.length - 1]!);
  return [...widths.filter((w) => w < largest), largest];
}

/**
 * The height of an image of `size` scaled to `width` (rounded, at least 1).
 * @example scaledHeight({ width: 800, height: 1200 }, 160) // 240
 */
export function scaledHeight(size: ImageSize, width: number): number {
  return Math.max(1, Math.round((size.height * width) / size.width));
}

/** The Blobs key of a variant. */
export const variantKey = (id: string, width: number, format: ImageFormat) => `${id}/${width}.${format}`;
/** The site path of a variant. */
export const variantUrl = (id: string, width: number, format: ImageFormat) => `${IMAGES_PATH}/${id}/${width}.${format}`;

/**
 * Reads an image id; null when it is not one of ours (wrong kind, hash or size).
 * @example parseImageId('cover-0123456789abcdef0123456789abcdef-640x960')?.kind // 'cover'
 */
export function parseImageId(id: string): ImageId | null {
  const m = ID_PATTERN.exec(id);
  if (!m) return null;
  return { id, kind: m[1] as ImageKind, hash: m[2]!, width: Number(m[3]), height: Number(m[4]) };
}

/** Every variant of an image, smallest first, AVIF before WebP at each width. */
function variantsOf(image: ImageId): ImageVariant[] {
  return variantWidths(image.kind, image.width).flatMap((width) =>
    IMAGE_FORMATS.map((format) => ({ width, height: scaledHeight(image, width), format, key: variantKey(image.id, width, format), url: variantUrl(image.id, width, format) })),
  );
}

/**
 * What to make of an upload: its id, URLs and variant sizes, from the kind, the hex SHA-256 of the
 * uploaded bytes and the image's size once oriented.
 * @example planImage('cover', sha256Hex, { width: 1000, height: 1500 }).url // '/images/cover-…-640x960/640.webp'
 */
export function planImage(kind: ImageKind, sha256Hex: string, oriented: ImageSize): ImagePlan {
  if (!/^[0-9a-f]{64}$/.test(sha256Hex)) throw new Error('planImage needs a lower-case hex SHA-256');
  const widths = variantWidths(kind, oriented.width);
  const width = widths[widths.length - 1]!;
  const image: ImageId = { id: '', kind, hash: sha256Hex.slice(0, IMAGE_HASH_LENGTH), width, height: scaledHeight(oriented, width) };
  image.id = `${kind}-${image.hash}-${image.width}x${image.height}`;
  return { ...image, url: variantUrl(image.id, width, 'webp'), variants: variantsOf(image) };
}

/**
 * The variant a served path names (`{id}` and `{width}.{format}`), or null when there is no such
 * variant: an unknown id shape, a width the image does not have, another format.
 * @example findVariant('cover-…-640x960', '320.avif')?.height // 480
 */
export function findVariant(id: string, file: string): ImageVariant | null {
  const image = parseImageId(id);
  const m = FILE_PATTERN.exec(file);
  if (!image || !m) return null;
  return variantsOf(image).find((v) => v.width === Number(m[1]) && v.format === m[2]) ?? null;
}

/**
 * The image an address of ours names (`/images/{id}/{width}.{format}` of an existing variant), with
 * all its variants; null for any other address (an external cover URL, a typo).
 */
export function parseImageUrl(url: string): ImagePlan | null {
  const m = URL_PATTERN.exec(url);
  if (!m || !findVariant(m[1]!, m[2]!)) return null;
  const image = parseImageId(m[1]!)!;
  return { ...image, url: variantUrl(image.id, image.width, 'webp'), variants: variantsOf(image) };
}

/** What an `<img>` in a `<picture>` needs for an uploaded image (React prop names). */
export interface ResponsiveImage {
  /** The fallback `src`: the WebP variant nearest to `displayWidth` × 2 (sharp on most screens). */
  src: string;
  /** `srcset` of the WebP variants (`/images/…/160.webp 160w, …`). */
  srcSet: string;
  /** `srcset` of the AVIF variants, for `<source type="image/avif">`. */
  avifSrcSet: string;
  sizes: string;
  /** The intrinsic size at the display width: the aspect ratio the page reserves before loading. */
  width: number;
  height: number;
}

/**
 * `srcset`, `sizes`, `width` and `height` for showing the image at `displayWidth` CSS pixels (or
 * `sizes` when the layout says more); null when the address is not one of our uploads (the caller
 * renders it as a plain `<img>`).
 * @example responsiveImage('/images/cover-…-640x960/640.webp', 160)?.srcSet // '/images/…/160.webp 160w, …/320.webp 320w, …/640.webp 640w'
 */
export function responsiveImage(url: string, displayWidth: number, sizes = `${displayWidth}px`): ResponsiveImage | null {
  const image = parseImageUrl(url);
  if (!image) return null;
  const srcset = (format: ImageFormat) =>
    image.variants
      .filter((v) => v.format === format)
      .map((v) => `${v.url} ${v.width}w`)
      .join(', ');
  const webp = image.variants.filter((v) => v.format === 'webp');
  const fallback = webp.find((v) => v.width >= displayWidth * 2) ?? webp[webp.length - 1]!;
  return { src: fallback.url, srcSet: srcset('webp'), avifSrcSet: srcset('avif'), sizes, width: displayWidth, height: scaledHeight(image, displayWidth) };
}
