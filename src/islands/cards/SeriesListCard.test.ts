import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SeriesCard } from '../../domain/schemas/lists.ts';
import type { CardTexts } from './card-texts.ts';
import SeriesListCard from './SeriesListCard.tsx';

const PICTURE = `/images/series-${'ef'.repeat(16)}-960x540/960.webp`;

const texts: CardTexts = {
  originalTitle: 'Original title: {title}',
  ratingSummary: { one: '{rating} out of 5 ({count} rating)', other: '{rating} out of 5 ({count} ratings)' },
  noRatings: 'No ratings yet',
  books: { one: '{count} book', other: '{count} books' },
  lifespan: '{born}–{died}',
  born: 'born {year}',
  portraitAlt: 'Portrait of {name}',
  seriesImageAlt: 'Picture of the series {name}',
  status: { ongoing: 'Ongoing', completed: 'Completed' },
};

function series(overrides: Partial<SeriesCard> = {}): SeriesCard {
  return { id: 1, slug: 'earthsea', name: 'Earthsea', imageUrl: null, kind: 'novel_series', status: 'completed', authors: [], bookCount: 6, rating: { average: null, count: 0 }, ...overrides } as SeriesCard;
}

describe('SeriesListCard', () => {
  it("shows the series' uploaded picture first, lazy, in the card band's sizes, named by the series", () => {
    const html = renderToStaticMarkup(createElement(SeriesListCard, { locale: 'en', series: series({ imageUrl: PICTURE }), texts }));
    expect(html).toMatch(/^<article class="card series-card series-card--list"><picture class="responsive-picture">/);
    expect(html).toContain('sizes="(min-width: 640px) 24rem, calc(100vw - 4rem)"');
    expect(html).toContain('class="card__picture"');
    expect(html).toContain('alt="Picture of the series Earthsea" width="320" height="180" loading="lazy"');
  });

  it('without a picture starts with the name, as before', () => {
    const html = renderToStaticMarkup(createElement(SeriesListCard, { locale: 'en', series: series(), texts }));
    expect(html).toMatch(/^<article class="card series-card series-card--list"><h2 class="series-card__name">/);
    expect(html).not.toContain('<img');
  });
});
