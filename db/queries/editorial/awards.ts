/**
 * Awards by super users (issue 13 point 4): awards (localized names, about texts), their categories,
 * and the entries of one slot (award, category or custom category, year) replaced as a whole list in
 * one transaction: the finalists screen saves all its books at once. A 'no award' year is a row of
 * award_no_award_years (migration 0010). Every write records the award's slot or record before and
 * after in admin_history (entity award, the award's id); the handlers then call requestRebuild().
 */
import { sql } from 'drizzle-orm';
import type { Locale } from '../../../src/domain/enums.ts';
import type { AdminAward, AwardCategoryInput, AwardCategoryPatch, AwardEntries, AwardEntriesInput, AwardInput, AwardPatch, AwardSlot } from '../../../src/domain/schemas/awards-admin.ts';
import { slugify, uniqueSlug } from '../../../src/domain/slug.ts';
import type { Database } from '../../client.ts';
import { localizedTitleSql } from '../book-title.ts';
import { fitsSerial } from '../refs.ts';
import { blockingBooks, checkVersion, jsonParam, mergeLocalized, Refusal, rows, withoutEmpty, type Executor, type Outcome } from './common.ts';
import { slotVersionOf, type ExpectedVersion } from '../../../src/domain/editorial/versions.ts';
import { recordHistory, type Actor } from './history.ts';

const AWARD_JSON = sql`json_build_object('id', a.id, 'version', a.version, 'slug', a.slug, 'name', a.name, 'names', a.names, 'about', a.about,
  'categories', coalesce((SELECT json_agg(json_build_object('id', c.id, 'slug', c.slug, 'names', c.names, 'position', c.position) ORDER BY c.position, c.id)
                          FROM award_categories c WHERE c.award_id = a.id), '[]'),
  'customCategories', coalesce((SELECT json_agg(u.name ORDER BY u.name) FROM (
                                  SELECT ba.custom_category AS name FROM book_awards ba WHERE ba.award_id = a.id AND ba.category_id IS NULL AND ba.custom_category <> ''
                                  UNION SELECT n.custom_category FROM award_no_award_years n WHERE n.award_id = a.id AND n.category_id IS NULL AND n.custom_category <> '') u), '[]'))`;

export async function listAwardsAdmin(db: Executor): Promise<AdminAward[]> {
  const [row] = await rows<{ awards: AdminAward[] }>(db, sql`SELECT coalesce(json_agg(${AWARD_JSON} ORDER BY a.name, a.id), '[]') AS awards FROM awards a`);
  return row!.awards;
}

async function readAward(tx: Executor, id: number): Promise<AdminAward | null> {
  if (!fitsSerial(id)) return null;
  const [row] = await rows<{ award: AdminAward }>(tx, sql`SELECT ${AWARD_JSON} AS award FROM awards a WHERE a.id = ${id}`);
  return row?.award ?? null;
}

/**
 * Locks the award and reads it; a write based on another version of it is refused (issue 27 point
 * 4), and one that goes on moves the version (`bumpAward`) in the same transaction.
 */
async function lockAward(tx: Executor, id: number, expected: ExpectedVersion = null): Promise<AdminAward> {
  if (!fitsSerial(id) || !(await rows(tx, sql`SELECT id FROM awards WHERE id = ${id} FOR NO KEY UPDATE`)).length) throw new Refusal({ ok: false, reason: 'notFound' });
  const award = (await readAward(tx, id))!;
  checkVersion(award, expected);
  return award;
}

/** A write of the award or of one of its categories moves the award's version. */
const bumpAward = (tx: Executor, id: number) => tx.execute(sql`UPDATE awards SET version = version + 1 WHERE id = ${id}`);

async function write<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await db.transaction(work) };
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    throw error;
  }
}

/** A free slug from `base` among `taken` (a statement's answer), under an advisory lock per table. */
async function freeSlug(tx: Executor, lock: string, base: string, takenSql: ReturnType<typeof sql>): Promise<string> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${lock}))`);
  const taken = new Set((await rows<{ slug: string }>(tx, takenSql)).map((r) => r.slug));
  return uniqueSlug(base, (s) => taken.has(s));
}

export async function createAward(db: Database, actor: Actor, input: AwardInput): Promise<Outcome<AdminAward>> {
  return write(db, async (tx) => {
    const base = slugify(input.slug ?? input.name) || 'award';
    const slug = await freeSlug(tx, 'phantastika.slug.award', base, sql`SELECT slug FROM awards WHERE slug = ${base} OR slug LIKE ${`${base}-%`}`);
    const [row] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO awards (slug, name, names, about) VALUES (${slug}, ${input.name}, ${JSON.stringify(withoutEmpty(input.names))}::jsonb, ${JSON.stringify(withoutEmpty(input.about))}::jsonb) RETURNING id`,
    );
    const after = (await readAward(tx, row!.id))!;
    await recordHistory(tx, { actor, entityType: 'award', entityId: String(after.id), action: 'create', before: null, after });
    return after;
  });
}

