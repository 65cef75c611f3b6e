/**
 * Idempotent import of the real seed catalogue (issue 2). Every row is inserted only when its natural
 * key (slug, or the link's key) is not there yet, so a second run changes nothing and edits made by
 * administrators after the first run are never overwritten.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { LANGUAGE_CHOICES } from '../../src/domain/enums.ts';
import type { Database } from '../client.ts';
import {
  authors,
  awardCategories,
  awards,
  bookAuthors,
  bookAwards,
  bookGenres,
  books,
  bookSeries,
  editions,
  genres,
  series,
  seriesAuthors,
} from '../schema/index.ts';
import { GENRES, genreSlugsFor } from './genres.ts';
import type { SeedCatalogue } from './seed-data.ts';

export interface SeedReport {
  inserted: Record<string, number>;
  ms: number;
}

const CHUNK = 500;

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Name of a language in that language ('de' → 'Deutsch'); the edition form's list first (spec §3). */
export function languageName(code: string | undefined): string {
  if (!code) return 'Unknown';
  const listed = LANGUAGE_CHOICES.find(([c]) => c === code);
  if (listed) return listed[1];
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}

async function slugIds(db: Database, table: typeof books | typeof authors | typeof series | typeof awards | typeof genres) {
  const rows = await db.select({ id: table.id, slug: table.slug }).from(table);
  return new Map(rows.map((r) => [r.slug, r.id]));
}

