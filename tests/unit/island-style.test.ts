import { describe, expect, it } from 'vitest';
import { hoistIslandStyle, ISLAND_STYLE } from '../../src/lib/page-html.server.ts';

describe('hoistIslandStyle', () => {
  it('moves the island style from the body into the head, once', () => {
    const page = `<html><head><title>x</title></head><body><div class="s">${ISLAND_STYLE}<astro-island></astro-island></div></body></html>`;
    const out = hoistIslandStyle(page);
    expect(out).toBe(`<html><head><title>x</title>${ISLAND_STYLE}</head><body><div class="s"><astro-island></astro-island></div></body></html>`);
    expect(hoistIslandStyle(out)).toBe(out.replace(ISLAND_STYLE, '').replace('</head>', `${ISLAND_STYLE}</head>`));
  });

  it('leaves pages without islands alone', () => {
    const page = '<html><head></head><body><p>static</p></body></html>';
    expect(hoistIslandStyle(page)).toBe(page);
  });
});
