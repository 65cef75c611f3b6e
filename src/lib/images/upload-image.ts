/**
 * The one way the browser uploads an image (issue 26 point 8): prepared first (scaled and
 * re-encoded to fit the platform's 4.5 MB, `prepare-upload.ts`), then sent to POST /api/images as
 * form data. The editor's image fields (`src/islands/editorial/ImageField.tsx`, issue 29 point 13)
 * import this module when a file is chosen, so the editor's first JavaScript does not carry it.
 *
 * Sent with XMLHttpRequest, not the API client: fetch cannot report how many bytes of a request
 * body are sent, and a 3.5 MB body on a phone's uplink takes seconds. The answer is read by the
 * client's own rules (envelope, error precedence). Not retried: a 429 here is the profile upload
 * limit, whose Retry-After is minutes away (the client would not wait it out either).
 */
import { ApiClientError, errorFrom, parseBody } from '../api-client.ts';
import type { ImageKind } from '../../domain/images/image-variants.ts';
import type { UploadProgress } from '../../domain/images/upload-progress.ts';
import type { PreparationRefusal } from '../../domain/images/upload-preparation.ts';
import { UploadedImageSchema, type UploadedImage } from '../../domain/schemas/images.ts';
import { prepareImageUpload } from './prepare-upload.ts';

/** The stored image, or why the browser did not send it (a message key to translate). A refusal of the server throws ApiClientError, its message already translated. */
export type UploadOutcome = { ok: true; image: UploadedImage } | { ok: false; refusal: PreparationRefusal };

export interface UploadOptions {
  /** The interface language, sent as Accept-Language: the server's refusals come translated. */
  language: string;
  /** Stops preparing (before sending) or sending; the promise rejects with an AbortError. */
  signal?: AbortSignal;
  /** Called as the upload goes: preparing, then the bytes sent. */
  onProgress?: (progress: UploadProgress) => void;
}

export const UPLOAD_PATH = '/api/images';

export async function uploadImage(kind: ImageKind, file: File, options: UploadOptions): Promise<UploadOutcome> {
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  onProgress?.({ phase: 'preparing' });
  const prepared = await prepareImageUpload(file, kind);
  if (!prepared.ok) return prepared;
  signal?.throwIfAborted();
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', prepared.file, prepared.name);
  onProgress?.({ phase: 'uploading', loaded: 0, total: prepared.file.size });
  const image = UploadedImageSchema.parse(await sendForm(UPLOAD_PATH, form, options));
  return { ok: true, image };
}

/**
 * The `data` of an answer to a form POST, or the ApiClientError the API client would raise for it
 * (the envelope's message, else the body's, else the status text).
 * @example uploadAnswer(413, 'Payload Too Large', '{"success":false,"error":{"code":"PAYLOAD_TOO_LARGE","message":"…"}}') // throws
 */
export function uploadAnswer(status: number, statusText: string, text: string): unknown {
  const parsed = parseBody(text);
  if (status < 200 || status > 299) throw errorFrom(status, statusText, parsed);
  return typeof parsed === 'object' && parsed !== null && 'success' in parsed ? (parsed as { data?: unknown }).data : parsed;
}

function sendForm(path: string, form: FormData, { language, signal, onProgress }: UploadOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    const done = () => signal?.removeEventListener('abort', abort);
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('accept-language', language);
    if (onProgress) request.upload.onprogress = (event) => onProgress({ phase: 'uploading', loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    request.onload = () => {
      done();
      try {
        resolve(uploadAnswer(request.status, request.statusText, request.responseText));
      } catch (error) {
        reject(error);
      }
    };
    // The client's own report of a failed request (spec §7 'Network Error').
    request.onerror = () => {
      done();
      reject(new ApiClientError('Network Error', 500));
    };
    request.onabort = () => {
      done();
      reject(new DOMException('The upload was stopped.', 'AbortError'));
    };
    signal?.addEventListener('abort', abort, { once: true });
    request.send(form);
  });
}
