/**
 * Review moderation (issue 13 point 5): a super user lists a user's reviews, hides one with a reason
 * (it leaves the public list, the pop-up and the count at once, the rating still counts), shows it
 * again, or removes its text with the reason kept in the history; the role matrix and bad input.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../db/client.ts';
import type { Role } from '../../../src/domain/enums.ts';
import { HistoryPageSchema } from '../../../src/domain/schemas/editorial.ts';
import { ModeratedReviewSchema, UserReviewsSchema } from '../../../src/domain/schemas/moderation.ts';
import { ReviewPageSchema } from '../../../src/domain/schemas/reader.ts';
import { OwnReviewPageSchema } from '../../../src/domain/schemas/reading-stats.ts';
import { createBook, createReader, dataOf, errorOf, serveForTests, type Reader, type TestBook } from '../../support/readers.ts';

const server = serveForTests();
const call = server.call;
const ROLES_BELOW: Role[] = ['NORMAL_USER', 'POWER_USER', 'GOLDEN_USER'];
let admin: Reader;
const below = new Map<Role, Reader>();
let book: TestBook;
let authorId: number;

beforeAll(async () => {
  admin = await createReader(server.url(), { role: 'SUPER_USER' });
  for (const role of ROLES_BELOW) below.set(role, await createReader(server.url(), { role }));
  book = await createBook(`moderation-${Date.now()}`);
  const db = await getDb();
  authorId = ((await db.execute(sql`INSERT INTO authors (slug, name, sort_name) VALUES (${`moderated-author-${Date.now()}`}, 'Moderated Author', 'Author, Moderated') RETURNING id`)).rows[0] as { id: number }).id;
});

afterAll(async () => {
  await book?.remove();
  if (authorId) await (await getDb()).execute(sql`DELETE FROM authors WHERE id = ${authorId}`);
});

/** A new reader's review of the test book and of the test author; their review ids. */
async function reviewer(text = 'A review someone may not like') {
  const reader = await createReader(server.url());
  expect((await call('PUT', `/api/books/${book.id}/ratings`, { cookie: reader.cookie, body: { rating: 4, review: text } })).status).toBe(200);
  expect((await call('PUT', `/api/authors/${authorId}/reviews`, { cookie: reader.cookie, body: { rating: 2, review: `${text} (author)` } })).status).toBe(200);
  const list = dataOf(await call('GET', `/api/admin/users/${reader.id}/reviews`, { cookie: admin.cookie }), UserReviewsSchema);
  return { reader, list, bookReview: list.items.find((r) => r.kind === 'book')!, authorReview: list.items.find((r) => r.kind === 'author')! };
}

const publicReviews = async () => dataOf(await call('GET', `/api/books/${book.id}/reviews`), ReviewPageSchema);

describe('role matrix', () => {
  const cases: [string, (cookie: string | undefined) => Promise<number>, number][] = [
    ['GET /api/admin/users/{id}/reviews', async (cookie) => (await call('GET', `/api/admin/users/${admin.id}/reviews`, { cookie })).status, 200],
    ['POST /api/admin/reviews/{kind}/{id}/hide', async (cookie) => (await call('POST', `/api/admin/reviews/book/${(await reviewer()).bookReview.id}/hide`, { cookie, body: { reason: 'spam' } })).status, 200],
    ['POST /api/admin/reviews/{kind}/{id}/unhide', async (cookie) => (await call('POST', `/api/admin/reviews/author/${(await reviewer()).authorReview.id}/unhide`, { cookie })).status, 200],
    ['DELETE /api/admin/reviews/{kind}/{id}', async (cookie) => (await call('DELETE', `/api/admin/reviews/book/${(await reviewer()).bookReview.id}`, { cookie, body: { reason: 'spam' } })).status, 200],
  ];
  it.each(cases)('%s: anonymous 401, normal, power and golden 403, super user 2xx', async (_name, send, ok) => {
    expect(await send(undefined)).toBe(401);
    for (const role of ROLES_BELOW) expect(await send(below.get(role)!.cookie), role).toBe(403);
    expect(await send(admin.cookie)).toBe(ok);
  });
});

