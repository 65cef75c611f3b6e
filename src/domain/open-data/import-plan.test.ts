import { describe, expect, it } from 'vitest';
import { countShelves, mergeRows, planBook, type IncomingBook } from './import-plan.ts';

const book = (over: Partial<IncomingBook> = {}): IncomingBook => ({ bookId: 1, status: 'read', rating: 4, review: null, addedOn: null, readOn: null, lines: [2], ...over });
const dates = { addedOn: null, readOn: null };

describe('mergeRows', () => {
  it('makes one entry per book: the furthest status, the first stars and review', () => {
    expect(
      mergeRows([
        { line: 2, bookId: 1, status: 'to_read', rating: null, review: null, addedOn: '2020-05-01', readOn: null },
        { line: 3, bookId: 2, status: 'reading', rating: 3, review: 'ok', ...dates },
        { line: 4, bookId: 1, status: 'read', rating: 5, review: 'great', addedOn: '2019-01-01', readOn: '2021-02-03' },
        { line: 5, bookId: 1, status: 'reading', rating: 2, review: 'meh', addedOn: null, readOn: '2020-01-01' },
      ]),
    ).toEqual([
      { bookId: 1, status: 'read', rating: 5, review: 'great', addedOn: '2019-01-01', readOn: '2021-02-03', lines: [2, 4, 5] },
      { bookId: 2, status: 'reading', rating: 3, review: 'ok', ...dates, lines: [3] },
    ]);
  });
});

describe('planBook', () => {
  it('adds what the reader does not have', () => {
    expect(planBook(book({ review: 'Yes.' }), undefined, false)).toEqual({ bookId: 1, status: 'read', addedOn: null, changedOn: null, readOn: null, rating: { rating: 4, review: 'Yes.' }, outcome: 'added', reviewWithoutRating: false });
  });

  it('dates the list entry as the file does: added when shelved, changed when read', () => {
    expect(planBook(book({ addedOn: '2019-01-01', readOn: '2021-02-03' }), undefined, false)).toMatchObject({ addedOn: '2019-01-01', changedOn: '2021-02-03' });
    expect(planBook(book({ status: 'to_read', addedOn: '2019-01-01', readOn: '2021-02-03' }), undefined, false)).toMatchObject({ addedOn: '2019-01-01', changedOn: '2019-01-01', readOn: null });
    // The finished day is the file's finished date alone, never the date added (issue 29 point 12).
    expect(planBook(book({ addedOn: '2019-01-01', readOn: '2021-02-03' }), undefined, false)).toMatchObject({ readOn: '2021-02-03' });
    expect(planBook(book({ addedOn: '2019-01-01', readOn: null }), undefined, false)).toMatchObject({ changedOn: '2019-01-01', readOn: null });
  });

  it('keeps what the reader already has unless asked to overwrite', () => {
    const existing = { status: 'to_read' as const, rating: 2, review: 'Mine.' };
    expect(planBook(book({ review: 'Theirs.' }), existing, false)).toMatchObject({ status: null, rating: null, outcome: 'skipped' });
    expect(planBook(book({ review: 'Theirs.' }), existing, true)).toMatchObject({ status: 'read', rating: { rating: 4, review: 'Theirs.' }, outcome: 'updated' });
  });

  it('fills gaps without overwriting: a review joins the reader\'s stars, a status joins their rating', () => {
    expect(planBook(book({ review: 'New.' }), { status: null, rating: 3, review: null }, false)).toMatchObject({ status: 'read', rating: { rating: 3, review: 'New.' }, outcome: 'updated' });
  });

  it('changes nothing when the file says what the reader has (a second import)', () => {
    expect(planBook(book({ review: 'Same.' }), { status: 'read', rating: 4, review: 'Same.' }, false)).toMatchObject({ status: null, rating: null, outcome: 'skipped' });
    expect(planBook(book({ review: 'Same.' }), { status: 'read', rating: 4, review: 'Same.' }, true)).toMatchObject({ outcome: 'skipped' });
  });

  it('overwriting never removes stars or a review the file does not have', () => {
    expect(planBook(book({ rating: null, review: null }), { status: 'read', rating: 5, review: 'Mine.' }, true)).toMatchObject({ rating: null, outcome: 'skipped' });
  });

  it('does not import a review without stars to go with it', () => {
    expect(planBook(book({ rating: null, review: 'Words.' }), undefined, false)).toMatchObject({ rating: null, reviewWithoutRating: true, outcome: 'added' });
  });
});

describe('countShelves', () => {
  it('counts each shelf once per row, most used first', () => {
    expect(countShelves([['favourites', 'favourites'], ['dnf', 'favourites'], []])).toEqual([
      { name: 'favourites', count: 2 },
      { name: 'dnf', count: 1 },
    ]);
  });
});
