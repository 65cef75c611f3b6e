import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';

/**
 * The build the e2e server serves holds a page for every book, author and series in every locale
 * (issue 3), checked against the database it was built from by scripts/check-build.ts (which reads
 * the build `npm start` serves on the e2e port).
 */
test('every catalogue entity has its page in every locale', async () => {
  test.setTimeout(300_000);
  // The admin tests before this one write to the catalogue: their rebuilds (an incremental build, then
  // its search index, each swapped in and the previous folder removed) may still run. The served build
  // holds every entity once they are done, so the check is repeated until it passes.
  await expect(() => {
    const output = execFileSync('node', ['scripts/check-build.ts'], {
      env: { ...process.env, PORT: process.env.E2E_PORT ?? '8890', EMBEDDED_DATABASE: 'phantastika_e2e', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(output).toMatch(/OK/);
  }).toPass({ timeout: 240_000, intervals: [5_000] });
});