function need<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed data refers to an unknown ${what}: ${String(key)}`);
  return value;
}

export async function importSeedCatalogue(db: Database, data: SeedCatalogue): Promise<SeedReport> {
  const started = Date.now();
  const inserted: Record<string, number> = {};
  const count = (name: string, n: number) => (inserted[name] = (inserted[name] ?? 0) + n);

  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // One importer at a time: a concurrent second run waits and then finds everything present.
    await t.execute(sql`SELECT pg_advisory_xact_lock(hashtext('phantastika:seed'))`);

    // Awards and their categories.
    const awardRows = await t
      .insert(awards)
      .values(data.awards.map((a) => ({ slug: a.key, name: a.name, names: a.names, about: a.about })))
      .onConflictDoNothing()
      .returning({ id: awards.id });
    count('awards', awardRows.length);
    const awardIds = await slugIds(t, awards);
    const categoryRows = await t
      .insert(awardCategories)
      .values(
        data.awards.flatMap((a) =>
          a.categories.map((c, position) => ({ awardId: need(awardIds, a.key, 'award'), slug: c.key, names: c.name, position })),
        ),
      )
      .onConflictDoNothing()
      .returning({ id: awardCategories.id });
    count('awardCategories', categoryRows.length);
    const categoryIds = new Map(
      (await t.select({ id: awardCategories.id, awardId: awardCategories.awardId, slug: awardCategories.slug }).from(awardCategories)).map(
        (c) => [`${c.awardId}:${c.slug}`, c.id],
      ),
    );

    // Genres.
    const genreRows = await t.insert(genres).values(GENRES.map((g) => ({ ...g }))).onConflictDoNothing().returning({ id: genres.id });
    count('genres', genreRows.length);
    const genreIds = await slugIds(t, genres);

    // Authors.
    for (const part of chunks(data.authors)) {
      const rows = await t
        .insert(authors)
        .values(
          part.map((a) => ({
            slug: a.key,
            name: a.name,
            sortName: a.sortName,
            birthYear: a.birthYear ?? null,
            deathYear: a.deathYear ?? null,
            nationality: a.nationality ?? null,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: authors.id });
      count('authors', rows.length);
    }
    const authorIds = await slugIds(t, authors);

    // Series and their authors.
    const seriesRows = await t
      .insert(series)
      .values(data.series.map((s) => ({ slug: s.key, name: s.name, kind: 'novel_series' as const, status: s.status ?? null })))
      .onConflictDoNothing()
      .returning({ id: series.id });
    count('series', seriesRows.length);
    const seriesIds = await slugIds(t, series);
    const seriesAuthorRows = await t
      .insert(seriesAuthors)
      .values(
        data.series.flatMap((s) =>
          s.authorKeys.map((k, position) => ({ seriesId: need(seriesIds, s.key, 'series'), authorId: need(authorIds, k, 'author'), position })),
        ),
      )
      .onConflictDoNothing()
      .returning({ seriesId: seriesAuthors.seriesId });
    count('seriesAuthors', seriesAuthorRows.length);

    // Books (the works) and their links.
    const descriptions = new Map(data.descriptions.map((d) => [d.bookKey, { en: d.en, de: d.de, it: d.it }]));
    for (const part of chunks(data.books)) {
      const rows = await t
        .insert(books)
        .values(
          part.map((b) => ({
            slug: b.key,
            originalTitle: b.title,
            originalLanguage: b.originalLanguage ?? null,
            publicationYear: b.year,
            publicationYearApprox: b.yearApprox ?? false,
            publisher: b.firstPublisher ?? null,
            description: descriptions.get(b.key) ?? {},
          })),
        )
        .onConflictDoNothing()
        .returning({ id: books.id });
      count('books', rows.length);
    }
    const bookIds = await slugIds(t, books);

    const links = {
      bookAuthors: data.books.flatMap((b) =>
        b.authorKeys.map((k, position) => ({ bookId: need(bookIds, b.key, 'book'), authorId: need(authorIds, k, 'author'), position })),
      ),
      bookGenres: data.books.flatMap((b) =>
        genreSlugsFor(b.genres).map((g) => ({ bookId: need(bookIds, b.key, 'book'), genreId: need(genreIds, g, 'genre') })),
      ),
      bookSeries: data.books.flatMap((b) =>
        b.series
          ? [{ bookId: need(bookIds, b.key, 'book'), seriesId: need(seriesIds, b.series.key, 'series'), position: b.series.position ?? null }]
          : [],
      ),
      bookAwards: data.books.flatMap((b) =>
        b.awardEntries.map((e) => {
          const awardId = need(awardIds, e.award, 'award');
          return {
            bookId: need(bookIds, b.key, 'book'),
            awardId,
            categoryId: need(categoryIds, `${awardId}:${e.category}`, 'award category'),
            year: e.year,
            isWinner: e.result === 'winner',
          };
        }),
      ),
    };
    for (const part of chunks(links.bookAuthors)) count('bookAuthors', (await t.insert(bookAuthors).values(part).onConflictDoNothing().returning({ b: bookAuthors.bookId })).length);
    for (const part of chunks(links.bookGenres)) count('bookGenres', (await t.insert(bookGenres).values(part).onConflictDoNothing().returning({ b: bookGenres.bookId })).length);
    for (const part of chunks(links.bookSeries)) count('bookSeries', (await t.insert(bookSeries).values(part).onConflictDoNothing().returning({ b: bookSeries.bookId })).length);
    for (const part of chunks(links.bookAwards)) count('bookAwards', (await t.insert(bookAwards).values(part).onConflictDoNothing().returning({ b: bookAwards.bookId })).length);

    // Editions: the original-language edition is the primary 'original' edition of every book;
    // the translated titles are further editions in their language (issue 2).
    for (const part of chunks(data.books)) {
      const rows = await t
        .insert(editions)
        .values(
          part.map((b) => ({
            bookId: need(bookIds, b.key, 'book'),
            title: b.title,
            publicationYear: b.year >= 1800 ? b.year : null,
            publisher: b.firstPublisher ?? null,
            isPrimaryEdition: true,
            editionType: 'original' as const,
            formatType: 'physical' as const,
            languageCode: b.originalLanguage ?? 'und',
            languageName: languageName(b.originalLanguage),
            isOriginalLanguage: true,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: editions.id });
      count('editions', rows.length);
    }
    const translated = data.editions.map((e) => ({
      bookId: need(bookIds, e.bookKey, 'book'),
      title: e.title,
      publicationYear: e.publicationYear ?? null,
      publisher: e.publisher ?? null,
      isPrimaryEdition: false,
      editionType: 'international' as const,
      formatType: 'physical' as const,
      languageCode: e.languageCode,
      languageName: languageName(e.languageCode),
      isOriginalLanguage: false,
    }));
    // Translated editions have no unique key of their own: (book, language, title) identifies them here.
    const existing = await t
      .select({ bookId: editions.bookId, languageCode: editions.languageCode, title: editions.title })
      .from(editions)
      .where(and(eq(editions.isOriginalLanguage, false), inArray(editions.bookId, [...new Set(translated.map((e) => e.bookId))])));
    const seen = new Set(existing.map((e) => `${e.bookId}|${e.languageCode}|${e.title}`));
    const missing = translated.filter((e) => !seen.has(`${e.bookId}|${e.languageCode}|${e.title}`));
    for (const part of chunks(missing)) count('editions', (await t.insert(editions).values(part).returning({ id: editions.id })).length);
  });

  if (Object.values(inserted).some((n) => n > 0)) {
    // A bulk load leaves the GIN (trigram) indexes' new entries in their pending lists, which every
    // search then scans linearly (measured: search SQL ~3x slower until merged). Merge them, then
    // refresh the statistics so the planner stays on the indexes (DESIGN.md §2).
    await db.execute(sql`SELECT gin_clean_pending_list(i.indexrelid::regclass)
                         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
                         JOIN pg_namespace n ON n.oid = c.relnamespace
                         WHERE am.amname = 'gin' AND n.nspname = current_schema()`);
    await db.execute(sql`ANALYZE`);
  }
  return { inserted, ms: Date.now() - started };
}
