/**
 * Form data bodies (spec §7: "file uploads go as form data"; issue 13 point 3). JSON endpoints use
 * `parseJson` (http.ts); an upload reads its multipart body here: multipart/form-data only (else
 * 415), and never more than `maxBytes` of it, whether the client declared a Content-Length or
 * streamed the body chunked: a bigger body is refused with the caller's error (the image upload's
 * 413 naming the platform's limit, issue 26 point 8) before it is read, or once the limit is passed,
 * so nothing unbounded is ever buffered.
 */
import type { z } from 'zod';
import { ApiError, detailsFromZod, type ErrorDetailKey } from '../../../src/domain/envelope.ts';

/** The body's bytes up to `maxBytes`; null as soon as it is longer (the rest is left unread). */
async function readAtMost(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      // Not cancelled: cancelling a Node request stream destroys the socket before the 400 is sent.
      // The server drains what is left (scripts/local-server.ts; the platform does the same).
      if (size > maxBytes) return null;
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * The request's multipart form, read with at most `maxBytes` of body; past it, `tooLarge` is thrown
 * (declared by Content-Length: before a byte is read). Not multipart: 415. A body that is no valid
 * multipart form: 400.
 */
export async function readFormData(req: Request, maxBytes: number, tooLarge: ApiError): Promise<FormData> {
  const contentType = req.headers.get('content-type') ?? '';
  if (contentType.split(';')[0]!.trim().toLowerCase() !== 'multipart/form-data') throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'api.error.multipartRequired');
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooLarge;
  const bytes = await readAtMost(req.body, maxBytes);
  if (!bytes) throw tooLarge;
  try {
    return await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ApiError('VALIDATION', 'api.error.malformedForm');
  }
}

/** The one file part of a form: its field name, size limit and the message keys of a refusal. */
export interface FilePart {
  name: string;
  maxBytes: number;
  /** No file under `name`, several, or text instead of a file. */
  missingKey: string;
  /** Thrown for a file over `maxBytes`. */
  tooLarge: ApiError;
}

/**
 * A form's text fields parsed with `schema` (each name once; a repeated or unknown one is a 400),
 * and the bytes of its one file part.
 */
export async function parseForm<T extends z.ZodType>(form: FormData, schema: T, filePart: FilePart): Promise<{ fields: z.infer<T>; file: Uint8Array }> {
  const fields: Record<string, string> = {};
  const details: ErrorDetailKey[] = [];
  for (const [name, value] of form) {
    if (name === filePart.name) continue;
    if (typeof value !== 'string' || name in fields) details.push({ path: name, key: 'validation.formField' });
    else fields[name] = value;
  }
  if (details.length) throw new ApiError('VALIDATION', 'api.error.validation', details);
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new ApiError('VALIDATION', 'api.error.validation', detailsFromZod(parsed.error.issues));
  const files = form.getAll(filePart.name);
  const file = files[0];
  if (files.length !== 1 || typeof file === 'string' || file === undefined) throw new ApiError('VALIDATION', filePart.missingKey);
  if (file.size > filePart.maxBytes) throw filePart.tooLarge;
  return { fields: parsed.data, file: new Uint8Array(await file.arrayBuffer()) };
}