export async function updateAward(db: Database, actor: Actor, id: number, patch: AwardPatch, expected: ExpectedVersion = null): Promise<Outcome<AdminAward>> {
  return write(db, async (tx) => {
    const before = await lockAward(tx, id, expected);
    const json = (stored: Record<string, string>, sent: Record<string, string | null | undefined> | undefined) => (sent === undefined ? null : JSON.stringify(mergeLocalized(stored, sent)));
    await tx.execute(sql`UPDATE awards SET name = coalesce(${patch.name ?? null}, name), names = coalesce(${json(before.names, patch.names)}::jsonb, names),
                                about = coalesce(${json(before.about, patch.about)}::jsonb, about), version = version + 1 WHERE id = ${id}`);
    const after = (await readAward(tx, id))!;
    await recordHistory(tx, { actor, entityType: 'award', entityId: String(id), action: 'update', before, after });
    return after;
  });
}

/**
 * Deletes an award that no book entry names, with its categories and 'no award' years (they stay in
 * the history's `before`). While books are its winners or nominees the delete is refused naming them
 * (409, issue 29 point 19), as a category's is: an editor empties its years on the finalists screen
 * first, so no entry is lost by a click.
 */
export async function deleteAward(db: Database, actor: Actor, id: number, locale: Locale, expected: ExpectedVersion = null): Promise<Outcome<{ id: number }>> {
  return write(db, async (tx) => {
    const before = await lockAward(tx, id, expected);
    const blocking = await awardBooks(tx, id, locale);
    if (blocking.total > 0) throw new Refusal({ ok: false, reason: 'blocked', ...blocking });
    await tx.execute(sql`DELETE FROM awards WHERE id = ${id}`);
    await recordHistory(tx, { actor, entityType: 'award', entityId: String(id), action: 'delete', before, after: null });
    return { id };
  });
}

/** The books with an entry in an award (each once, the first few by title) and how many there are. */
async function awardBooks(tx: Executor, awardId: number, locale: Locale): Promise<{ books: { id: number; slug: string; title: string }[]; total: number }> {
  const title = localizedTitleSql({ id: sql`b.id`, originalTitle: sql`b.original_title`, originalLanguage: sql`b.original_language` }, locale);
  const [row] = await rows<{ total: number; books: { id: number; slug: string; title: string }[] }>(
    tx,
    sql`WITH entered AS (SELECT DISTINCT b.id, b.slug, ${title} AS title FROM book_awards ba JOIN books b ON b.id = ba.book_id WHERE ba.award_id = ${awardId})
        SELECT (SELECT count(*)::int FROM entered) AS total,
               coalesce((SELECT json_agg(x ORDER BY x.title, x.id) FROM (SELECT * FROM entered ORDER BY title, id LIMIT 10) x), '[]') AS books`,
  );
  return { books: row!.books, total: row!.total };
}

export async function createAwardCategory(db: Database, actor: Actor, awardId: number, input: AwardCategoryInput, expected: ExpectedVersion = null): Promise<Outcome<AdminAward>> {
  return write(db, async (tx) => {
    const before = await lockAward(tx, awardId, expected);
    await bumpAward(tx, awardId);
    const base = slugify(input.slug ?? input.names.en!) || 'category';
    const slug = await freeSlug(tx, `phantastika.slug.award-category.${awardId}`, base, sql`SELECT slug FROM award_categories WHERE award_id = ${awardId} AND (slug = ${base} OR slug LIKE ${`${base}-%`})`);
    await tx.execute(sql`INSERT INTO award_categories (award_id, slug, names, position)
                         VALUES (${awardId}, ${slug}, ${JSON.stringify(withoutEmpty(input.names))}::jsonb,
                                 (SELECT coalesce(max(position), -1) + 1 FROM award_categories WHERE award_id = ${awardId}))`);
    const after = (await readAward(tx, awardId))!;
    await recordHistory(tx, { actor, entityType: 'award', entityId: String(awardId), action: 'update', before, after });
    return after;
  });
}

