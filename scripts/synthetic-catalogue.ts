/**
 * A synthetic catalogue of a given size for benchmarks only (issue 3): deterministic from a seed,
 * shaped like the real seed files so the same importer loads it. It goes into its own database and
 * never into the default one.
 */
import type { SeedCatalogue } from '../db/seed/seed-data.ts';

/** mulberry32: a small, fast, deterministic PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['star', 'night', 'iron', 'dragon', 'glass', 'river', 'ash', 'crown', 'void', 'ember', 'tide', 'shadow', 'engine', 'garden', 'storm', 'silver', 'bone', 'machine', 'winter', 'sky'];
const FIRST = ['Ada', 'Ben', 'Clara', 'Dario', 'Elena', 'Felix', 'Greta', 'Hugo', 'Ilse', 'Jonas', 'Katja', 'Luca'];
const LAST = ['Abend', 'Berg', 'Conti', 'Dorn', 'Esposito', 'Falk', 'Gallo', 'Hahn', 'Iannone', 'Jung', 'Krause', 'Lombardi'];

export function generateSyntheticCatalogue(books: number, seed = 42, real: Pick<SeedCatalogue, 'awards'>): SeedCatalogue {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const authorCount = Math.max(1, Math.round(books / 3));
  const authors = Array.from({ length: authorCount }, (_, i) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    return { key: `synthetic-author-${i + 1}`, name: `${first} ${last} ${i + 1}`, sortName: `${last} ${i + 1}, ${first}` };
  });
  const seriesCount = Math.max(1, Math.round(books / 20));
  const series = Array.from({ length: seriesCount }, (_, i) => ({
    key: `synthetic-series-${i + 1}`,
    name: `The ${pick(WORDS)} ${pick(WORDS)} cycle ${i + 1}`,
    authorKeys: [authors[i % authorCount]!.key],
  }));
  const genres = ['science-fiction', 'fantasy', 'horror'] as const;
  const award = real.awards[0]!;
  const bookRows = Array.from({ length: books }, (_, i) => {
    const title = `${pick(WORDS)} of the ${pick(WORDS)} ${i + 1}`.replace(/^./, (c) => c.toUpperCase());
    const inSeries = random() < 0.15 ? { key: series[i % seriesCount]!.key, position: (Math.floor(i / seriesCount) % 12) + 1 } : undefined;
    return {
      key: `synthetic-book-${i + 1}`,
      title,
      authorKeys: [authors[Math.floor(random() * authorCount)]!.key],
      year: 1950 + Math.floor(random() * 76),
      originalLanguage: 'en',
      genres: random() < 0.05 ? [genres[0], genres[1]] : [pick(genres)],
      ...(inSeries ? { series: inSeries } : {}),
      awardEntries:
        random() < 0.2
          ? [{ award: award.key, category: award.categories[0]!.key, year: 1953 + (i % 72), result: (random() < 0.2 ? 'winner' : 'nominee') as 'winner' | 'nominee' }]
          : [],
    };
  });
  const editions = bookRows
    .filter(() => random() < 0.1)
    .map((b) => ({ bookKey: b.key, title: `${b.title} (${pick(['de', 'it'])})`, languageCode: pick(['de', 'it']) }));
  const descriptions = bookRows
    .filter(() => random() < 0.05)
    .map((b) => ({ bookKey: b.key, en: `A synthetic synopsis of ${b.title}.`, de: `Eine synthetische Inhaltsangabe von ${b.title}.`, it: `Una trama sintetica di ${b.title}.` }));
  return { awards: real.awards, authors, series, books: bookRows, editions, descriptions };
}
