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
