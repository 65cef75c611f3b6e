/**
 * The built pages are valid HTML (issue 11, point 7): html-validate's standard preset finds nothing on
 * one page of every type in every language (Astro's island style once sat inside a <div> on every
 * page: src/integrations/island-style.ts moves it into the head).
 */
import { expect, test } from '@playwright/test';
import { HtmlValidate } from 'html-validate';

const PAGE_TYPES = [
  '/{l}/',
  '/{l}/books',
  '/{l}/books/dune',
  '/{l}/authors',
  '/{l}/authors/frank-herbert',
  '/{l}/series',
  '/{l}/series/dune-chronicles',
  '/{l}/genres',
  '/{l}/awards',
  '/{l}/awards/hugo',
  '/{l}/awards/locus/horror-novel',
  '/{l}/search',
  '/{l}/login',
  '/{l}/register',
  '/{l}/profile',
  '/{l}/impressum',
  '/{l}/datenschutz',
  '/{l}/404',
  // The admin pages of issue 13 points 4-6 (static shells; the islands render for super users).
  '/{l}/admin/users',
  '/{l}/admin/awards',
  '/{l}/admin/affiliate',
  // The analytics dashboard (issue 14 point 3).
  '/{l}/admin/analytics',
  // The read API's reference (issue 16 point 4).
  '/{l}/developers',
];

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

test('one page of every type in every language validates with html-validate:standard', async ({ request }) => {
  const problems: string[] = [];
  for (const locale of ['en', 'de', 'it']) {
    for (const template of PAGE_TYPES) {
      const url = template.replace('{l}', locale);
      const response = await request.get(url);
      expect(response.ok(), url).toBe(true);
      const report = await validator.validateString(await response.text(), url);
      for (const result of report.results) for (const m of result.messages) problems.push(`${url} ${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
    }
  }
  expect(problems).toEqual([]);
});
