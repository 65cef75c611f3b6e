/**
 * `npm run bench:weight [-- dist page ...]`: what a page costs to load, from the built files
 * (issue 3, item 4): its HTML gzipped, and the JavaScript each island pulls in (the module graph of
 * `component-url` and `renderer-url` through static imports), gzipped and counted once per page.
 * Islands hydrated only on a media query (`client:media`) load only where it matches: they are listed
 * with their media so the reader can tell what a desktop and a phone download.
 * Islands on intent (`client:intent`) load on the visitor's first pointer, focus or touch: listed apart.
 * Module scripts of the page (`<script type="module" src>`, Astro's processed <script>s such as the book
 * pop-up's launcher) load before input like islands on load; what they import dynamically (the pop-up
 * itself) loads on intent and is not counted.
 * Checks the budgets of issue 11 (BUDGETS: start, list and detail pages; the search results and account
 * pages, whose island is the page, are measured only); `--check` makes a page over budget fail.
 * Pages rendered on demand (ADR 0037) are read from the running server (BENCH_URL, else `npm start`
 * on PORT), their scripts from the build's files.
 * Defaults: the build `npm start` serves (else dist/), pages /en/, /en/books, /en/books/dune,
 * /de/books/dune, /en/authors/ursula-k-le-guin, /en/awards, /en/search.
 */
import './local-runtime.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { defaultBuildDir } from './site-build.ts';

const [distArg, ...pageArgs] = process.argv.slice(2).filter((arg) => arg !== '--check');
const DIST = distArg ? path.resolve(distArg) : defaultBuildDir();
const PAGES = pageArgs.length ? pageArgs : ['/en/', '/en/books', '/en/books/dune', '/de/books/dune', '/en/authors/ursula-k-le-guin', '/en/awards', '/en/search'];

