/**
 * Astro integration: writes the prebuilt book, author and series pages (issue 28 point 1, ADR 0037).
 * These pages are on-demand routes (`src/pages/[locale]/{books,authors,series}/[key].astro`); the
 * most popular PREBUILD_TOP of each kind are also written as files, by calling the very server entry
 * the on-demand function runs (`.netlify/build/entry.mjs`, before the adapter copies it into the
 * function), so a prebuilt page is the on-demand page, byte for byte: same CSS chunks, same middleware.
 * Netlify serves the file first (`preferStatic`); the rest are rendered on their first request.
 *
 * Runs before the other `astro:build:done` hooks that read or link the built pages (island style,
 * incremental takeover, pagefind, security headers). An incremental build renders only the entity
 * pages its catalogue changes touch (`entityPagesToRender`); its base's files cover the rest.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroConfig, AstroIntegration } from 'astro';
import { pageKeyOf, type PageKind } from '../domain/build/incremental.ts';
import { LOCALES } from '../domain/enums.ts';
import { entityPagesToRender, prebuiltEntitySlugs } from './incremental-build.ts';

const KIND_OF_SECTION: Readonly<Record<'books' | 'authors' | 'series', PageKind>> = { books: 'book', authors: 'author', series: 'series' };
/** Pages rendered at once: the renders wait on the database more than on the CPU. */
const PARALLEL = 4;

type Handler = (request: Request, context: { ip: string }) => Promise<Response>;

export default function prebuiltEntityPages(): AstroIntegration {
  let config: AstroConfig;
  return {
    name: 'phantastika:prebuilt-entity-pages',
    hooks: {
      'astro:config:done': ({ config: done }) => {
        config = done;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = Date.now();
        const entry = new URL(config.build.serverEntry, config.build.server);
        const { createHandler } = (await import(pathToFileURL(fileURLToPath(entry)).href)) as { createHandler: (options: object) => Handler };
        const handler = createHandler({});
        const site = config.site ?? 'http://localhost';
        const render = entityPagesToRender();
        const slugs = await prebuiltEntitySlugs();
        const pages = (Object.keys(KIND_OF_SECTION) as (keyof typeof KIND_OF_SECTION)[]).flatMap((section) =>
          [...slugs[section]].filter((slug) => !render || render.has(pageKeyOf(KIND_OF_SECTION[section], slug))).flatMap((slug) => LOCALES.map((locale) => `${locale}/${section}/${slug}`)),
        );
        const out = fileURLToPath(dir);
        let next = 0;
        const worker = async () => {
          while (next < pages.length) {
            const page = pages[next++]!;
            const response = await handler(new Request(new URL(`/${page}`, site)), { ip: '127.0.0.1' });
            if (response.status !== 200) throw new Error(`Prebuilding /${page}: the on-demand route answered ${response.status}`);
            const file = path.join(out, ...page.split('/'), 'index.html');
            await mkdir(path.dirname(file), { recursive: true });
            await writeFile(file, await response.text());
          }
        };
        await Promise.all(Array.from({ length: PARALLEL }, worker));
        logger.info(`prebuilt ${pages.length} entity page(s) through the on-demand route in ${Date.now() - started} ms`);
      },
    },
  };
}
