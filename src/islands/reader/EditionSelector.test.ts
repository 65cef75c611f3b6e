import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { anEdition } from '../../../tests/factories/edition.ts';
import EditionSelector, { type EditionSelectorProps } from './EditionSelector.tsx';
import type { EditionTexts } from './texts.ts';

const texts: EditionTexts = {
  'reader.editions.label': 'Edition',
  'reader.editions.loading': 'Loading editions…',
  'reader.editions.loadFailed': 'The editions could not be loaded.',
  'edition.binding.hardcover': 'Hardcover',
  'edition.binding.paperback': 'Paperback',
  'edition.binding.broschiert': 'Softcover',
  'edition.binding.massMarket': 'Mass-market paperback',
  'edition.binding.ebook': 'E-book',
  'edition.binding.audiobook': 'Audiobook',
  'edition.format.physical': 'Print',
  'edition.format.digital': 'Digital',
  'book.editions.translator': 'Translator',
  'book.editions.unknownLanguage': 'Unknown language',
  'book.editions.originalLanguage': 'Original language',
  'book.editions.price': 'Price',
};


const english = anEdition();
const german = anEdition({ title: 'Der Wüstenplanet', languageCode: 'de', languageName: 'Deutsch', bindingType: 'paperback', publicationYear: 1967, translator: 'Jakob Schmidt', isPrimaryEdition: false, isOriginalLanguage: false, editionType: 'international' });

const render = (props: Partial<EditionSelectorProps>) =>
  renderToStaticMarkup(createElement(EditionSelector, { locale: 'en', editions: [english, german], selectedId: english.id, onSelect: () => undefined, texts, ...props }));

describe('EditionSelector (spec §2, §8)', () => {
  it('renders nothing with fewer than two editions', () => {
    expect(render({ editions: [english] })).toBe('');
    expect(render({ editions: [] })).toBe('');
  });

  it('shows a single edition when told to (the pop-up, for super users)', () => {
    expect(render({ editions: [english], showSingle: true })).toContain('<select');
  });

  it('is a labelled dropdown by default, with formats and languages when asked', () => {
    const html = render({ showFormats: true, showLanguages: true });
    expect(html).toMatch(/<label[^>]*for="([^"]+)"[^>]*>Edition<\/label><select[^>]*id="\1"/);
    expect(html).toContain('Der Wüstenplanet · German · Translator: Jakob Schmidt · Paperback · 1967');
    expect(html).toContain('Dune · English · Original language · Hardcover · 1965');
    expect(render({})).toContain('>Der Wüstenplanet · 1967<');
  });

  // Issue 29 point 25 (spec §3 formats with price and currency, §9 EUR).
  it("adds the price an editor set to the format, in the page's locale", () => {
    const priced = { ...german, price: 12, currency: 'EUR' as const };
    const germanTexts = { ...texts, 'edition.binding.paperback': 'Taschenbuch' };
    const html = render({ locale: 'de', texts: germanTexts, editions: [english, priced], showFormats: true }).replace(/\u00a0/g, ' ');
    expect(html).toContain('Der Wüstenplanet · Taschenbuch · 12,00 € · 1967');
    expect(html).toContain('>Dune · Hardcover · 1965<');
    expect(render({ editions: [english, priced], showFormats: true })).toContain('Der Wüstenplanet · Paperback · €12.00 · 1967');
    // Without showFormats the price is not part of the label either.
    expect(render({ editions: [english, priced] })).toContain('>Der Wüstenplanet · 1967<');
  });

  it('can be the full list of radio buttons, the translator beside the language', () => {
    const html = render({ variant: 'list', showLanguages: true, selectedId: german.id });
    expect(html).toContain('<legend class="reader-editions__label">Edition</legend>');
    expect(html.match(/type="radio"/g)).toHaveLength(2);
    expect(html).toMatch(/checked="" value="\d+"\/><span class="reader-editions__title">Der Wüstenplanet/);
    expect(html).toContain('Translator: Jakob Schmidt');
  });

  it('says when the editions are loading or could not be loaded', () => {
    expect(render({ status: 'loading' })).toContain('role="status">Loading editions…');
    expect(render({ status: 'error' })).toContain('role="alert">The editions could not be loaded.');
  });
});
