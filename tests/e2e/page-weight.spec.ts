import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';

/**
 * The built pages the e2e server serves keep the budgets of issue 11 (point 7): at most 20 KB gzip of
 * JavaScript before any input on start and detail pages, 50 KB on list pages, and 100 KB gzip of
 * HTML, measured by `npm run bench:weight -- --check` over the build's files.
 */
test('start, list, detail, awards and search pages stay within their weight budgets', () => {
  let output = '';
  try {
    output = execFileSync('node', ['scripts/page-weight.ts', '--check'], {
      env: { ...process.env, PORT: process.env.E2E_PORT ?? '8890' },
      encoding: 'utf8',
      timeout: 120_000,
    });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  expect(output, output).toContain('All pages within budget.');
});