/** Locks the award and reads it; notFound unless `categoryId` is one of its categories. */
async function lockCategory(tx: Executor, awardId: number, categoryId: number, expected: ExpectedVersion): Promise<AdminAward> {
  if (!fitsSerial(awardId) || !(await rows(tx, sql`SELECT id FROM awards WHERE id = ${awardId} FOR NO KEY UPDATE`)).length) throw new Refusal({ ok: false, reason: 'notFound' });
  const award = (await readAward(tx, awardId))!;
  if (!award.categories.some((c) => c.id === categoryId)) throw new Refusal({ ok: false, reason: 'notFound' });
  checkVersion(award, expected);
  await bumpAward(tx, awardId);
  return award;
}

/** Renames a category in en, de and it (the slug, and so its page's address, stays); answers the award. */
export async function updateAwardCategory(db: Database, actor: Actor, awardId: number, categoryId: number, patch: AwardCategoryPatch, expected: ExpectedVersion = null): Promise<Outcome<AdminAward>> {
  return write(db, async (tx) => {
    const before = await lockCategory(tx, awardId, categoryId, expected);
    await tx.execute(sql`UPDATE award_categories SET names = ${JSON.stringify(withoutEmpty(patch.names))}::jsonb WHERE id = ${categoryId}`);
    const after = (await readAward(tx, awardId))!;
    await recordHistory(tx, { actor, entityType: 'award', entityId: String(awardId), action: 'update', before, after });
    return after;
  });
}

/**
 * Deletes a category no book entry uses; while books are still its winners or nominees the delete is
 * refused naming them (409), as an author's or a series' delete is: the editor empties its years on
 * the finalists screen first, so no entry is lost by a click. Its 'no award' marks go with it and
 * stay in the history's `before`. Answers the award.
 */
export async function deleteAwardCategory(db: Database, actor: Actor, awardId: number, categoryId: number, locale: Locale, expected: ExpectedVersion = null): Promise<Outcome<AdminAward>> {
  return write(db, async (tx) => {
    const award = await lockCategory(tx, awardId, categoryId, expected);
    const blocking = await blockingBooks(tx, 'book_awards', 'category_id', categoryId, locale);
    if (blocking.total > 0) throw new Refusal({ ok: false, reason: 'blocked', ...blocking });
    const noAwardYears = (await rows<{ year: number }>(tx, sql`SELECT year FROM award_no_award_years WHERE category_id = ${categoryId} ORDER BY year`)).map((r) => r.year);
    await tx.execute(sql`DELETE FROM award_categories WHERE id = ${categoryId}`);
    const after = (await readAward(tx, awardId))!;
    await recordHistory(tx, { actor, entityType: 'award', entityId: String(awardId), action: 'update', before: { ...award, deletedCategory: { id: categoryId, noAwardYears } }, after });
    return after;
  });
}

/** The condition naming one slot's rows of `alias` (book_awards or award_no_award_years). */
const slotWhere = (alias: string, awardId: number, slot: AwardSlot) => {
  const t = sql.raw(alias);
  const category = slot.categoryId != null ? sql`${t}.category_id = ${slot.categoryId}` : sql`${t}.category_id IS NULL AND ${t}.custom_category = ${slot.customCategory ?? ''}`;
  return sql`${t}.award_id = ${awardId} AND ${t}.year = ${slot.year} AND ${category}`;
};

async function readSlot(tx: Executor, awardId: number, slot: AwardSlot, locale: Locale): Promise<AwardEntries> {
  const title = localizedTitleSql({ id: sql`b.id`, originalTitle: sql`b.original_title`, originalLanguage: sql`b.original_language` }, locale);
  const [row] = await rows<{ entries: AwardEntries['entries']; noAward: boolean }>(
    tx,
    sql`SELECT coalesce((SELECT json_agg(json_build_object('bookId', b.id, 'slug', b.slug, 'title', ${title}, 'isWinner', ba.is_winner, 'asTitle', ba.as_title)
                                         ORDER BY ba.is_winner DESC, ${title}, b.id)
                         FROM book_awards ba JOIN books b ON b.id = ba.book_id WHERE ${slotWhere('ba', awardId, slot)}), '[]') AS entries,
               EXISTS (SELECT 1 FROM award_no_award_years n WHERE ${slotWhere('n', awardId, slot)}) AS "noAward"`,
  );
  const { noAward, entries } = row!;
  return { awardId, categoryId: slot.categoryId ?? null, customCategory: slot.categoryId != null ? null : (slot.customCategory ?? null), year: slot.year, noAward, version: slotVersionOf({ noAward, entries }), entries };
}

