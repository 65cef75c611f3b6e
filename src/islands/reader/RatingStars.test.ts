import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import RatingStars from './RatingStars.tsx';

const labels = ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'];

describe('RatingStars', () => {
  it('shows an average with half stars as one image with a name (display only)', () => {
    const html = renderToStaticMarkup(createElement(RatingStars, { mode: 'display', value: 3.6, label: '3.6 out of 5' }));
    expect(html).toContain('role="img" aria-label="3.6 out of 5"');
    expect(html.match(/stars__star--full/g)).toHaveLength(3);
    expect(html.match(/stars__star--half/g)).toHaveLength(1);
    expect(html).not.toContain('<input');
  });

  it('takes the reader\'s 1 to 5 stars as a labelled radio group, the chosen one checked', () => {
    const html = renderToStaticMarkup(createElement(RatingStars, { mode: 'input', value: 4, label: 'Your rating', choiceLabels: labels, onChange: () => undefined }));
    expect(html).toMatch(/<fieldset[^>]*role="radiogroup"[^>]*aria-labelledby="([^"]+)"[\s\S]*<legend id="\1"[^>]*>Your rating<\/legend>/);
    expect(html.match(/type="radio"/g)).toHaveLength(5);
    expect(html).toMatch(/checked="" value="4"/);
    for (const label of labels) expect(html).toContain(`>${label}</span>`);
  });

  it('checks no star before the reader rated', () => {
    const html = renderToStaticMarkup(createElement(RatingStars, { mode: 'input', value: null, label: 'Your rating', choiceLabels: labels, onChange: () => undefined }));
    expect(html).not.toContain('checked');
  });
});
