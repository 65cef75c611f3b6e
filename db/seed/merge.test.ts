import { describe, expect, it } from 'vitest';
import { canonicalJson, mergeFacts, mergeItems, type Facts } from './merge.ts';

const map = (entries: Record<string, Facts>) => new Map(Object.entries(entries));

describe('canonicalJson', () => {
  it('ignores the order of object keys', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(canonicalJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }));
  });

  it('treats undefined as null', () => {
    expect(canonicalJson(undefined)).toBe('null');
  });
});

describe('mergeFacts', () => {
  it('takes the data where it changed and the row still holds the last import', () => {
    expect(mergeFacts({ year: 1991, publisher: 'Knopf' }, { year: 1992, publisher: null }, { year: 1992, publisher: null })).toEqual({
      year: 1991,
      publisher: 'Knopf',
    });
  });

  it('keeps an edit made in the app when the data did not change that fact', () => {
    expect(mergeFacts({ publisher: 'Heyne' }, { publisher: 'Heyne' }, { publisher: 'Heyne Verlag' })).toEqual({ publisher: 'Heyne Verlag' });
  });

  it('keeps an edit made in the app even when the data changed the fact too', () => {
    expect(mergeFacts({ publisher: 'Mondadori' }, { publisher: null }, { publisher: 'Fanucci' })).toEqual({ publisher: 'Fanucci' });
  });

  it('takes the data entirely when there is no record of the last import', () => {
    expect(mergeFacts({ year: 1991 }, undefined, { year: 1992 })).toEqual({ year: 1991 });
  });
});

describe('mergeItems', () => {
  it('inserts new items, updates changed ones and removes those the data dropped', () => {
    const changes = mergeItems(
      map({ discworld: { position: 40 }, foundation: { position: 6 } }),
      map({ 'discworld-40-moist-von-lipwig': { position: 3 }, foundation: { position: null } }),
      map({ 'discworld-40-moist-von-lipwig': { position: 3 }, foundation: { position: null } }),
    );
    expect(changes).toEqual({
      insert: [['discworld', { position: 40 }]],
      update: [['foundation', { position: 6 }]],
      remove: ['discworld-40-moist-von-lipwig'],
    });
  });

  it('changes nothing when the data and the database agree', () => {
    const same = map({ dune: { position: 1 } });
    expect(mergeItems(same, same, same)).toEqual({ insert: [], update: [], remove: [] });
  });

  it('does not bring back an item deleted in the app since the last import', () => {
    const changes = mergeItems(map({ a: {}, b: {} }), map({ a: {}, b: {} }), map({ a: {} }));
    expect(changes.insert).toEqual([]);
  });

  it('keeps an item added in the app', () => {
    const changes = mergeItems(map({ a: {} }), map({ a: {} }), map({ a: {}, mine: {} }));
    expect(changes.remove).toEqual([]);
  });

  it('without a record of the last import, makes the database equal to the data', () => {
    const changes = mergeItems(map({ a: { n: 1 }, b: { n: 2 } }), undefined, map({ a: { n: 0 }, old: { n: 9 } }));
    expect(changes).toEqual({ insert: [['b', { n: 2 }]], update: [['a', { n: 1 }]], remove: ['old'] });
  });
});
