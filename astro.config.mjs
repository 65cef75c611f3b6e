// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import clientIntent from './src/integrations/client-intent.ts';
import incrementalBuild from './src/integrations/incremental-build.ts';
import islandStyle from './src/integrations/island-style.ts';
import pagefindIndex from './src/integrations/pagefind.ts';
import redirectRules from './src/integrations/redirect-rules.ts';
import slugRedirects from './src/integrations/slug-redirects.ts';
import securityHeaders from './src/integrations/security-headers.ts';

// Static first (DESIGN.md §1): every catalogue page is prebuilt per locale; /api/* are Netlify Functions.
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:8888',
  output: 'static',
  integrations: [react(), clientIntent(), islandStyle(), incrementalBuild(), pagefindIndex(), redirectRules(), slugRedirects(), securityHeaders()],
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
