/**
 * Earlier revisions of the seed catalogue, derived from the current files, for the upgrade tests
 * (tests/integration/seed-import.test.ts): what db/seed/data held before revision 3 (corrections.md,
 * "Revision 3"). A unit test checks the derivation against the real revision-2 shape.
 */
import type { SeedCatalogue } from '../../db/seed/seed-data.ts';

/** The awards revision 3 added (db/seed/data/README.md, "Revision 3"). */
export const REVISION_3_AWARDS = new Set(['kurd-lasswitz', 'dsfp', 'premio-italia', 'urania']);

/** German editions revision 3 added to books that were already in the catalogue (corrections.md, "Editions added"). */
const REVISION_3_EDITIONS = new Set(['excession/de/Die Spur der toten Sonne', 'among-others/de/In einer anderen Welt', 'the-testaments/de/Die Zeuginnen']);

/** The catalogue as revision 2 had it: without the four awards, their entries, and the books, authors and editions they brought. */
export function revisionTwo(data: SeedCatalogue): SeedCatalogue {
  const isNew = (award: string) => REVISION_3_AWARDS.has(award);
  const books = data.books
    .filter((b) => b.awardEntries.length === 0 || b.awardEntries.some((e) => !isNew(e.award)))
    .map((b) => ({ ...b, awardEntries: b.awardEntries.filter((e) => !isNew(e.award)) }));
  const bookKeys = new Set(books.map((b) => b.key));
  const authorKeys = new Set([...books.flatMap((b) => b.authorKeys), ...data.series.flatMap((s) => s.authorKeys)]);
  return {
    ...data,
    awards: data.awards.filter((a) => !isNew(a.key)),
    authors: data.authors.filter((a) => authorKeys.has(a.key)),
    books,
    editions: data.editions.filter((e) => bookKeys.has(e.bookKey) && !REVISION_3_EDITIONS.has(`${e.bookKey}/${e.languageCode}/${e.title}`)),
    descriptions: data.descriptions.filter((d) => bookKeys.has(d.bookKey)),
    noAwardYears: (data.noAwardYears ?? []).filter((n) => !isNew(n.award)),
  };
}
