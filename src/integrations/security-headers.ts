/**
 * Astro integration: after the static build, writes `<outDir>/_headers` (issue 10, point 7) with the
 * security headers of src/domain/security-headers.ts and a Content-Security-Policy that allows
 * exactly the inline scripts and styles the built pages contain, by their SHA-256 hash. JSON-LD
 * blocks are data, not scripts: CSP does not apply to them.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { htmlFiles } from './html-files.ts';
import { headersFile, inlineHashesOf } from '../domain/security-headers.ts';
import { filesTakenOver } from './incremental-build.ts';

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g;
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

export default function securityHeaders(): AstroIntegration {
  return {
    name: 'phantastika:security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const site = fileURLToPath(dir);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        // An incremental build (ADR 0020) scans the pages it rendered and keeps what its base allowed
        // for the pages it took over. The inline scripts and styles come from the code, which both
        // builds share, so this is the set a full scan finds (at worst a superset, never less).
        const taken = filesTakenOver();
        if (taken) {
          const allowed = inlineHashesOf(await readFile(path.join(taken.base, '_headers'), 'utf8'));
          allowed.scripts.forEach((h) => scripts.add(h));
          allowed.styles.forEach((h) => styles.add(h));
        }
        for await (const file of htmlFiles(site)) {
          if (taken?.files.has(file)) continue;
          const html = await readFile(file, 'utf8');
          for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
            if (/type=["']?application\/(ld\+)?json/.test(attributes!)) continue;
            scripts.add(sha256(body!));
          }
          for (const [, body] of html.matchAll(INLINE_STYLE)) styles.add(sha256(body!));
        }
        await writeFile(path.join(site, '_headers'), headersFile({ scripts: [...scripts], styles: [...styles] }));
        logger.info(`_headers: CSP allows ${scripts.size} inline script(s) and ${styles.size} inline style(s) by hash`);
      },
    },
  };
}
