/**
 * Content codings as Netlify's CDN applies them (issue 11; ADR 0037): text answers, static files and
 * functions' answers alike, are sent brotli- or gzip-compressed when the request accepts it. Used by
 * the local server for static files and by its CDN emulation for function answers.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export type ContentCoding = 'br' | 'gzip';

/** Types Netlify's CDN compresses (text, scripts, data, SVG); images, fonts and pagefind's own (gzipped) files are sent as they are. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json|ld\+json)\b|image\/svg\+xml)/i;
/** Smaller bodies are not worth compressing (a packet either way). */
const COMPRESS_MIN_BYTES = 1024;

/**
 * The content coding to send for an Accept-Encoding header: brotli before gzip, none when neither is
 * accepted (a coding with q=0 is refused).
 * @example contentCoding('gzip, deflate, br') // 'br'
 */
export function contentCoding(acceptEncoding: string | null): ContentCoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (coding: ContentCoding) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  return allows('br') ? 'br' : allows('gzip') ? 'gzip' : undefined;
}

/** Whether an answer of this type and size is sent compressed. */
export function isCompressible(contentType: string | null, bytes: number): boolean {
  return bytes >= COMPRESS_MIN_BYTES && COMPRESSIBLE.test(contentType ?? '');
}

export function compress(body: Buffer, coding: ContentCoding): Buffer {
  // Quality 5 / level 6: what CDNs use on the fly; a page compresses in a few milliseconds.
  return coding === 'br'
    ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
}

