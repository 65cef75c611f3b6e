/**
 * Astro integration: after the static build, moves the `<style>` Astro writes into the body before
 * the first island (`astro-island{display:contents}`) into the page's <head> (issue 11: html-validate
 * refuses a <style> inside a <div>, on every page; withastro/astro#13832). The rule itself and its
 * CSP hash stay the same. On-demand pages get the same from the middleware (src/lib/page-html.server.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { hoistIslandStyle } from '../lib/page-html.server.ts';
import { htmlFiles } from './html-files.ts';

export default function islandStyle(): AstroIntegration {
  return {
    name: 'phantastika:island-style',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        let moved = 0;
        for await (const file of htmlFiles(fileURLToPath(dir))) {
          const html = await readFile(file, 'utf8');
          const hoisted = hoistIslandStyle(html);
          if (hoisted !== html) {
            await writeFile(file, hoisted);
            moved++;
          }
        }
        logger.info(`island style moved into <head> on ${moved} page(s)`);
      },
    },
  };
}