const gz = (buffer: Buffer | string) => gzipSync(buffer, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * A page's HTML: its built file, else (an on-demand page, ADR 0037) as the server running that build
 * answers it (`BENCH_URL`, else `npm start` on PORT).
 */
async function pageHtml(page: string): Promise<string> {
  const candidates = [path.join(DIST, page, 'index.html'), path.join(DIST, `${page}.html`)];
  const found = candidates.find((file) => existsSync(file));
  if (found) return readFileSync(found, 'utf8');
  const origin = process.env.BENCH_URL ?? `http://localhost:${process.env.PORT ?? 8888}`;
  const answer = await fetch(new URL(page, origin)).catch(() => null);
  if (answer?.status !== 200) throw new Error(`No built page for ${page} in ${DIST}, and ${origin} does not answer it (on-demand pages need the server running)`);
  return answer.text();
}

/** The module and every module it imports statically (Vite writes relative `from"./x.js"` imports). */
function moduleGraph(url: string, seen: Set<string>): void {
  if (seen.has(url)) return;
  seen.add(url);
  const source = readFileSync(path.join(DIST, url), 'utf8');
  for (const match of source.matchAll(/(?:import|export)\s*(?:[^'"();]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    moduleGraph(path.posix.join(path.posix.dirname(url), match[1]!), seen);
  }
}

/**
 * Budgets of issue 11 (point 7), gzip: JavaScript a visitor's browser loads before any input (islands
 * hydrated on load, idle, visible or a matching media query; not those on intent), and the HTML.
 */
export const BUDGETS = { scriptBeforeInput: { list: 50 * 1024, other: 20 * 1024 }, html: 100 * 1024 };
const LIST_PAGES = /^\/(en|de|it)\/(books|authors|series)\/?$/;
/** Pages whose island is the page itself (results, forms): measured, no script budget. */
const APP_PAGES = /^\/(en|de|it)\/(search|login|register|profile|forgot-password|reset-password|verify-email)\/?$/;

const failures: string[] = [];
for (const page of PAGES) {
  const html = await pageHtml(page);
  const islands = [...html.matchAll(/<astro-island\b([^>]*)>/g)].map((m) => {
    const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(m[1]!)?.[1]?.replace(/&amp;/g, '&');
    const opts = attr('opts') ?? '';
    return {
      name: /name&quot;:&quot;([^&]+)/.exec(opts)?.[1] ?? /"name":"([^"]+)/.exec(opts.replace(/&quot;/g, '"'))?.[1] ?? '?',
      client: attr('client') ?? '?',
      media: /value&quot;:&quot;([^&]+)/.exec(opts)?.[1] ?? /"value":"([^"]+)/.exec(opts.replace(/&quot;/g, '"'))?.[1],
      urls: [attr('component-url'), attr('renderer-url')].filter((u): u is string => !!u),
    };
  });
  const inlineScripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join('\n');
  const moduleScripts = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  const always = new Set<string>();
  for (const src of moduleScripts) moduleGraph(src, always);
  const onIntent = new Set<string>();
  const byMedia = new Map<string, Set<string>>();
  for (const island of islands) {
    const target =
      island.client === 'intent'
        ? onIntent
        : island.client === 'media' && island.media
          ? (byMedia.get(island.media) ?? byMedia.set(island.media, new Set()).get(island.media)!)
          : always;
    for (const url of island.urls) moduleGraph(url, target);
  }
  const size = (urls: Set<string>) => [...urls].reduce((sum, url) => sum + gz(readFileSync(path.join(DIST, url))), 0);
  const htmlGzip = gz(html);
  // The widest screen's share: what loads everywhere plus the largest media-only part.
  const mediaExtra = Math.max(0, ...[...byMedia.values()].map((urls) => size(new Set([...urls].filter((url) => !always.has(url))))));
  const beforeInput = size(always) + mediaExtra;
  const scriptBudget = APP_PAGES.test(page) ? Infinity : LIST_PAGES.test(page) ? BUDGETS.scriptBeforeInput.list : BUDGETS.scriptBeforeInput.other;
  console.log(`\n${page}`);
  console.log(`  HTML ${kb(Buffer.byteLength(html))} raw, ${kb(htmlGzip)} gzip (inline scripts ${kb(gz(inlineScripts))} gzip); budget ${kb(BUDGETS.html)}`);
  console.log(`  islands: ${islands.map((i) => `${i.name} (client:${i.client}${i.media ? ` ${i.media}` : ''})`).join(', ') || 'none'}`);
  if (moduleScripts.length) console.log(`  module scripts: ${moduleScripts.map((src) => path.posix.basename(src)).join(', ')}`);
  console.log(`  JS loaded on every screen before input: ${kb(size(always))} gzip in ${always.size} modules`);
  for (const [media, urls] of byMedia) {
    const extra = new Set([...urls].filter((url) => !always.has(url)));
    console.log(`  JS only where ${media}: +${kb(size(extra))} gzip in ${extra.size} modules`);
  }
  const intentOnly = new Set([...onIntent].filter((url) => !always.has(url)));
  console.log(`  JS on intent (pointer, focus, touch): +${kb(size(intentOnly))} gzip in ${intentOnly.size} modules`);
  console.log(`  before input at most ${kb(beforeInput)} gzip; budget ${Number.isFinite(scriptBudget) ? kb(scriptBudget) : 'none (the page is its island)'}`);
  if (beforeInput > scriptBudget) failures.push(`${page}: ${kb(beforeInput)} of JavaScript before input (budget ${kb(scriptBudget)})`);
  if (htmlGzip > BUDGETS.html) failures.push(`${page}: ${kb(htmlGzip)} of HTML (budget ${kb(BUDGETS.html)})`);
}

if (failures.length) {
  console.log(`\nOver budget:\n${failures.map((f) => `  ${f}`).join('\n')}`);
  if (process.argv.includes('--check')) process.exitCode = 1;
} else console.log('\nAll pages within budget.');
