/**
 * Build-time data of the awards pages (issue 3, item 1; issue 11: /awards, /awards/{award} and
 * /awards/{award}/{category}): every award with its categories and, per category, the entries
 * grouped by year (newest first, ties kept; src/domain/awards-view.ts), each with the book's title
 * in the page language (the detail pages' rule, src/domain/catalogue-view.ts) and its authors, and
 * the years recorded as 'no award' (issue 13 point 4) in their place among them.
 * Joins snapshot records only; the rules live in src/domain.
 */
import type { CatalogueSnapshot } from '../../../db/queries/catalogue.ts';
import { uncoveredYears, yearRanges, type YearRange } from '../../domain/award-coverage.ts';
import { groupAwardYears, type AwardRef, type AwardYear } from '../../domain/awards-view.ts';
import { localized, localizedTitle, type LocalizedResult } from '../../domain/catalogue-view.ts';
import type { Locale } from '../../domain/enums.ts';
import type { AwardWinnerInput } from '../../domain/json-ld.ts';
import { slugify } from '../../domain/slug.ts';
import { compareText } from '../../domain/sort-text.ts';
import { localePath, t } from '../../lib/i18n.ts';

export interface AwardEntryView {
  year: number;
  isWinner: boolean;
  bookSlug: string;
  /** Title in the page language when a translated edition exists, else the original title. */
  title: string;
  /** The original title when `title` is a translation. */
  originalTitle: string | null;
  /** lang of the shown title when it is not the page language (original titles), else null. */
  titleLang: string | null;
  /** lang of the original title beside a translated one. */
  originalLang: string | null;
  authors: { name: string; slug: string }[];
  /** The title that award list printed when it differs from the book's ('Dune World'), else null. */
  asTitle: string | null;
  /** lang of `asTitle`: the work's original language when it is not the page language. */
  asTitleLang: string | null;
}

export interface AwardCategoryView {
  id: number;
  slug: string;
  name: string;
  /** Newest first, the 'no award' years among them (`noAward`). */
  years: AwardYear<AwardEntryView>[];
  entryCount: number;
  winnerCount: number;
  /** Years between the first and last known year that the catalogue does not have yet (src/domain/award-coverage.ts), as ranges. */
  notCovered: YearRange[];
}

export interface AwardView {
  id: number;
  slug: string;
  name: string;
  about: LocalizedResult | null;
  categories: AwardCategoryView[];
}

/** The selection's view of the awards (ids, slugs, category order) for src/domain/awards-view.ts. */
export const awardRefs = (awards: readonly AwardView[]): AwardRef[] =>
  awards.map((award) => ({ id: award.id, slug: award.slug, categories: award.categories.map((c) => ({ id: c.id, slug: c.slug })) }));

/**
 * Every award of the catalogue for one page language, in catalogue order (Hugo, Nebula, Locus, Clarke).
 * Entries with a custom category (spec §3) get a category of their own after the catalogue's ones.
 */
export function buildAwardViews(snapshot: CatalogueSnapshot, locale: Locale): AwardView[] {
  const entriesByCategory = new Map<string, AwardEntryView[]>();
  const customCategories = new Map<number, Map<string, string>>();
  /** The key of an entry's or a 'no award' mark's category; a custom one is registered on first sight. */
  const categoryKeyOf = (awardId: number, categoryId: number | null, customCategory: string | null) => {
    if (categoryId !== null) return `${awardId}/${categoryId}`;
    const name = customCategory?.trim() || '';
    const custom = customCategories.get(awardId) ?? new Map<string, string>();
    customCategories.set(awardId, custom);
    custom.set(slugify(name), name);
    return `${awardId}/custom:${slugify(name)}`;
  };
  for (const book of snapshot.books) {
    if (book.awards.length === 0) continue;
    const title = localizedTitle(book, locale);
    const workLang = book.originalLanguage && book.originalLanguage !== 'und' && book.originalLanguage !== locale ? book.originalLanguage : null;
    const authors = book.authorIds.flatMap((id) => {
      const author = snapshot.authorById.get(id);
      return author ? [{ name: author.name, slug: author.slug }] : [];
    });
    for (const entry of book.awards) {
      const categoryKey = categoryKeyOf(entry.awardId, entry.categoryId, entry.customCategory);
      const list = entriesByCategory.get(categoryKey) ?? [];
      entriesByCategory.set(categoryKey, list);
      list.push({
        year: entry.year,
        isWinner: entry.isWinner,
        bookSlug: book.slug,
        title: title.title,
        originalTitle: title.isTranslated ? title.originalTitle : null,
        titleLang: title.lang,
        originalLang: title.isTranslated && book.originalLanguage && book.originalLanguage !== 'und' ? book.originalLanguage : null,
        authors,
        asTitle: entry.asTitle?.trim() || null,
        asTitleLang: workLang,
      });
    }
  }

  // A custom category may hold only 'no award' years: it is a category of the page all the same.
  const noAwardYears = new Map<string, number[]>();
  for (const award of snapshot.awards) {
    for (const mark of award.noAwardYears) {
      const categoryKey = categoryKeyOf(award.id, mark.categoryId, mark.customCategory);
      noAwardYears.set(categoryKey, [...(noAwardYears.get(categoryKey) ?? []), mark.year]);
    }
  }

  const byTitle = (a: AwardEntryView, b: AwardEntryView) => compareText(a.title, b.title, locale);
  const category = (id: number, slug: string, name: string, key: string): AwardCategoryView => {
    const entries = entriesByCategory.get(key) ?? [];
    return {
      id,
      slug,
      name,
      years: groupAwardYears(entries, byTitle, noAwardYears.get(key)),
      entryCount: entries.length,
      winnerCount: entries.filter((e) => e.isWinner).length,
      notCovered: yearRanges(uncoveredYears(entries.map((e) => e.year), noAwardYears.get(key))),
    };
  };

  return snapshot.awards.map((award) => {
    const categories = award.categories.map((c) =>
      category(c.id, c.slug, localized(c.names, locale)?.text ?? c.slug, `${award.id}/${c.id}`),
    );
    let customId = -1;
    for (const [slug, name] of customCategories.get(award.id) ?? []) {
      categories.push(category(customId--, `custom-${slug}`, name, `${award.id}/custom:${slug}`));
    }
    return {
      id: award.id,
      slug: award.slug,
      name: localized(award.names, locale)?.text ?? award.name,
      about: localized(award.about, locale),
      categories,
    };
  });
}

/**
 * The wins of the given categories for JSON-LD (src/domain/json-ld.ts awardListJsonLd): category by
 * category, newest year first, ties in the list's order; URLs absolute on `site`.
 */
export function awardWinnersForJsonLd(award: AwardView, categories: readonly AwardCategoryView[], locale: Locale, site: URL): AwardWinnerInput[] {
  const absolute = (path: string) => new URL(localePath(locale, path), site).href;
  return categories.flatMap((category) =>
    category.years.flatMap((year) =>
      year.winners.map((entry) => ({
        name: entry.title,
        url: absolute(`/books/${entry.bookSlug}`),
        authors: entry.authors.map((author) => ({ name: author.name, url: absolute(`/authors/${author.slug}`) })),
        award: t(locale, 'detail.awardEntry', { award: award.name, category: category.name, year: year.year }),
      })),
    ),
  );
}
