import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ResponsiveImage from './ResponsiveImage.tsx';

const BASE = `/images/cover-${'ab'.repeat(16)}-640x960`;

describe('ResponsiveImage', () => {
  it('shows an upload as a <picture>: AVIF and WebP srcsets, sizes, and width and height in its aspect ratio', () => {
    const html = renderToStaticMarkup(createElement(ResponsiveImage, { url: `${BASE}/640.webp`, alt: 'Cover of Dune', displayWidth: 200, fallbackHeight: 300, className: 'reader-popup__cover' }));
    expect(html).toBe(
      '<picture class="responsive-picture">' +
        `<source type="image/avif" srcSet="${BASE}/160.avif 160w, ${BASE}/320.avif 320w, ${BASE}/640.avif 640w" sizes="200px"/>` +
        `<img class="reader-popup__cover" src="${BASE}/640.webp" srcSet="${BASE}/160.webp 160w, ${BASE}/320.webp 320w, ${BASE}/640.webp 640w" sizes="200px" alt="Cover of Dune" width="200" height="300" loading="lazy" decoding="async"/>` +
        '</picture>',
    );
  });

  it('reserves the box of the image own aspect ratio, not the fallback', () => {
    const html = renderToStaticMarkup(createElement(ResponsiveImage, { url: `/images/author-${'ab'.repeat(16)}-384x256/384.webp`, alt: '', displayWidth: 72, fallbackHeight: 72 }));
    expect(html).toContain('width="72" height="48"');
  });

  it('shows any other address as a plain <img> in the given box, escaped, sending no referrer', () => {
    const html = renderToStaticMarkup(createElement(ResponsiveImage, { url: 'https://covers.example/x.jpg?a=1&b="2"', alt: 'A <b>cover</b>', displayWidth: 240, fallbackHeight: 360, loading: 'eager' }));
    // React 19 puts a preload link before an eager <img> (not inside a <picture>); it sends no referrer either.
    expect(html).toMatch(/<img src="https:\/\/covers\.example\/x\.jpg\?a=1&amp;b=&quot;2&quot;" alt="A &lt;b&gt;cover&lt;\/b&gt;" width="240" height="360" loading="eager" decoding="async" referrerPolicy="no-referrer"\/>$/);
    expect(html).not.toContain('<picture');
  });

  it('eager or lazy, an upload adds no preload link of its own', () => {
    const html = renderToStaticMarkup(createElement(ResponsiveImage, { url: `${BASE}/640.webp`, alt: '', displayWidth: 240, fallbackHeight: 360, loading: 'eager' }));
    expect(html.startsWith('<picture')).toBe(true);
  });
});