describe('moderating reviews', () => {
  it("lists a user's reviews of books and authors with their targets", async () => {
    const { list, bookReview, authorReview } = await reviewer('Listed review');
    expect(list.total).toBe(2);
    expect(bookReview).toMatchObject({ target: { id: book.id }, rating: 4, review: 'Listed review', hidden: null });
    expect(authorReview).toMatchObject({ target: { id: authorId, title: 'Moderated Author' }, rating: 2 });
  });

  it('hides a review from the public list, the count and the pop-up, keeps the rating, and shows it again', async () => {
    const { reader, bookReview } = await reviewer('Hidden for a while');
    const before = await publicReviews();
    expect(before.items.map((r) => r.id)).toContain(bookReview.id);

    const hidden = dataOf(await call('POST', `/api/admin/reviews/book/${bookReview.id}/hide`, { cookie: admin.cookie, body: { reason: '  Insults another reader  ' } }), ModeratedReviewSchema);
    expect(hidden.hidden).toMatchObject({ reason: 'Insults another reader', by: admin.email });
    const after = await publicReviews();
    expect(after.items.map((r) => r.id)).not.toContain(bookReview.id);
    expect(after.total).toBe(before.total - 1);
    expect(after.summary.count).toBe(before.summary.count);
    const popup = (await call('GET', `/api/books/${book.id}/modal-data`)).json as { data: { ratings: { reviews: { id: number }[] } } };
    expect(popup.data.ratings.reviews.map((r) => r.id)).not.toContain(bookReview.id);

    // The writer editing it does not bring it back.
    expect((await call('PUT', `/api/books/${book.id}/ratings`, { cookie: reader.cookie, body: { rating: 5, review: 'Edited' } })).status).toBe(200);
    expect((await publicReviews()).items.map((r) => r.id)).not.toContain(bookReview.id);

    const shown = dataOf(await call('POST', `/api/admin/reviews/book/${bookReview.id}/unhide`, { cookie: admin.cookie }), ModeratedReviewSchema);
    expect(shown.hidden).toBeNull();
    expect((await publicReviews()).items.map((r) => r.id)).toContain(bookReview.id);

    const history = dataOf(await call('GET', `/api/admin/history?entity=book_review&id=${bookReview.id}`, { cookie: admin.cookie }), HistoryPageSchema);
    expect(history.items.map((e) => [e.action, (e.after as { hidden: { reason: string } | null }).hidden?.reason ?? null])).toEqual([
      ['update', null],
      ['update', 'Insults another reader'],
    ]);
  });

  it("marks a hidden review in its writer's own reviews (profile tab) without the editors' reason, while every other reader and the public lists miss it", async () => {
    const { reader, bookReview } = await reviewer('Only its writer still sees this');
    const own = async (cookie: string) => dataOf(await call('GET', '/api/profile/reviews', { cookie }), OwnReviewPageSchema);
    expect((await own(reader.cookie)).items.map((r) => r.hiddenAt)).toEqual([null, null]);

    dataOf(await call('POST', `/api/admin/reviews/book/${bookReview.id}/hide`, { cookie: admin.cookie, body: { reason: 'Private editors note' } }), ModeratedReviewSchema);
    const answer = await call('GET', '/api/profile/reviews', { cookie: reader.cookie });
    const mine = dataOf(answer, OwnReviewPageSchema);
    const hiddenOne = mine.items.find((r) => r.target === 'book')!;
    expect(hiddenOne).toMatchObject({ id: book.id, review: 'Only its writer still sees this' });
    expect(Date.parse(hiddenOne.hiddenAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(mine.items.find((r) => r.target === 'author')!.hiddenAt).toBeNull();
    expect(JSON.stringify(answer.json)).not.toContain('Private editors note');

    // Everyone else: not in the book's list, not in the pop-up, and another reader's own list is theirs alone.
    expect((await publicReviews()).items.map((r) => r.id)).not.toContain(bookReview.id);
    const stranger = await createReader(server.url());
    const theirs = (await call('GET', `/api/books/${book.id}/reviews`, { cookie: stranger.cookie })).json as { data: { items: { id: number }[] } };
    expect(theirs.data.items.map((r) => r.id)).not.toContain(bookReview.id);
    expect((await own(stranger.cookie)).items).toEqual([]);

    // Shown again: the mark goes.
    dataOf(await call('POST', `/api/admin/reviews/book/${bookReview.id}/unhide`, { cookie: admin.cookie }), ModeratedReviewSchema);
    expect((await own(reader.cookie)).items.map((r) => r.hiddenAt)).toEqual([null, null]);
  });

  it('removes a review text with the reason in the history; the star rating stays', async () => {
    const { reader, authorReview } = await reviewer('Removed for good');
    dataOf(await call('DELETE', `/api/admin/reviews/author/${authorReview.id}`, { cookie: admin.cookie, body: { reason: 'Spoilers' } }), ModeratedReviewSchema.pick({ id: true, kind: true }));
    const left = dataOf(await call('GET', `/api/admin/users/${reader.id}/reviews`, { cookie: admin.cookie }), UserReviewsSchema);
    expect(left.items.map((r) => r.kind)).toEqual(['book']);
    const own = (await call('GET', `/api/authors/${authorId}/reviews`, { cookie: reader.cookie })).json as { data: { own: { rating: number; review: string | null } } };
    expect(own.data.own).toMatchObject({ rating: 2, review: null });
    const history = dataOf(await call('GET', `/api/admin/history?entity=author_review&id=${authorReview.id}`, { cookie: admin.cookie }), HistoryPageSchema);
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ action: 'delete', before: { review: 'Removed for good (author)' }, after: { reason: 'Spoilers' }, actor: { id: admin.id } });
    // Gone: a second removal finds nothing.
    expect(errorOf(await call('DELETE', `/api/admin/reviews/author/${authorReview.id}`, { cookie: admin.cookie, body: { reason: 'again' } }), 404).message).toBe('Review not found.');
  });

  it('refuses bad input with localized 400s, non-JSON with 415, unknown reviews and users with 404', async () => {
    const { bookReview } = await reviewer();
    expect(errorOf(await call('POST', `/api/admin/reviews/book/${bookReview.id}/hide`, { cookie: admin.cookie, body: { reason: '   ' }, lang: 'de' }), 400).details?.[0]?.message).toBe('Geben Sie einen Grund an (höchstens 500 Zeichen).');
    expect(errorOf(await call('POST', `/api/admin/reviews/book/${bookReview.id}/hide`, { cookie: admin.cookie, body: { reason: 'x'.repeat(501) } }), 400).details?.[0]?.key).toBe('validation.moderation.reason');
    expect(errorOf(await call('POST', `/api/admin/reviews/film/${bookReview.id}/hide`, { cookie: admin.cookie, body: { reason: 'x' } }), 400).details?.[0]?.key).toBe('validation.moderation.kind');
    expect(errorOf(await call('POST', `/api/admin/reviews/book/${bookReview.id}/bury`, { cookie: admin.cookie, body: { reason: 'x' } }), 400).details?.[0]?.key).toBe('validation.moderation.action');
    expect((await call('POST', `/api/admin/reviews/book/${bookReview.id}/hide`, { cookie: admin.cookie, raw: 'reason=x', contentType: 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect(errorOf(await call('POST', '/api/admin/reviews/book/2147483647/hide', { cookie: admin.cookie, body: { reason: 'x' } }), 404).code).toBe('NOT_FOUND');
    expect(errorOf(await call('GET', '/api/admin/users/00000000-0000-0000-0000-000000000000/reviews', { cookie: admin.cookie }), 404).message).toBe('User not found.');
  });
});
