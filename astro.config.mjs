// @ts-check
import { defineConfig } from 'astro/config';
import netlify from '@astrojs/netlify';
import { cacheNetlify } from '@astrojs/netlify/cache';
import react from '@astrojs/react';
import clientIntent from './src/integrations/client-intent.ts';
import incrementalBuild from './src/integrations/incremental-build.ts';
import islandStyle from './src/integrations/island-style.ts';
import pagefindIndex from './src/integrations/pagefind.ts';
import prebuiltEntityPages from './src/integrations/prebuilt-entity-pages.ts';
import securityHeaders from './src/integrations/security-headers.ts';
import { requireSiteUrl } from './src/domain/runtime/environment.ts';

// Static first (DESIGN.md §1): lists, awards, the start page and the most popular entity pages are
// prebuilt per locale; the other book, author and series pages are rendered on demand through the
// Netlify adapter and kept at Netlify's edge until a write purges them (issue 28, ADR 0037; the
// build narrows the adapter's catch-all function to those paths). /api/* are Netlify Functions.
// Canonical, hreflang, feed, sitemap and robots addresses (issue 26 point 1): SITE_URL, else Netlify's
// URL or DEPLOY_PRIME_URL for the build's context; the local runtime's own server otherwise. A deployed
// build that knows neither fails here rather than publish localhost addresses.
export default defineConfig({
  site: requireSiteUrl(process.env, `http://localhost:${process.env.PORT ?? 8888}`),
  output: 'static',
  // No image CDN (no astro:assets here; uploads have their own variants, ADR 0012).
  adapter: netlify({ imageCDN: false }),
  cache: { provider: cacheNetlify() },
  // Order matters at build:done: the prebuilt entity pages are written before the hooks that read them.
  integrations: [react(), clientIntent(), prebuiltEntityPages(), islandStyle(), incrementalBuild(), pagefindIndex(), securityHeaders()],
  trailingSlash: 'ignore',
  i18n: {
    locales: ['en', 'de', 'it'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  prefetch: false,
  // Every page's styles in its own <style> tags, no stylesheet that blocks the first paint (issue 11,
  // ADR 0013): a page carries 6-14 KB gzip of them, well inside its HTML budget.
  build: { inlineStylesheets: 'always' },
  devToolbar: { enabled: false },
  vite: { server: { watch: { ignored: ['**/.data/**', '**/.netlify/**'] } } },
});
