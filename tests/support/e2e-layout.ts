/**
 * Cumulative layout shift as a page's visitor meets it (issue 11: CLS under 0.1), for e2e tests:
 * `trackLayoutShift` before the navigation, `layoutShiftOf` once the page has settled. Shifts right
 * after input do not count, as in the metric.
 */
import type { Page } from '@playwright/test';

/** Starts summing the layout shifts of every page `page` loads from now on. */
export async function trackLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The current page's layout shift so far. */
export const layoutShiftOf = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
