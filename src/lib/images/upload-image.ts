/**
 * The one way the browser uploads an image (issue 26 point 8): prepared first (scaled and
 * re-encoded to fit the platform's 4.5 MB, `prepare-upload.ts`), then sent to POST /api/images as
 * form data. The editor's file chooser (issue 29 point 13) and the profile picture call this; no
 * island uploads an image yet.
 */
import type { ApiClient } from '../api-client.ts';
import type { ImageKind } from '../../domain/images/image-variants.ts';
import type { PreparationRefusal } from '../../domain/images/upload-preparation.ts';
import type { UploadedImage } from '../../domain/schemas/images.ts';
import { prepareImageUpload } from './prepare-upload.ts';

/** The stored image, or why the browser did not send it (a message key to translate). A refusal of the server throws ApiClientError, its message already translated. */
export type UploadOutcome = { ok: true; image: UploadedImage } | { ok: false; refusal: PreparationRefusal };

export async function uploadImage(api: ApiClient, kind: ImageKind, file: File, signal?: AbortSignal): Promise<UploadOutcome> {
  const prepared = await prepareImageUpload(file, kind);
  if (!prepared.ok) return prepared;
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', prepared.file, prepared.name);
  const image = await api.request<UploadedImage>('POST', '/api/images', { formData: form, signal });
  return { ok: true, image };
}
