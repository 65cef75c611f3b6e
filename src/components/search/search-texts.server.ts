/**
 * The texts of the search islands in a page's language (islands never import the dictionaries:
 * src/islands/README.md). Build-time only.
 */
import type { Locale } from '../../domain/enums.ts';
import type { SearchBoxTexts } from '../../islands/SearchBox.tsx';
import { pluralForms, t } from '../../lib/i18n.ts';

/** The navbar's box is narrow: it gets the short placeholder. */
export function searchBoxTexts(locale: Locale, variant: 'navbar' | 'hero' | 'page' = 'hero'): SearchBoxTexts {
  return {
    label: t(locale, 'search.label'),
    placeholder: t(locale, variant === 'navbar' ? 'search.placeholderShort' : 'search.placeholder'),
    submit: t(locale, 'search.submit'),
    open: t(locale, 'search.open'),
    close: t(locale, 'search.close'),
    suggestions: t(locale, 'search.suggestions'),
    groups: {
      books: t(locale, 'search.group.books'),
      authors: t(locale, 'search.group.authors'),
      series: t(locale, 'search.group.series'),
      genres: t(locale, 'search.group.genres'),
      awards: t(locale, 'search.group.awards'),
    },
    seeAll: t(locale, 'search.seeAll'),
    noResults: t(locale, 'search.noResults'),
    noResultsHint: t(locale, 'search.noResultsHint'),
    loading: t(locale, 'search.loading'),
    error: t(locale, 'search.error'),
    original: t(locale, 'book.originalTitle'),
    results: pluralForms(locale, 'search.results'),
  };
}