/** The books whose entry a slot's save added, removed or changed. */
function changedBooks(before: AwardEntries['entries'], after: AwardEntries['entries']): number[] {
  const key = (e: AwardEntries['entries'][number]) => JSON.stringify([e.isWinner, e.asTitle ?? null]);
  const was = new Map(before.map((e) => [e.bookId, key(e)]));
  const is = new Map(after.map((e) => [e.bookId, key(e)]));
  return [...new Set([...was.keys(), ...is.keys()])].filter((id) => was.get(id) !== is.get(id));
}

/** A slot's entries; null when the award does not exist; invalid when the category is not the award's. */
export async function readAwardEntries(db: Database, awardId: number, slot: AwardSlot, locale: Locale): Promise<Outcome<AwardEntries>> {
  return write(db, async (tx) => {
    await checkSlot(tx, awardId, slot);
    return readSlot(tx, awardId, slot, locale);
  });
}

async function checkSlot(tx: Executor, awardId: number, slot: AwardSlot): Promise<void> {
  if (!fitsSerial(awardId) || !(await rows(tx, sql`SELECT id FROM awards WHERE id = ${awardId}`)).length) throw new Refusal({ ok: false, reason: 'notFound' });
  if (slot.categoryId != null && !(await rows(tx, sql`SELECT id FROM award_categories WHERE id = ${slot.categoryId} AND award_id = ${awardId}`)).length) {
    throw new Refusal({ ok: false, reason: 'invalid', details: [{ path: 'categoryId', key: 'validation.editorial.unknownAwardCategory' }] });
  }
}

/**
 * Replaces a slot's entries with `input.entries` (books not named leave it, named ones are added or
 * updated) and its 'no award' mark, in one transaction; unknown books are a 400 with a detail per
 * entry. A write based on another version of the slot than the stored one is refused with the slot
 * as stored (issue 27 point 4). The award and then every book of the slot, before and after, are
 * locked in id order first (the lock a book's own save takes), so the slot read for the check is the
 * one replaced; books whose entry changes move their version, so a book form opened before this save
 * cannot put its old award list back unseen.
 */
export async function saveAwardEntries(db: Database, actor: Actor, awardId: number, input: AwardEntriesInput, locale: Locale, expected: readonly string[] | null = null): Promise<Outcome<AwardEntries>> {
  return write(db, async (tx) => {
    await checkSlot(tx, awardId, input);
    await rows(tx, sql`SELECT id FROM awards WHERE id = ${awardId} FOR NO KEY UPDATE`);
    const named = jsonParam(input.entries.map((e) => e.bookId));
    const locked = await rows<{ id: number }>(
      tx,
      sql`SELECT id FROM books WHERE id IN (SELECT value::int FROM jsonb_array_elements_text(${named}))
             OR id IN (SELECT ba.book_id FROM book_awards ba WHERE ${slotWhere('ba', awardId, input)})
          ORDER BY id FOR NO KEY UPDATE`,
    );
    const known = new Set(locked.map((r) => r.id));
    const details = input.entries.flatMap((e, i) => (known.has(e.bookId) ? [] : [{ path: `entries.${i}.bookId`, key: 'validation.awards.unknownBook' }]));
    if (details.length) throw new Refusal({ ok: false, reason: 'invalid', details });
    const before = await readSlot(tx, awardId, input, locale);
    if (expected !== null && !expected.includes(before.version)) throw new Refusal({ ok: false, reason: 'stale', current: before });
    const custom = input.categoryId != null ? null : input.customCategory;
    await tx.execute(sql`DELETE FROM book_awards ba WHERE ${slotWhere('ba', awardId, input)}`);
    for (const entry of input.entries) {
      await tx.execute(sql`INSERT INTO book_awards (book_id, award_id, category_id, custom_category, year, is_winner, as_title)
                           VALUES (${entry.bookId}, ${awardId}, ${input.categoryId ?? null}, ${custom}, ${input.year}, ${entry.isWinner}, ${entry.asTitle ?? null})`);
    }
    await tx.execute(sql`DELETE FROM award_no_award_years n WHERE ${slotWhere('n', awardId, input)}`);
    if (input.noAward) {
      await tx.execute(sql`INSERT INTO award_no_award_years (award_id, category_id, custom_category, year) VALUES (${awardId}, ${input.categoryId ?? null}, ${custom}, ${input.year})`);
    }
    const after = await readSlot(tx, awardId, input, locale);
    const changed = changedBooks(before.entries, after.entries);
    if (changed.length) await tx.execute(sql`UPDATE books SET version = version + 1 WHERE id IN (SELECT value::int FROM jsonb_array_elements_text(${jsonParam(changed)}))`);
    await recordHistory(tx, { actor, entityType: 'award', entityId: String(awardId), action: 'update', before, after });
    return after;
  });
}
