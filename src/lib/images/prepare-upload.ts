/**
 * A chosen image made fit for POST /api/images in the browser (issue 26 point 8): a 12 MB phone photo
 * is decoded upright (EXIF orientation), scaled to what the stored variants of its kind need, and
 * re-encoded (WebP, else JPEG) at falling quality, then size, until it is under 3.5 MB; the platform
 * takes 4.5 MB per request. A file that already fits goes as chosen. The decisions are the pure
 * rules of `src/domain/images/upload-preparation.ts`; this module only decodes and encodes.
 *
 * A refusal is a message key (and its placeholders) for the interface to translate: a file over
 * 32 MB, an image the browser cannot decode (HEIC in Chromium), one too narrow or too wide, one that
 * cannot be made small enough.
 */
import type { ImageKind, ImageSize } from '../../domain/images/image-variants.ts';
import {
  encodeAttempts,
  fitsUpload,
  refuseChosenFile,
  refuseDecoded,
  sendAsChosen,
  TOO_LARGE_AFTER_SCALING,
  UNSUPPORTED_IN_BROWSER,
  type EncodeAttempt,
  type PreparationRefusal,
} from '../../domain/images/upload-preparation.ts';

export type PreparedUpload = { ok: true; file: Blob; name: string } | { ok: false; refusal: PreparationRefusal };

/** Encoders tried in order: WebP keeps transparency; a browser without a WebP encoder gets JPEG. */
const OUTPUT_TYPES = ['image/webp', 'image/jpeg'] as const;
type OutputType = (typeof OUTPUT_TYPES)[number];
const EXTENSION_OF: Record<OutputType, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg' };

/** The file decoded, upright by its EXIF orientation; null when this browser cannot read it. */
async function decode(file: Blob): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
}

/** The picture drawn at `attempt`'s size and encoded as `type`; null when the browser encodes no `type` (it falls back to PNG). */
async function encode(bitmap: ImageBitmap, attempt: EncodeAttempt, type: OutputType): Promise<Blob | null> {
  const { width, height, quality } = attempt;
  let blob: Blob | null;
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    draw(canvas.getContext('2d'), bitmap, attempt, type);
    blob = await canvas.convertToBlob({ type, quality }).catch(() => null);
  } else {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    draw(canvas.getContext('2d'), bitmap, attempt, type);
    blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  }
  return blob && blob.type === type ? blob : null;
}

function draw(context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null, bitmap: ImageBitmap, size: ImageSize, type: OutputType): void {
  if (!context) throw new Error('No 2D canvas context');
  // JPEG has no transparency: a transparent PNG would turn black, so it goes on white paper.
  if (type === 'image/jpeg') {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
  }
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size.width, size.height);
}

/** The file's name with the extension of what is sent. */
function renamed(name: string, type: OutputType): string {
  const base = name.replace(/\.[^.]*$/, '') || 'image';
  return `${base}.${EXTENSION_OF[type]}`;
}

/**
 * `file` ready to upload as `kind`: the file itself when it fits, else a scaled, re-encoded copy;
 * or the refusal to show.
 */
export async function prepareImageUpload(file: File, kind: ImageKind): Promise<PreparedUpload> {
  const tooBig = refuseChosenFile(file.size);
  if (tooBig) return { ok: false, refusal: tooBig };
  const bitmap = await decode(file);
  if (!bitmap) return { ok: false, refusal: UNSUPPORTED_IN_BROWSER };
  try {
    const size = { width: bitmap.width, height: bitmap.height };
    const refusal = refuseDecoded(size);
    if (refusal) return { ok: false, refusal };
    if (sendAsChosen({ type: file.type, bytes: file.size }, size)) return { ok: true, file, name: file.name };
    let types: readonly OutputType[] = OUTPUT_TYPES;
    for (const attempt of encodeAttempts(kind, size)) {
      for (const type of types) {
        const blob = await encode(bitmap, attempt, type);
        if (!blob) {
          // This browser has no such encoder: never try it again.
          types = types.filter((t) => t !== type);
          continue;
        }
        if (fitsUpload(blob.size)) return { ok: true, file: blob, name: renamed(file.name, type) };
        break;
      }
      if (!types.length) return { ok: false, refusal: UNSUPPORTED_IN_BROWSER };
    }
    return { ok: false, refusal: TOO_LARGE_AFTER_SCALING };
  } finally {
    bitmap.close();
  }
}
