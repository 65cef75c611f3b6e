/**
 * Checks a build against the database it was built from (issue 3): every book, author and series
 * has its detail page in every locale, as a prebuilt file or (issue 28, ADR 0037) from the build's
 * on-demand page function (all prebuilt files and a sample of the rest are rendered and read), no
 * detail page file exists without a record, each page carries parseable JSON-LD of the right type,
 * and the sitemaps (index + parts, answered by the sitemaps
 * function from the same database) list exactly pages that exist,
 * including every detail page; the feeds of the new books, every award and every series exist (issue 16)
 * and the series pages link theirs.
 *
 *   node scripts/check-build.ts                # npm start's build (else dist/) against DATABASE_URL (or the embedded database)
 *   DIST_DIR=dist-detail node scripts/check-build.ts
 *
 * Prints counts, lists what is wrong (the first 20 of each kind) and exits 1 on any problem.
 * Plain Node, no test runner: reads the snapshot once (13 queries) and the files once (~1 s).
 */
import './local-runtime.ts';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Context } from '@netlify/functions';
import { closeSharedConnection, connect } from '../db/client.ts';
import { resolveLocalDatabaseUrl, stopOwnedEmbeddedServers } from '../db/embedded.ts';
import { loadCatalogueSnapshot } from '../db/queries/catalogue.ts';
import { LOCALES } from '../src/domain/enums.ts';
import { feedPath } from '../src/domain/open-data/feed-items.ts';
import { FEED_FORMATS } from '../src/domain/open-data/feeds.ts';
import { localePath } from '../src/lib/i18n.ts';
import sitemaps from '../netlify/functions/sitemaps.mts';
import { defaultBuildDir, pageFunctionDirOf } from './site-build.ts';
import { pathToFileURL } from 'node:url';

const DIST = defaultBuildDir();
const SHOW = 20;
/** On-demand pages rendered and read per section and locale (spread over the catalogue), besides every prebuilt file. */
const ON_DEMAND_SAMPLE = 40;

const SECTIONS = [
  { dir: 'books', type: 'Book', label: 'books' },
  { dir: 'authors', type: 'Person', label: 'authors' },
  { dir: 'series', type: 'BookSeries', label: 'series' },
] as const;

const problems = new Map<string, string[]>();
const report = (kind: string, item: string) => {
  const list = problems.get(kind) ?? [];
  list.push(item);
  problems.set(kind, list);
};

const JSON_LD = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/;

/** The admin shells beside the detail pages (spec §2 /{kind}/add and /{kind}/edit/{slug}; ADR 0014): no record of their own. */
const ADMIN_SHELLS = new Set(['add', 'edit']);

/** Sub-folders of dist/{locale}/{section} that hold an index.html (the built detail pages). */
function builtSlugs(locale: string, section: string): Set<string> {
  const dir = path.join(DIST, locale, section);
  if (!existsSync(dir)) return new Set();
  return new Set(
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !ADMIN_SHELLS.has(entry.name) && existsSync(path.join(dir, entry.name, 'index.html')))
      .map((entry) => entry.name),
  );
}

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** Whether a built file serves a site path ('/de/books/dune' → dist/de/books/dune/index.html). */
function isBuilt(pathname: string): boolean {
  const clean = decodeURIComponent(pathname).replace(/\/+$/, '');
  const candidates = [path.join(DIST, clean, 'index.html'), path.join(DIST, `${clean}.html`), path.join(DIST, clean)];
  return candidates.some((candidate) => candidate.startsWith(DIST) && isFile(candidate));
}

if (!existsSync(DIST)) {
  console.error(`check-build: ${DIST} does not exist. Build first (npx astro build --outDir ${path.relative(process.cwd(), DIST)}).`);
  process.exit(1);
}

const started = Date.now();
const databaseUrl = await resolveLocalDatabaseUrl();
const connection = connect(databaseUrl, { max: 4 });
const snapshot = await loadCatalogueSnapshot(connection.db).finally(() => connection.close());

const expectedPaths = new Set<string>();
const counts: string[] = [];
// The build's own function of on-demand pages, as Netlify deploys it (ADR 0037).
process.env.DATABASE_URL = databaseUrl;
const pageFunctions = pageFunctionDirOf(DIST);
if (!pageFunctions) report('no on-demand page function beside the build', `${DIST}.functions/ssr/ssr.mjs`);
const pageHandler = pageFunctions ? ((await import(pathToFileURL(path.join(pageFunctions, 'ssr', 'ssr.mjs')).href)).default as (req: Request, context: { ip: string }) => Promise<Response>) : null;
const onDemand = async (pagePath: string): Promise<string | null> => {
  const answer = await pageHandler?.(new Request(`http://localhost${pagePath}`), { ip: '127.0.0.1' });
  return answer?.status === 200 ? answer.text() : null;
};

