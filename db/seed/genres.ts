import type { GenreCategory } from '../../src/domain/enums.ts';
import type { LocalizedText } from '../schema/localized.ts';

export interface GenreDefinition {
  slug: string;
  name: string;
  category: GenreCategory;
  names: LocalizedText;
  description: LocalizedText;
}

/**
 * The catalogue's genres. The seed tags books science-fiction, fantasy and horror; a book with two or
 * more of them is also a Crossover (issue 2). Descriptions are our own writing.
 */
export const GENRES: readonly GenreDefinition[] = [
  {
    slug: 'science-fiction',
    name: 'Science Fiction',
    category: 'science_fiction',
    names: { en: 'Science Fiction', de: 'Science-Fiction', it: 'Fantascienza' },
    description: {
      en: 'Stories of science, technology and the future: space travel, alien contact, artificial minds and societies changed by discovery.',
      de: 'Geschichten über Wissenschaft, Technik und Zukunft: Raumfahrt, Begegnungen mit Außerirdischen, künstliche Intelligenz und Gesellschaften im Wandel.',
      it: 'Storie di scienza, tecnologia e futuro: viaggi spaziali, contatti alieni, menti artificiali e società trasformate dalle scoperte.',
    },
  },
  {
    slug: 'fantasy',
    name: 'Fantasy',
    category: 'fantasy',
    names: { en: 'Fantasy', de: 'Fantasy', it: 'Fantasy' },
    description: {
      en: 'Worlds where magic is real: invented kingdoms, myths retold, quests, gods and the uncanny beside the everyday.',
      de: 'Welten, in denen Magie wirklich ist: erfundene Reiche, neu erzählte Mythen, Abenteuer, Götter und das Wunderbare neben dem Alltag.',
      it: 'Mondi in cui la magia è reale: regni inventati, miti rinarrati, ricerche, divinità e il meraviglioso accanto al quotidiano.',
    },
  },
  {
    slug: 'horror',
    name: 'Horror',
    category: 'horror',
    names: { en: 'Horror', de: 'Horror', it: 'Horror' },
    description: {
      en: 'Fiction of dread and the supernatural: hauntings, monsters, cosmic terror and the darkness in ordinary people.',
      de: 'Literatur des Grauens und des Übernatürlichen: Spukgeschichten, Monster, kosmischer Schrecken und die Abgründe gewöhnlicher Menschen.',
      it: "Narrativa dell'inquietudine e del soprannaturale: infestazioni, mostri, orrore cosmico e il buio nelle persone comuni.",
    },
  },
  {
    slug: 'crossover',
    name: 'Crossover',
    category: 'crossover',
    names: { en: 'Crossover', de: 'Crossover', it: 'Crossover' },
    description: {
      en: 'Books that belong to more than one genre at once, such as science fantasy or science-fiction horror.',
      de: 'Bücher, die mehreren Genres zugleich angehören, etwa Science-Fantasy oder Science-Fiction-Horror.',
      it: 'Libri che appartengono a più generi insieme, come la science fantasy o l’horror fantascientifico.',
    },
  },
];

/** Genre slugs of one seed book: its own genres, plus crossover when it has two or more. */
export function genreSlugsFor(bookGenres: readonly string[]): string[] {
  return bookGenres.length >= 2 ? [...bookGenres, 'crossover'] : [...bookGenres];
}
