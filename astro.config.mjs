// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import clientIntent from './src/integrations/client-intent.ts';
import incrementalBuild from './src/integrations/incremental-build.ts';
import islandStyle from './src/integrations/island-style.ts';
import pagefindIndex from './src/integrations/pagefind.ts';
import securityHeaders from './src/integrations/security-headers.ts';
import { requireSiteUrl } from './src/domain/runtime/environment.ts';

// Static first (DESIGN.md §1): every catalogue page is prebuilt per locale; /api/* are Netlify Functions.
// Canonical, hreflang, feed, sitemap and robots addresses (issue 26 point 1): SITE_URL, else Netlify's
// URL or DEPLOY_PRIME_URL for the build's context; the local runtime's own server otherwise. A deployed
// build that knows neither fails here rather than publish localhost addresses.
export default defineConfig({
  site: requireSiteUrl(process.env, `http://localhost:${process.env.PORT ?? 8888}`),
  output: 'static',
  integrations: [react(), clientIntent(), islandStyle(), incrementalBuild(), pagefindIndex(), securityHeaders()],
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