for (const section of SECTIONS) {
  const records = snapshot[section.dir];
  const slugs = new Set(records.map((r) => r.slug));
  const every = Math.max(1, Math.floor(slugs.size / ON_DEMAND_SAMPLE));
  for (const locale of LOCALES) {
    const built = builtSlugs(locale, section.dir);
    let ok = 0;
    let checked = 0;
    let index = 0;
    for (const slug of slugs) {
      const pagePath = `/${locale}/${section.dir}/${slug}`;
      expectedPaths.add(pagePath);
      const sampled = index++ % every === 0;
      if (!built.has(slug) && !sampled) continue;
      checked += 1;
      const html = built.has(slug) ? readFileSync(path.join(DIST, locale, section.dir, slug, 'index.html'), 'utf8') : await onDemand(pagePath);
      if (html === null) {
        report(`missing ${section.label} pages`, `${pagePath} (no file, and the on-demand function does not answer 200)`);
        continue;
      }
      const json = JSON_LD.exec(html)?.[1];
      let type: unknown;
      try {
        type = json ? (JSON.parse(json) as { '@type'?: unknown })['@type'] : undefined;
      } catch {
        type = 'unparseable';
      }
      if (section.dir === 'series' && !FEED_FORMATS.every((format) => html.includes(`${localePath(locale, feedPath({ kind: 'series', slug }, format))}"`)))
        report('series pages without their feed links', pagePath);
      if (type !== section.type) report('pages without valid JSON-LD', `${pagePath} (@type ${String(type)}, expected ${section.type})`);
      else if (!html.includes(`<html lang="${locale}"`)) report('pages in the wrong language', pagePath);
      else ok += 1;
    }
    for (const slug of built) if (!slugs.has(slug)) report(`${section.label} pages without a database record`, `/${locale}/${section.dir}/${slug}`);
    counts.push(`${locale}/${section.dir}: ${ok}/${checked} right (${built.size} files, ${checked - built.size} on demand) of ${slugs.size}`);
  }
}

// Feeds (issue 16): the new books, every award and every series in every locale and format, and no
// feed without its record. Their content is checked by tests/e2e/open-data.spec.ts.
let feedFiles = 0;
for (const locale of LOCALES) {
  for (const format of FEED_FORMATS) {
    if (isBuilt(localePath(locale, feedPath({ kind: 'new-books' }, format)))) feedFiles += 1;
    else report('missing feeds', localePath(locale, feedPath({ kind: 'new-books' }, format)));
  }
  for (const [folder, kind, slugs] of [
    ['awards', 'award', snapshot.awards.map((a) => a.slug)],
    ['series', 'series', snapshot.series.map((s) => s.slug)],
  ] as const) {
    const expected = new Set(slugs.flatMap((slug) => FEED_FORMATS.map((format) => localePath(locale, feedPath({ kind, slug }, format)))));
    const dir = path.join(DIST, locale, 'feeds', folder);
    const built = new Set(existsSync(dir) ? readdirSync(dir).map((file) => `/${locale}/feeds/${folder}/${file}`) : []);
    for (const feed of expected) {
      if (built.has(feed)) feedFiles += 1;
      else report('missing feeds', feed);
    }
    for (const feed of built) if (!expected.has(feed)) report('feeds without a database record', feed);
  }
}
counts.push(`feeds: ${feedFiles}`);

// The sitemap index and its parts, as the sitemaps function answers them from this database (issue 28
// point 5: they are no files of the build): every detail page listed once, every listed URL built.
const origin = 'http://localhost';
const askSitemap = async (pathname: string, part?: string): Promise<string | null> => {
  const answer = await sitemaps(new Request(`${origin}${pathname}`), { params: part === undefined ? {} : { part } } as unknown as Context);
  return answer.status === 200 ? answer.text() : null;
};
let sitemapUrls = 0;
try {
  const index = await askSitemap('/sitemap.xml');
  if (index === null) {
    report('sitemap', 'sitemap.xml does not answer');
  } else {
    const listed = new Set<string>();
    let alternates = 0;
    for (const part of index.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)) {
      const partPath = new URL((part[1] ?? '').replace(/&amp;/g, '&')).pathname;
      const xml = await askSitemap(partPath, /^\/sitemaps\/(.+)\.xml$/.exec(partPath)?.[1]);
      if (xml === null) {
        report('sitemap parts named in the index that do not answer', partPath);
        continue;
      }
      for (const match of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
        sitemapUrls += 1;
        const pathname = new URL((match[1] ?? '').replace(/&amp;/g, '&')).pathname;
        if (listed.has(pathname)) report('sitemap', `listed twice: ${pathname}`);
        listed.add(pathname);
        if (!isBuilt(pathname) && !expectedPaths.has(pathname)) report('sitemap URLs without a page', pathname);
      }
      alternates += (xml.match(/<xhtml:link /g) ?? []).length;
    }
    for (const expected of expectedPaths) if (!listed.has(expected)) report('detail pages missing from the sitemaps', expected);
    if (alternates !== sitemapUrls * (LOCALES.length + 1)) report('sitemap', `${alternates} hreflang alternates for ${sitemapUrls} URLs (expected ${LOCALES.length + 1} each)`);
  }
} finally {
  await closeSharedConnection();
  await stopOwnedEmbeddedServers();
}

console.log(`check-build: ${path.relative(process.cwd(), DIST) || DIST} against ${snapshot.books.length} books, ${snapshot.authors.length} authors, ${snapshot.series.length} series`);
console.log(`  ${counts.join('  ')}`);
console.log(`  detail pages expected: ${expectedPaths.size}; sitemap URLs: ${sitemapUrls}; ${Date.now() - started} ms`);

if (problems.size === 0) {
  console.log('check-build: OK');
} else {
  for (const [kind, items] of problems) {
    console.error(`\n✗ ${kind}: ${items.length}`);
    for (const item of items.slice(0, SHOW)) console.error(`    ${item}`);
    if (items.length > SHOW) console.error(`    ... and ${items.length - SHOW} more`);
  }
  process.exitCode = 1;
}
