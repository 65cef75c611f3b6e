/**
 * What an image field shows while an upload runs (issue 29 point 13): preparing has no measurable
 * progress (the browser decodes and re-encodes, src/lib/images/prepare-upload.ts), so it is an
 * indeterminate bar; sending reports the bytes the browser has handed to the network.
 */

/** The phase of an upload and, while sending, the bytes sent of the body. */
export type UploadProgress = { phase: 'preparing' } | { phase: 'uploading'; loaded: number; total: number };

/** The text of each phase (a message key; `uploading` has `{percent}`). */
export const UPLOAD_PROGRESS_KEYS = {
  preparing: 'images.field.preparing',
  uploading: 'images.field.uploading',
} as const;

/**
 * The whole percent sent (0-100), or null while nothing can be measured (preparing, or a body of
 * unknown length). Never 100 before the last byte, so "100 %" means sent, not nearly sent.
 * @example uploadPercent({ phase: 'uploading', loaded: 1_500_000, total: 3_000_000 }) // 50
 */
export function uploadPercent(progress: UploadProgress): number | null {
  if (progress.phase !== 'uploading' || !(progress.total > 0)) return null;
  const share = Math.min(1, Math.max(0, progress.loaded / progress.total));
  return share >= 1 ? 100 : Math.min(99, Math.floor(share * 100));
}
