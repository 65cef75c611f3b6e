/**
 * Image uploads end to end (issue 13 points 3 and 9): POST /api/images through the local server (as
 * `npm start` composes it, with Netlify's Blobs server on a folder of this file's own), the
 * variants served from GET /images/{id}/{width}.{format}, and every refusal as the localized 400
 * envelope (a body over the platform's 4.5 MB: 413, issue 26 point 8). Test images are made here
 * with sharp; no binary is committed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../locales/de.json' with { type: 'json' };
import en from '../../../locales/en.json' with { type: 'json' };
import { closeSharedConnection, getDb } from '../../../db/client.ts';
import { findUserById } from '../../../db/queries/accounts.ts';
import { startLocalServer, type LocalServer } from '../../../scripts/local-server.ts';
import type { Role } from '../../../src/domain/enums.ts';
import { MAX_UPLOAD_BODY_BYTES } from '../../../src/domain/images/image-rules.ts';
import { UploadedImageSchema, type UploadedImage } from '../../../src/domain/schemas/images.ts';
import { createReader, dataOf, errorOf, type Answer, type Reader } from '../../support/readers.ts';

let server: LocalServer;
let blobsDir: string;
let editor: Reader;
let reader: Reader;

beforeAll(async () => {
  blobsDir = mkdtempSync(path.join(os.tmpdir(), 'phantastika-image-blobs-'));
  server = await startLocalServer({ trustTestClientIp: true, blobsDir });
  editor = await createReader(server.url, { role: 'SUPER_USER', firstName: 'Editor' });
  reader = await createReader(server.url, { role: 'NORMAL_USER', firstName: 'Reader' });
});

afterAll(async () => {
  await server?.close();
  await closeSharedConnection();
  if (blobsDir) rmSync(blobsDir, { recursive: true, force: true });
});

interface UploadOptions {
  kind?: string;
  cookie?: string;
  name?: string;
  type?: string;
  lang?: string;
}

/** POSTs a form with `kind` and `file` (the bytes under a name and type the client claims). */
async function upload(bytes: Uint8Array | null, options: UploadOptions = {}): Promise<Answer> {
  const form = new FormData();
  if (options.kind !== undefined || !('kind' in options)) form.set('kind', options.kind ?? 'cover');
  if (bytes) form.set('file', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }), options.name ?? 'cover.png');
  return send(form, options);
}

async function send(body: BodyInit, options: { cookie?: string; lang?: string; headers?: Record<string, string>; duplex?: boolean } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'accept-language': options.lang ?? 'en', ...options.headers };
  if (options.cookie !== undefined) headers.cookie = options.cookie;
  else headers.cookie = editor.cookie;
  const res = await fetch(`${server.url}/api/images`, { method: 'POST', headers, body, ...(options.duplex ? { duplex: 'half' } : {}) } as RequestInit);
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
}

/** A picture with some detail (a gradient), so encoders have something to do. */
function picture(width: number, height: number): Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels.set([(x * 255) / width, (y * 255) / height, ((x + y) * 127) / (width + height)], (y * width + x) * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A multipart body of exactly `size` bytes: `kind` and a `file` part of PNG magic and filler. */
function multipartOfSize(size: number): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = 'phantastika-size-test';
  const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ncover\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(size).fill(0x41);
  body.set(head);
  body.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], head.length);
  body.set(tail, size - tail.length);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** A PNG whose header declares `width` × `height` with almost no pixel data: a decompression bomb. */
function bombPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // 8 bits per sample, greyscale
  const rows = zlib.deflateSync(Buffer.alloc((width + 1) * 64));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

const fetchImage = (url: string) => fetch(`${server.url}${url}`);

