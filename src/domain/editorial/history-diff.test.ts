import { describe, expect, it } from 'vitest';
import { historyChanges } from './history-diff.ts';

describe('a history entry as changed fields', () => {
  it('shows only the language of a localized text that changed', () => {
    expect(historyChanges({ id: 1, name: 'A', bio: { en: 'E', de: '' } }, { id: 1, name: 'A', bio: { en: 'E', de: 'Neu' } })).toEqual([{ field: 'bio.de', before: '', after: 'Neu' }]);
  });

  it('shows every filled field of a create, and lists as JSON', () => {
    expect(historyChanges(null, { id: 9, title: 'Dune', authorIds: [3, 4], slugPinned: false })).toEqual([
      { field: 'title', before: '', after: 'Dune' },
      { field: 'authorIds', before: '', after: '[3,4]' },
    ]);
  });
});

describe('a history entry with names (issue 29 point 17)', () => {
  const words = {
    names: { authors: { '3': 'Frank Herbert' }, genres: { '6': 'Science Fiction', '7': 'Space Opera' }, series: { '2': 'Dune' }, awards: { '1': 'Hugo Award' }, categories: { '4': 'Best Novel' } },
    winner: 'winner',
  };

  it('shows genres, authors and series by name instead of ids and JSON', () => {
    expect(historyChanges({ genreIds: [6], authorIds: [3], series: [] }, { genreIds: [6, 7], authorIds: [3], series: [{ seriesId: 2, position: '1' }] }, words)).toEqual([
      { field: 'genreIds', before: 'Science Fiction', after: 'Science Fiction, Space Opera' },
      { field: 'series', before: '', after: 'Dune (1)' },
    ]);
  });

  it('shows award entries with award, year, category and the winner', () => {
    const award = { awardId: 1, categoryId: 4, customCategory: null, year: 1966, isWinner: true };
    expect(historyChanges({ awards: [] }, { awards: [award, { ...award, categoryId: null, customCategory: 'Retro', isWinner: false }] }, words)).toEqual([
      { field: 'awards', before: '', after: 'Hugo Award 1966, Best Novel (winner); Hugo Award 1966, Retro' },
    ]);
  });

  it('shows a finalists save by book title, and an unknown id as #id', () => {
    expect(historyChanges({ awardId: 1, categoryId: 9, entries: [] }, { awardId: 1, categoryId: 9, entries: [{ bookId: 5, title: 'Dune', isWinner: true }] }, words)).toEqual([
      { field: 'entries', before: '', after: 'Dune (winner)' },
    ]);
    expect(historyChanges(null, { awardId: 1, categoryId: 9 }, words)).toEqual([
      { field: 'awardId', before: '', after: 'Hugo Award' },
      { field: 'categoryId', before: '', after: '#9' },
    ]);
  });
});

describe('an edition on its book’s history', () => {
  it('leaves out the book id it belongs to', () => {
    expect(historyChanges(null, { id: 4, bookId: 9, title: 'Der Wüstenplanet', version: 1 })).toEqual([{ field: 'title', before: '', after: 'Der Wüstenplanet' }]);
  });
});
