/**
 * Astro integration: after the static build, writes `<outDir>/_headers` (issue 10, point 7) with the
 * security headers of src/domain/security-headers.ts and a Content-Security-Policy that allows
 * exactly the inline scripts and styles the built pages contain, by their SHA-256 hash. JSON-LD
 * blocks are data, not scripts: CSP does not apply to them. An on-demand page is a function's answer,
 * which `_headers` never reaches: the middleware (src/middleware.ts) gives it the same headers.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { htmlFiles } from './html-files.ts';
import { headersFile, inlineHashesOf } from '../domain/security-headers.ts';
import { filesTakenOver } from './incremental-build.ts';
import { collectInlineHashes } from '../lib/page-html.server.ts';

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
          collectInlineHashes(await readFile(file, 'utf8'), { scripts, styles });
        }
        await writeFile(path.join(site, '_headers'), headersFile({ scripts: [...scripts], styles: [...styles] }));
        logger.info(`_headers: CSP allows ${scripts.size} inline script(s) and ${styles.size} inline style(s) by hash`);
      },
    },
  };
}