describe('POST /api/images: a cover', () => {
  let cover: UploadedImage;
  let png: Buffer;

  beforeAll(async () => {
    png = await picture(800, 1200).png().toBuffer();
    cover = dataOf(await upload(png, { kind: 'cover' }), UploadedImageSchema, 201);
  });

  it('answers the URL to store, the largest size and every variant in WebP and AVIF', () => {
    expect(cover.kind).toBe('cover');
    expect(cover.url).toMatch(/^\/images\/cover-[0-9a-f]{32}-640x960\/640\.webp$/);
    expect([cover.width, cover.height]).toEqual([640, 960]);
    expect(cover.variants.map((v) => `${v.width}x${v.height}.${v.format}`)).toEqual(['160x240.avif', '160x240.webp', '320x480.avif', '320x480.webp', '640x960.avif', '640x960.webp']);
  });

  it('serves every variant with its type, its size, nosniff and a year-long immutable cache', async () => {
    for (const variant of cover.variants) {
      const res = await fetchImage(variant.url);
      expect(res.status, variant.url).toBe(200);
      expect(res.headers.get('content-type')).toBe(`image/${variant.format}`);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const metadata = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(variant.format === 'avif' ? [metadata.format, metadata.compression] : [metadata.format]).toEqual(variant.format === 'avif' ? ['heif', 'av1'] : ['webp']);
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
    }
  });

  it('stores the same bytes once: a second upload answers 200 with the same URL', async () => {
    const again = dataOf(await upload(png, { kind: 'cover' }), UploadedImageSchema, 200);
    expect(again.url).toBe(cover.url);
  });

  it('answers 404 (the envelope, not cached) for variants and images that do not exist', async () => {
    const base = cover.url.replace(/\/640\.webp$/, '');
    for (const url of [`${base}/1280.webp`, `${base}/640.png`, `${base}/640.webp.html`, `/images/cover-${'0'.repeat(32)}-640x960/640.webp`, '/images/..%2fapi%2fauth/user', '/images/x/y', '/images/a/b/c', '/images/x/']) {
      const res = await fetchImage(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
  });
});

describe('POST /api/images: metadata and orientation', () => {
  it('turns a JPEG upright by its EXIF orientation and serves variants without any of its metadata', async () => {
    // 300 × 450 stored, orientation 6 (turned 90°): shown as 450 × 300.
    const jpeg = await picture(300, 450)
      .withExif({ IFD0: { Copyright: 'Secret Photographer', ImageDescription: 'Taken at 52.52N 13.40E' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect([input.orientation, Boolean(input.exif)]).toEqual([6, true]);
    expect(jpeg.includes('Secret Photographer')).toBe(true);

    const portrait = dataOf(await upload(jpeg, { kind: 'author', name: 'portrait.jpg', type: 'image/jpeg' }), UploadedImageSchema, 201);
    expect([portrait.width, portrait.height]).toEqual([384, 256]);
    for (const variant of portrait.variants) {
      const bytes = Buffer.from(await (await fetchImage(variant.url)).arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect([metadata.width, metadata.height], variant.url).toEqual([variant.width, variant.height]);
      expect(metadata.exif, variant.url).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(bytes.includes('Secret Photographer')).toBe(false);
      expect(bytes.includes('52.52N')).toBe(false);
    }
  });

  it('takes WebP and AVIF uploads too', async () => {
    const webp = dataOf(await upload(await picture(500, 500).webp().toBuffer(), { kind: 'series' }), UploadedImageSchema, 201);
    expect(webp.variants.map((v) => v.width)).toEqual([240, 240, 480, 480, 500, 500]);
    const avif = dataOf(await upload(await picture(200, 300).avif().toBuffer(), { kind: 'genre' }), UploadedImageSchema, 201);
    expect([avif.width, avif.height]).toEqual([200, 300]);
  });
});

describe('POST /api/images: who may upload', () => {
  const image = () => picture(120, 180).png().toBuffer();

  it('is 401 for a visitor', async () => {
    expect(errorOf(await upload(await image(), { cookie: '' }), 401).code).toBe('UNAUTHENTICATED');
  });

  it.each<Role>(['NORMAL_USER', 'POWER_USER', 'GOLDEN_USER'])('refuses catalogue images to a %s (403) and takes their profile picture', async (role) => {
    const user = await createReader(server.url, { role });
    for (const kind of ['cover', 'author', 'series', 'genre']) expect(errorOf(await upload(await image(), { kind, cookie: user.cookie }), 403).code, kind).toBe('FORBIDDEN');
    // A picture of each reader's own (the same bytes would be stored once: 200, not 201).
    const size = 200 + ['NORMAL_USER', 'POWER_USER', 'GOLDEN_USER'].indexOf(role);
    const own = dataOf(await upload(await picture(size, size).png().toBuffer(), { kind: 'profile', cookie: user.cookie }), UploadedImageSchema, 201);
    expect(own.url).toMatch(new RegExp(`^/images/profile-[0-9a-f]{32}-${size}x${size}/${size}\\.webp$`));
    expect((await findUserById(await getDb(), user.id))?.profileImageUrl).toBe(own.url);
  });

  it("sets only the uploader's own profile picture, shown by GET /api/auth/user", async () => {
    const own = dataOf(await upload(await picture(400, 400).png().toBuffer(), { kind: 'profile', cookie: reader.cookie }), UploadedImageSchema, 201);
    const me = (await (await fetch(`${server.url}/api/auth/user`, { headers: { cookie: reader.cookie } })).json()) as { data: { profileImageUrl: string } };
    expect(me.data.profileImageUrl).toBe(own.url);
    expect((await findUserById(await getDb(), editor.id))?.profileImageUrl).toBeNull();
  });

  it('lets a super user upload every kind', async () => {
    for (const kind of ['cover', 'author', 'series', 'genre', 'profile']) dataOf(await upload(await picture(100 + kind.length, 150).png().toBuffer(), { kind }), UploadedImageSchema, 201);
  });
});

describe('POST /api/images: refusals', () => {
  const messageOf = async (answer: Promise<Answer>, status = 400) => errorOf(await answer, status).message;

  it('refuses a text file, whatever name and type the client gives it', async () => {
    const textFile = new TextEncoder().encode('Dune is a 1965 novel by Frank Herbert.');
    expect(await messageOf(upload(textFile, { name: 'cover.png', type: 'image/png' }))).toBe(en['api.error.imageType']);
  });

  it('refuses polyglots: PNG magic before an HTML page, a GIF/HTML file, an SVG with script', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>')]);
    expect(await messageOf(upload(png))).toBe(en['api.error.imageUnreadable']);
    const gif = new TextEncoder().encode('GIF89a/*\u0001\u0000\u0001\u0000*/=1;<script>alert(1)</script>');
    expect(await messageOf(upload(gif, { name: 'cover.gif', type: 'image/gif' }))).toBe(en['api.error.imageType']);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await messageOf(upload(svg, { name: 'cover.svg', type: 'image/svg+xml' }))).toBe(en['api.error.imageType']);
  });

  it('re-encodes a real image with HTML appended: nothing but the picture is served', async () => {
    const png = await picture(160, 240).png().toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const answer = await upload(polyglot);
    if (answer.status === 400) return void expect(errorOf(answer, 400).message).toBe(en['api.error.imageUnreadable']);
    const image = dataOf(answer, UploadedImageSchema, 201);
    for (const variant of image.variants) expect(Buffer.from(await (await fetchImage(variant.url)).arrayBuffer()).includes('<script>')).toBe(false);
  });

  it('refuses a cut-off image (a valid header, then nothing)', async () => {
    const png = await picture(300, 450).png().toBuffer();
    expect(await messageOf(upload(png.subarray(0, png.length / 2)))).toBe(en['api.error.imageUnreadable']);
  });

  it('refuses a decompression bomb (a 274-byte PNG declaring 20,000 × 20,000 pixels) fast, in the request language', async () => {
    const bomb = bombPng(20_000, 20_000);
    expect(bomb.byteLength).toBeLessThan(2000);
    const started = performance.now();
    expect(await messageOf(upload(bomb))).toBe(en['api.error.imageTooManyPixels']);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await messageOf(upload(bomb, { lang: 'de' }))).toBe(de['api.error.imageTooManyPixels']);
  });

  it('refuses an image with a side more than four times the other', async () => {
    expect(await messageOf(upload(await picture(100, 401).png().toBuffer()))).toBe(en['api.error.imageAspectRatio']);
  });

  it("refuses a body one byte over the platform's 4.5 MB with 413, naming the limit in the request language", async () => {
    const tooLarge = multipartOfSize(MAX_UPLOAD_BODY_BYTES + 1);
    const answer = await send(tooLarge.body, { headers: { 'content-type': tooLarge.type } });
    const error = errorOf(answer, 413);
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toBe('The image is too large: at most 4.5 MB.');
    expect(errorOf(await send(tooLarge.body, { headers: { 'content-type': tooLarge.type }, lang: 'de' }), 413).message).toBe('Das Bild ist zu groß: höchstens 4,5 MB.');
    expect(en['api.error.imageTooLarge']).toContain('{max}');
  });

  it('refuses by Content-Length before reading the body', async () => {
    // Declares 64 MiB and sends a few bytes: an answer at once means the server never waited for the rest.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${server.url}/api/images`, { method: 'POST', headers: { cookie: editor.cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(64 * 1024 * 1024) } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The image is too large: at most 4.5 MB.' });
  });

  it('refuses a body streamed without Content-Length once it passes the limit, with the same 413', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x41);
    let sent = 0;
    const stream = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          // 64 MiB unless the server stops reading: it answers after about 4.5 MB.
          if (sent++ < 64) controller.enqueue(chunk);
          else controller.close();
        },
      });
    const answer = await send(stream(), { headers: { 'content-type': 'multipart/form-data; boundary=x' }, duplex: true });
    expect(errorOf(answer, 413)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The image is too large: at most 4.5 MB.' });
    expect(sent).toBeLessThan(64);
    sent = 0;
    expect(errorOf(await send(stream(), { headers: { 'content-type': 'multipart/form-data; boundary=x' }, duplex: true, lang: 'it' }), 413).message).toBe("L'immagine è troppo grande: al massimo 4,5 MB.");
  });

  it('still takes an image whose body is just under the limit', async () => {
    // Uncompressed (deflate level 0), so its size in bytes follows from its pixels.
    const png = await picture(1200, 1245).png({ compressionLevel: 0 }).toBuffer();
    const form = new FormData();
    form.set('kind', 'cover');
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
    const body = new Uint8Array(await new Response(form).arrayBuffer());
    expect(body.byteLength).toBeLessThanOrEqual(MAX_UPLOAD_BODY_BYTES);
    expect(body.byteLength).toBeGreaterThan(MAX_UPLOAD_BODY_BYTES - 50_000);
    expect(dataOf(await upload(png), UploadedImageSchema, 201).width).toBe(640);
  });

  it('refuses a form without a file, with two files, or with text in the file field', async () => {
    expect(await messageOf(upload(null))).toBe(en['api.error.imageMissing']);
    const png = await picture(50, 50).png().toBuffer();
    const two = new FormData();
    two.set('kind', 'cover');
    two.append('file', new Blob([png]), 'a.png');
    two.append('file', new Blob([png]), 'b.png');
    expect(await messageOf(send(two))).toBe(en['api.error.imageMissing']);
    const text = new FormData();
    text.set('kind', 'cover');
    text.set('file', 'not a file');
    expect(await messageOf(send(text))).toBe(en['api.error.imageMissing']);
  });

  it('refuses an unknown kind, a missing kind and unknown fields with field details', async () => {
    const png = await picture(50, 50).png().toBuffer();
    expect(errorOf(await upload(png, { kind: 'poster' }), 400).details?.map((d) => `${d.path}: ${d.key}`)).toEqual(['kind: validation.imageKind']);
    expect(errorOf(await upload(png, { kind: undefined }), 400).details?.map((d) => d.path)).toEqual(['kind']);
    const extra = new FormData();
    extra.set('kind', 'cover');
    extra.set('role', 'SUPER_USER');
    extra.set('file', new Blob([png]), 'a.png');
    expect(errorOf(await send(extra), 400).details?.map((d) => d.key)).toEqual(['validation.unrecognizedKeys']);
  });

  it('answers 415 to a body that is not multipart form data, and 400 to a broken one', async () => {
    const json = await send(JSON.stringify({ kind: 'cover', file: 'iVBORw0KGgo=' }), { headers: { 'content-type': 'application/json' } });
    expect(errorOf(json, 415).message).toBe(en['api.error.multipartRequired']);
    const urlEncoded = await send('kind=cover&file=x', { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(errorOf(urlEncoded, 415).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const broken = await send('--x\r\nContent-Disposition: form-data; name="kind"\r\n\r\ncover', { headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(errorOf(broken, 400).message).toBe(en['api.error.malformedForm']);
  });

  it('answers 405 to other methods', async () => {
    expect((await fetch(`${server.url}/api/images`, { headers: { cookie: editor.cookie } })).status).toBe(405);
  });
});
