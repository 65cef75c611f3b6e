import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import AuthorAvatar from './AuthorAvatar.tsx';

const PORTRAIT = `/images/author-${'cd'.repeat(16)}-384x512/384.webp`;

describe('AuthorAvatar', () => {
  it('shows an uploaded portrait as a lazy <picture> of the author variants, with its alt text, in the 56 px box', () => {
    const html = renderToStaticMarkup(createElement(AuthorAvatar, { name: 'Ursula K. Le Guin', imageUrl: PORTRAIT, alt: 'Porträt von Ursula K. Le Guin' }));
    expect(html).toMatch(/^<picture class="responsive-picture"><source type="image\/avif" srcSet="[^"]*\/96\.avif 96w, [^"]*\/192\.avif 192w, [^"]*\/384\.avif 384w"/);
    expect(html).toContain('class="author-card__avatar"');
    expect(html).toContain('alt="Porträt von Ursula K. Le Guin" width="56" height="75" loading="lazy"');
    expect(html).not.toContain('aria-hidden');
  });

  it('shows an external portrait as a plain image in the square box', () => {
    const html = renderToStaticMarkup(createElement(AuthorAvatar, { name: 'Lem', imageUrl: 'https://portraits.example/lem.jpg', alt: 'Portrait of Lem' }));
    expect(html).toContain('<img class="author-card__avatar" src="https://portraits.example/lem.jpg" alt="Portrait of Lem" width="56" height="56" loading="lazy"');
  });

  it('without a portrait shows the initial, hidden from assistive technology (the name is the link beside it)', () => {
    const html = renderToStaticMarkup(createElement(AuthorAvatar, { name: ' łukasz', imageUrl: null, alt: 'Portrait of łukasz' }));
    expect(html).toBe('<span class="author-card__avatar" aria-hidden="true">Ł</span>');
  });
});
