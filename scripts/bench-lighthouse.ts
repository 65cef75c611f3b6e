/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset, its default) on the pages issue 11 names, in
 * Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH; never a downloaded browser). Not a test:
 * it prints the median of RUNS (default 3) runs per page for the four categories and the metrics
 * behind performance, beside the goal (100 in every category), and always finishes.
 *
 * Target: `npm start` on BENCH_PORT (default 8896; the first start on a new port builds the site), or
 * a running server at BENCH_URL. Production-like: the same static files, headers and functions, and
 * text files compressed as Netlify's CDN sends them (scripts/local-server.ts).
 * Lighthouse simulates a slow phone from the trace it records, so a busy machine reads slower (TBT
 * above all): compare runs taken under the same load.
 *
 * Examples:
 *   npm run bench:lighthouse
 *   RUNS=1 BENCH_URL=http://localhost:8888 npm run bench:lighthouse -- /en/books/dune
 */
import './local-runtime.ts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startNpmStart, type StartedServer } from './bench-support.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const PAGES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/en/', '/en/books', '/en/books/dune', '/de/books/dune', '/en/authors/ursula-k-le-guin', '/en/awards', '/en/search?q=dune'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

let server: StartedServer | undefined;
let base = process.env.BENCH_URL;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  if (!base) {
    server = await startNpmStart(Number(process.env.BENCH_PORT ?? 8896));
    base = server.url;
  }
  for (const page of PAGES) {
    const scores: Record<string, number[]> = {};
    const metrics: Record<string, number[]> = {};
    const failed: string[] = [];
    let errors = 0;
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(new URL(page, base).href, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      const lhr = result?.lhr;
      // A run whose trace failed (NO_NAVSTART, seen on a loaded machine) has no scores: it is run
      // again (up to RUNS more times) instead of entering the median as 0.
      if (!lhr || lhr.runtimeError) {
        console.error(`${page}: run ${run + 1} failed (${lhr?.runtimeError?.code ?? 'no result'}), running it again`);
        if (++errors <= RUNS) run--;
        continue;
      }
      for (const category of CATEGORIES) (scores[category] ??= []).push(Math.round((lhr.categories[category]?.score ?? 0) * 100));
      for (const metric of METRICS) (metrics[metric] ??= []).push(lhr.audits[metric]?.numericValue ?? NaN);
      if (run === 0) {
        for (const category of CATEGORIES) {
          for (const ref of lhr.categories[category]?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failed.push(`${category}: ${ref.id}`);
          }
        }
      }
    }
    const row = {
      page,
      runs: RUNS,
      ...Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c] ?? [NaN])])),
      fcpMs: Math.round(median(metrics['first-contentful-paint'] ?? [NaN])),
      lcpMs: Math.round(median(metrics['largest-contentful-paint'] ?? [NaN])),
      tbtMs: Math.round(median(metrics['total-blocking-time'] ?? [NaN])),
      cls: +median(metrics['cumulative-layout-shift'] ?? [NaN]).toFixed(3),
      goal: 100,
      belowGoal: failed,
    };
    console.log(JSON.stringify(row));
  }
} finally {
  await chrome.kill();
  await server?.stop();
}
