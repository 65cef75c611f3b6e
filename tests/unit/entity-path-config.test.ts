/**
 * Netlify reads a function's `config` without running its module, so the entity-path function names
 * its languages and sections literally (issue 28 point 4; books, authors and series are on-demand pages, ADR 0037). They must stay those of LOCALES and
 * ENTITY_PATH_SECTIONS, and the function must let a page's own file answer first.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOOKUP_ONLY_SECTIONS, sectionsPath } from '../../src/domain/entity-paths.ts';

const source = readFileSync('netlify/functions/entity-path.mts', 'utf8');

describe('the entity-path function config', () => {
  it('claims every language and the sections without on-demand pages, literally', () => {
    expect(source).toContain(`path: '${sectionsPath(LOOKUP_ONLY_SECTIONS)}'`);
  });
  it('prefers a static file (a prebuilt page) at the same path', () => {
    expect(source).toMatch(/preferStatic: true/);
  });
});
