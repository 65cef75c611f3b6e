/**
 * The browser's side of an upload (issue 26 point 8), in a real browser (Debian's Chromium, as the
 * e2e tests use): a 12+ MB phone-sized JPEG is scaled and re-encoded by `src/lib/images/` to fit the
 * platform's limit and stored by POST /api/images; a small image goes as chosen; a HEIC file, which
 * Chromium cannot decode, gets the localized refusal's key. The modules are bundled here and run on a
 * blank page of the local server's origin (the editor's image fields, issue 29 point 13, are tested
 * in tests/e2e/admin-images.spec.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'esbuild';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSharedConnection } from '../../../db/client.ts';
import { startLocalServer, type LocalServer } from '../../../scripts/local-server.ts';
import { MAX_UPLOAD_BODY_BYTES } from '../../../src/domain/images/image-rules.ts';
import { PREPARED_IMAGE_MAX_BYTES } from '../../../src/domain/images/upload-preparation.ts';
import { createReader } from '../../support/readers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

let server: LocalServer;
let blobsDir: string;
let browser: Browser;
let page: Page;
/** Test files the page fetches by name (served by a route, never by the site). */
const files = new Map<string, { body: Buffer; type: string }>();

/** What the page answers: the prepared file's size and type, and the upload's outcome. */
interface Outcome {
  prepared: { ok: boolean; size?: number; type?: string; name?: string; key?: string };
  upload?: { ok: boolean; width?: number; height?: number; url?: string; key?: string };
  /** The progress phases reported, in order (one per event). */
  phases?: string[];
}

beforeAll(async () => {
  blobsDir = mkdtempSync(path.join(os.tmpdir(), 'phantastika-prepare-blobs-'));
  server = await startLocalServer({ trustTestClientIp: true, blobsDir });
  const editor = await createReader(server.url, { role: 'SUPER_USER', firstName: 'Editor' });
  const bundle = await build({
    stdin: {
      contents: `
        import { prepareImageUpload } from './src/lib/images/prepare-upload.ts';
        import { uploadImage } from './src/lib/images/upload-image.ts';
        window.runUpload = async (name, type, kind, send) => {
          const blob = await (await fetch('/__test-files/' + name)).blob();
          const file = new File([blob], name, { type });
          const p = await prepareImageUpload(file, kind);
          const prepared = p.ok ? { ok: true, size: p.file.size, type: p.file.type, name: p.name } : { ok: false, key: p.refusal.key };
          if (!send) return { prepared };
          const phases = [];
          const u = await uploadImage(kind, file, { language: 'en', onProgress: (p) => phases.push(p.phase) });
          return { prepared, phases, upload: u.ok ? { ok: true, width: u.image.width, height: u.image.height, url: u.image.url } : { ok: false, key: u.refusal.key } };
        };`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
  });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext();
  const at = editor.cookie.indexOf('=');
  await context.addCookies([{ name: editor.cookie.slice(0, at), value: editor.cookie.slice(at + 1), url: server.url }]);
  page = await context.newPage();
  await page.route(`${server.url}/__test-page`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>upload</title>' }));
  await page.route(`${server.url}/__test-files/*`, (route) => {
    const file = files.get(new URL(route.request().url()).pathname.split('/').pop()!);
    return file ? route.fulfill({ body: file.body, contentType: file.type }) : route.fulfill({ status: 404 });
  });
  await page.goto(`${server.url}/__test-page`);
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await closeSharedConnection();
  if (blobsDir) rmSync(blobsDir, { recursive: true, force: true });
});

const run = (name: string, type: string, kind: string, send = true) => page.evaluate(([n, t, k, s]) => (window as unknown as { runUpload: (...a: unknown[]) => Promise<Outcome> }).runUpload(n, t, k, s), [name, type, kind, send] as const);

describe('preparing an upload in the browser', () => {
  it('scales a 4000 × 3000 JPEG of over 12 MB under the limit, turned upright by its EXIF orientation, and the server stores it', async () => {
    const pixels = Buffer.alloc(4000 * 3000 * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.imul(i, 2654435761) >>> 24) ^ ((i / 3000) & 0xff);
    // Orientation 6: stored landscape, shown portrait (a phone held upright).
    const photo = await sharp(pixels, { raw: { width: 4000, height: 3000, channels: 3 } }).jpeg({ quality: 100 }).withMetadata({ orientation: 6 }).toBuffer();
    expect(photo.length).toBeGreaterThan(12_000_000);
    expect(photo.length).toBeGreaterThan(MAX_UPLOAD_BODY_BYTES);
    files.set('phone.jpg', { body: photo, type: 'image/jpeg' });
    const outcome = await run('phone.jpg', 'image/jpeg', 'cover');
    expect(outcome.prepared).toMatchObject({ ok: true, type: 'image/webp', name: 'phone.webp' });
    expect(outcome.prepared.size).toBeLessThanOrEqual(PREPARED_IMAGE_MAX_BYTES);
    // Upright: 3000 × 4000, sent at twice the largest cover variant (1280 × 1707), stored at 640 × 854.
    expect(outcome.upload).toMatchObject({ ok: true, width: 640, height: 854 });
    // Preparing first, then the bytes as they are sent (XMLHttpRequest's upload progress).
    expect(outcome.phases![0]).toBe('preparing');
    expect(outcome.phases!.slice(1).length).toBeGreaterThan(0);
    expect(new Set(outcome.phases!.slice(1))).toEqual(new Set(['uploading']));
    const stored = await fetch(`${server.url}${outcome.upload!.url}`);
    expect(stored.status).toBe(200);
    expect(await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).toMatchObject({ width: 640, height: 854, format: 'webp' });
  }, 120_000);

  it('sends a small JPEG as chosen', async () => {
    const small = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    files.set('small.jpg', { body: small, type: 'image/jpeg' });
    const outcome = await run('small.jpg', 'image/jpeg', 'cover');
    expect(outcome.prepared).toEqual({ ok: true, size: small.length, type: 'image/jpeg', name: 'small.jpg' });
    expect(outcome.upload).toMatchObject({ ok: true, width: 600, height: 900 });
  });

  it('refuses what Chromium cannot decode (HEIC) with a key the interface translates, sending nothing', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(2000, 7)]);
    files.set('photo.heic', { body: heic, type: 'image/heic' });
    expect(await run('photo.heic', 'image/heic', 'cover')).toEqual({ prepared: { ok: false, key: 'images.upload.unsupported' }, phases: ['preparing'], upload: { ok: false, key: 'images.upload.unsupported' } });
  });

  it('refuses a panorama the server would refuse, before sending it', async () => {
    const wide = await sharp({ create: { width: 2000, height: 400, channels: 3, background: '#000' } }).png().toBuffer();
    files.set('wide.png', { body: wide, type: 'image/png' });
    expect((await run('wide.png', 'image/png', 'genre', false)).prepared).toEqual({ ok: false, key: 'api.error.imageAspectRatio' });
  });
});
