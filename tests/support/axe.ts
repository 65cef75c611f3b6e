/**
 * axe for the e2e tests: one `AxeBuilder` per check, run by `axe.run()` inside the page.
 *
 * By default `@axe-core/playwright` runs `axe.runPartial()` in every frame, then opens a second, blank
 * page, injects axe-core (about 550 KB) there once more and runs `axe.finishRun()` on it. That path
 * exists only for cross-origin iframes; our pages have none, and it took two to three times as long
 * as the audit itself (measured: /en/awards 5.7–9.9 s against 2.2–4.3 s on the shared 2-core machine,
 * with identical violations, passes, incomplete and inapplicable rules). The legacy mode runs the same
 * rules with the same options in the page and its same-origin frames; if a page ever embeds a
 * cross-origin frame, the builder keeps the default so that frame is still audited.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** An AxeBuilder for the page as it is now (chain `.include()`, `.exclude()` as usual, then `.analyze()`). */
export function axeBuilder(page: Page): AxeBuilder {
  const builder = new AxeBuilder({ page });
  const origin = new URL(page.url()).origin;
  const crossOriginFrame = page.frames().some((frame) => frame !== page.mainFrame() && /^https?:/.test(frame.url()) && new URL(frame.url()).origin !== origin);
  return crossOriginFrame ? builder : builder.setLegacyMode();
}
