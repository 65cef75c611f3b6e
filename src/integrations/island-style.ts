/**
 * Astro integration: after the static build, moves the `<style>` Astro writes into the body before
 * the first island (`astro-island{display:contents}`) into the page's <head> (issue 11: html-validate
 * refuses a <style> inside a <div>, on every page; withastro/astro#13832). The rule itself and its
 * CSP hash stay the same.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { htmlFiles } from './html-files.ts';

export const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** The page with the island style in its head instead of its body (unchanged without one). */
export function hoistIslandStyle(html: string): string {
  if (!html.includes(ISLAND_STYLE) || !html.includes('</head>')) return html;
  return html.replaceAll(ISLAND_STYLE, '').replace('</head>', `${ISLAND_STYLE}</head>`);
}

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
