/**
 * Import of the real seed catalogue (issue 2; revisions: issue 11). Every seeded row carries the key
 * of its record in the catalogue files (`source_key`), and seed_records keeps what the import wrote,
 * so a run brings any earlier import up to date (db/seed/merge.ts): changed facts are updated, new
 * records inserted, records and links the data no longer has removed; facts edited in the app since
 * are kept, and a second run with the same data changes nothing (not even a statement is sent).
 */
import { sql, type SQL } from 'drizzle-orm';
import { LANGUAGE_CHOICES } from '../../src/domain/enums.ts';
import { assignSlugs, bookSlug, slugify, type SlugClaim } from '../../src/domain/slug.ts';
import type { Database } from '../client.ts';
import { awardCategories, awards, genres, type SlugKind } from '../schema/index.ts';
import { GENRES, genreSlugsFor } from './genres.ts';
import { mergeItems, sameJson, type Facts, type Json } from './merge.ts';
import type { SeedBook, SeedCatalogue, SeedEdition } from './seed-data.ts';

export interface SeedReport {
  inserted: Record<string, number>;
  updated: Record<string, number>;
  deleted: Record<string, number>;
  ms: number;
}

/** Whether a run changed anything. */
export const seedChanged = (report: SeedReport) =>
  [report.inserted, report.updated, report.deleted].some((counts) => Object.values(counts).some((n) => n > 0));

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

/** source_key of an edition: the book's original-language edition, or a translated title. */
export function editionKey(bookKey: string, edition?: Pick<SeedEdition, 'languageCode' | 'title'>): string {
  return edition ? `${bookKey}/${edition.languageCode}/${edition.title}` : `${bookKey}/original`;
}

/** A record as seed_records keeps it: the row's facts and its links, each link keyed by data keys. */
interface SeedRecord {
  fields: Facts;
  links?: Record<string, Record<string, Facts>>;
}

/** A table column fed from a record field; `type` is the SQL type jsonb_to_recordset reads it as. */
interface Column {
  field: string;
  column: string;
  type: string;
}

const col = (field: string, column: string, type: string): Column => ({ field, column, type });

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `jsonb_to_recordset($1) AS r(...)`: many rows as one parameter, so each write is one statement. */
function recordset(values: readonly object[], columns: readonly Column[]): SQL {
  const definition = columns.map((c) => `${quoted(c.field)} ${c.type}`).join(', ');
  return sql`jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS r(${sql.raw(definition)})`;
}

const matches = (keys: readonly Column[]) => sql.raw(keys.map((k) => `t.${quoted(k.column)} = r.${quoted(k.field)}`).join(' AND '));

async function insertRows<T>(db: Database, table: string, columns: readonly Column[], values: readonly object[], returning = ''): Promise<T[]> {
  if (values.length === 0) return [];
  const names = sql.raw(columns.map((c) => quoted(c.column)).join(', '));
  const selected = sql.raw(columns.map((c) => `r.${quoted(c.field)}`).join(', '));
  const tail = returning ? sql.raw(` RETURNING ${returning}`) : sql``;
  return rows<T>(db, sql`INSERT INTO ${sql.raw(quoted(table))} (${names}) SELECT ${selected} FROM ${recordset(values, columns)}${tail}`);
}

async function updateRows(db: Database, table: string, keys: readonly Column[], set: readonly Column[], values: readonly object[], touch = false) {
  if (values.length === 0) return;
  const assignments = set.map((c) => `${quoted(c.column)} = r.${quoted(c.field)}`);
  if (touch) assignments.push('updated_at = now()');
  await db.execute(
    sql`UPDATE ${sql.raw(quoted(table))} AS t SET ${sql.raw(assignments.join(', '))} FROM ${recordset(values, [...keys, ...set])} WHERE ${matches(keys)}`,
  );
}

async function deleteRows(db: Database, table: string, keys: readonly Column[], values: readonly object[]) {
  if (values.length === 0) return;
  await db.execute(sql`DELETE FROM ${sql.raw(quoted(table))} AS t USING ${recordset(values, keys)} WHERE ${matches(keys)}`);
}

const ID = col('id', 'id', 'int');
const SOURCE_KEY = col('sourceKey', 'source_key', 'text');

interface EntitySpec {
  kind: 'author' | 'series' | 'book' | 'edition';
  /** Report name. */
  name: string;
  table: string;
  fields: readonly Column[];
  /** Columns written only when the row is inserted (fixed flags, the owning book). */
  insertOnly: readonly Column[];
  /** The kind of slug route the rows have (editions have none). */
  slugKind?: SlugKind;
}

/** A seeded row as the database holds it now. */
interface CurrentRow {
  id: number;
  sourceKey: string | null;
  slug: string | null;
  /** The key of a row imported before source_key existed, by what identified it then (editions only). */
  legacyKey: string | null;
  /** The slug was chosen by an editor (issue 13): kept even where it does not follow the name. */
  slugPinned: boolean;
  facts: Facts;
}

interface EntityResult {
  ids: Map<string, number>;
  /** Ids of seeded rows whose record the data no longer has (deleted by the caller, after the links). */
  removed: { key: string; id: number }[];
}

/** How the rows of a table get their slugs (issue 11.4). */
interface SlugRule {
  /** The slug a record's (merged) facts give: its title's or name's (src/domain/slug.ts). */
  baseOf: (key: string, facts: Facts) => string;
  /** The order in which records take a collision's numbers. */
  order: (a: string, b: string) => number;
  /** Who holds a slug of this kind now or held it before: a record key, or `row:{id}` for rows added in the app. */
  owners: ReadonlyMap<string, string>;
  /** Old slugs already recorded in slug_redirects. */
  redirects: ReadonlySet<string>;
}

/**
 * Brings the seeded rows of one table to the data (mergeItems). Editions imported before source_key
 * existed are adopted by their legacy key and get their source_key.
 */
async function syncEntities(
  db: Database,
  spec: EntitySpec,
  want: ReadonlyMap<string, SeedRecord>,
  base: ReadonlyMap<string, SeedRecord>,
  current: readonly CurrentRow[],
  insertValues: (key: string) => Record<string, Json>,
  count: Counter,
  slugs?: SlugRule,
): Promise<EntityResult> {
  const ids = new Map<string, number>();
  const now = new Map<string, Facts>();
  const adopted = new Set<string>();
  for (const row of current) {
    if (row.sourceKey !== null) {
      ids.set(row.sourceKey, row.id);
      now.set(row.sourceKey, row.facts);
    }
  }
  for (const row of current) {
    const key = row.legacyKey;
    if (row.sourceKey === null && key !== null && want.has(key) && !ids.has(key) && !base.has(key)) {
      ids.set(key, row.id);
      now.set(key, row.facts);
      adopted.add(key);
    }
  }
  const wantFields = new Map([...want].map(([key, record]) => [key, record.fields]));
  const baseFields = new Map([...base].map(([key, record]) => [key, record.fields]));
  const changes = mergeItems(wantFields, baseFields, now);

  const updates = new Map(changes.update.map(([key, facts]) => [key, { id: ids.get(key)!, sourceKey: key, ...facts }]));
  for (const key of adopted) if (!updates.has(key)) updates.set(key, { id: ids.get(key)!, sourceKey: key, ...now.get(key)! });
  await updateRows(db, spec.table, [ID], [SOURCE_KEY, ...spec.fields], [...updates.values()], true);
  count('updated', spec.name, changes.update.length);

  // Slugs from the titles and names the rows end up with (spec §5), kept where they still fit.
  const assigned = new Map<string, string>();
  const renamed: { id: number; slug: string; oldSlug: string }[] = [];
  if (slugs && spec.slugKind) {
    const facts = new Map(now);
    for (const [key, merged] of [...changes.update, ...changes.insert]) facts.set(key, merged);
    const currentSlug = new Map(current.flatMap((row) => (row.sourceKey !== null && row.slug !== null ? [[row.sourceKey, row.slug] as const] : [])));
    const pinned = new Set(current.flatMap((row) => (row.sourceKey !== null && row.slugPinned ? [row.sourceKey] : [])));
    const claims: SlugClaim[] = [...want.keys()]
      .filter((key) => facts.has(key))
      .sort(slugs.order)
      .map((key) => ({ id: key, base: slugs.baseOf(key, facts.get(key)!), current: currentSlug.get(key) ?? null, pinned: pinned.has(key) }));
    for (const [key, slug] of assignSlugs(claims, (slug, key) => (slugs.owners.get(slug) ?? key) !== key)) assigned.set(key, slug);
    for (const [key, slug] of assigned) {
      const old = currentSlug.get(key);
      if (old !== undefined && old !== slug) renamed.push({ id: ids.get(key)!, slug, oldSlug: old });
    }
    await updateRows(db, spec.table, [ID], [col('slug', 'slug', 'text')], renamed, true);
    count('updated', `${spec.name}Slugs`, renamed.length);
  }

  const inserted = await insertRows<{ id: number; sourceKey: string }>(
    db,
    spec.table,
    [SOURCE_KEY, ...spec.fields, ...(spec.slugKind ? [col('slug', 'slug', 'text')] : []), ...spec.insertOnly],
    changes.insert.map(([key, facts]) => ({ sourceKey: key, ...facts, slug: assigned.get(key) ?? null, ...insertValues(key) })),
    'id, source_key AS "sourceKey"',
  );
  for (const row of inserted) ids.set(row.sourceKey, row.id);
  count('inserted', spec.name, inserted.length);

  if (slugs && spec.slugKind) {
    // Old URLs: every slug a row leaves, and the record's key, which was its slug before slugs
    // followed the rule (issue 11.4), unless another page has it.
    const moved = new Map<string, number>();
    for (const r of renamed) moved.set(r.oldSlug, r.id);
    for (const [key, slug] of assigned) {
      if (key !== slug && (slugs.owners.get(key) ?? key) === key) moved.set(key, ids.get(key)!);
    }
    const missing = [...moved]
      .filter(([oldSlug]) => !slugs.redirects.has(oldSlug))
      .map(([oldSlug, entityId]) => ({ kind: spec.slugKind, oldSlug, entityId }));
    await insertRows(db, 'slug_redirects', [col('kind', 'kind', 'slug_kind'), col('oldSlug', 'old_slug', 'text'), col('entityId', 'entity_id', 'int')], missing);
    count('inserted', 'slugRedirects', missing.length);
  }

  // Every seeded row whose record the data no longer has goes, whether or not the last import is on
  // record: rows added in the app have no source_key, so they are never among them.
  const removed = [...now.keys()].filter((key) => !want.has(key));
  return { ids, removed: removed.map((key) => ({ key, id: ids.get(key)! })) };
}

interface LinkSpec {
  /** Report name and the record's links key. */
  name: string;
  table: string;
  owner: Column;
  /** Columns that identify the linked thing besides the owner. */
  keys: readonly Column[];
  attributes: readonly Column[];
  /** The data key of a link row (null: it links something the seed does not know, so it is left alone). */
  keyOf: (row: Record<string, Json>) => string | null;
  /** The key columns of a data key (undefined: its target is gone, e.g. deleted in the app). */
  columnsOf: (key: string) => Record<string, Json> | undefined;
}

/** Brings one link table of every owner the data has to the data (mergeItems per owner). */
async function syncLinks(
  db: Database,
  spec: LinkSpec,
  owners: ReadonlyMap<string, number>,
  want: ReadonlyMap<string, SeedRecord>,
  base: ReadonlyMap<string, SeedRecord>,
  count: Counter,
) {
  const select = [spec.owner, ...spec.keys, ...spec.attributes].map((c) => `${c.column}${c.type === 'numeric' ? '::float8' : ''} AS ${quoted(c.field)}`);
  const linkRows = await rows<Record<string, Json>>(db, sql`SELECT ${sql.raw(select.join(', '))} FROM ${sql.raw(quoted(spec.table))}`);
  const byOwner = new Map<number, Map<string, Facts>>();
  for (const row of linkRows) {
    const key = spec.keyOf(row);
    if (key === null) continue;
    const ownerId = row[spec.owner.field] as number;
    const attributes = Object.fromEntries(spec.attributes.map((a) => [a.field, row[a.field] ?? null]));
    let map = byOwner.get(ownerId);
    if (!map) byOwner.set(ownerId, (map = new Map()));
    map.set(key, attributes);
  }
  const inserts: object[] = [];
  const updates: object[] = [];
  const removes: object[] = [];
  for (const [ownerKey, record] of want) {
    const ownerId = owners.get(ownerKey);
    if (ownerId === undefined) continue;
    const baseLinks = base.get(ownerKey)?.links?.[spec.name];
    const changes = mergeItems(
      new Map(Object.entries(record.links?.[spec.name] ?? {})),
      baseLinks ? new Map(Object.entries(baseLinks)) : undefined,
      byOwner.get(ownerId) ?? new Map(),
    );
    const located = (key: string) => {
      const columns = spec.columnsOf(key);
      return columns && { [spec.owner.field]: ownerId, ...columns };
    };
    for (const [key, facts] of changes.insert) {
      const at = located(key);
      if (at) inserts.push({ ...at, ...facts });
    }
    for (const [key, facts] of changes.update) {
      const at = located(key);
      if (at) updates.push({ ...at, ...facts });
    }
    for (const key of changes.remove) {
      const at = located(key);
      if (at) removes.push(at);
    }
  }
  const keys = [spec.owner, ...spec.keys];
  await deleteRows(db, spec.table, keys, removes);
  await updateRows(db, spec.table, keys, spec.attributes, updates);
  await insertRows(db, spec.table, [...keys, ...spec.attributes], inserts);
  count('deleted', spec.name, removes.length);
  count('updated', spec.name, updates.length);
  count('inserted', spec.name, inserts.length);
}

type Counter = (what: 'inserted' | 'updated' | 'deleted', name: string, n: number) => void;

function validate(data: SeedCatalogue) {
  const known = {
    author: new Set(data.authors.map((a) => a.key)),
    series: new Set(data.series.map((s) => s.key)),
    book: new Set(data.books.map((b) => b.key)),
    category: new Set(data.awards.flatMap((a) => a.categories.map((c) => `${a.key}/${c.key}`))),
  };
  const check = (what: keyof typeof known, key: string) => {
    if (!known[what].has(key)) throw new Error(`Seed data refers to an unknown ${what}: ${key}`);
  };
  for (const s of data.series) s.authorKeys.forEach((k) => check('author', k));
  for (const b of data.books) {
    b.authorKeys.forEach((k) => check('author', k));
    if (b.series) check('series', b.series.key);
    b.awardEntries.forEach((e) => check('category', `${e.award}/${e.category}`));
  }
  data.editions.forEach((e) => check('book', e.bookKey));
  data.descriptions.forEach((d) => check('book', d.bookKey));
  data.noAwardYears?.forEach((n) => check('category', `${n.award}/${n.category}`));
}

/** The facts and links of each record, as the database should hold them (and seed_records keeps them). */
function recordsOf(data: SeedCatalogue) {
  const descriptions = new Map(data.descriptions.map((d) => [d.bookKey, { en: d.en, de: d.de, it: d.it }]));
  const positions = (keys: readonly string[]) => Object.fromEntries(keys.map((k, position) => [k, { position }]));
  const bookRecord = (b: SeedBook): SeedRecord => ({
    fields: {
      title: b.title,
      originalLanguage: b.originalLanguage ?? null,
      year: b.year,
      yearApprox: b.yearApprox ?? false,
      publisher: b.firstPublisher ?? null,
      description: descriptions.get(b.key) ?? {},
    },
    links: {
      bookAuthors: positions(b.authorKeys),
      bookGenres: Object.fromEntries(genreSlugsFor(b.genres).map((g) => [g, {}])),
      bookSeries: b.series ? { [b.series.key]: { position: b.series.position ?? null } } : {},
      bookAwards: Object.fromEntries(
        b.awardEntries.map((e) => [`${e.award}/${e.category}/${e.year}`, { isWinner: e.result === 'winner', asTitle: e.asTitle ?? null }]),
      ),
      bookAltTitles: Object.fromEntries((b.altTitles ?? []).map((a, position) => [a.title, { kind: a.kind, position }])),
    },
  });
  const editionFields = (title: string, languageCode: string, year: number | null, publisher: string | null, translator: string | null) => ({
    title,
    languageCode,
    languageName: languageName(languageCode),
    publicationYear: year,
    publisher,
    translator,
  });
  return {
    author: new Map<string, SeedRecord>(
      data.authors.map((a) => [
        a.key,
        {
          fields: {
            name: a.name,
            sortName: a.sortName,
            birthYear: a.birthYear ?? null,
            deathYear: a.deathYear ?? null,
            nationality: a.nationality ?? null,
          },
        },
      ]),
    ),
    series: new Map<string, SeedRecord>(
      data.series.map((s) => [s.key, { fields: { name: s.name, status: s.status ?? null }, links: { seriesAuthors: positions(s.authorKeys) } }]),
    ),
    book: new Map<string, SeedRecord>(data.books.map((b) => [b.key, bookRecord(b)])),
    // The original-language edition is the primary 'original' edition of every book; the translated
    // titles are further editions in their language (issue 2).
    edition: new Map<string, SeedRecord & { bookKey: string; original: boolean }>([
      ...data.books.map((b) => [
        editionKey(b.key),
        {
          bookKey: b.key,
          original: true,
          fields: editionFields(b.title, b.originalLanguage ?? 'und', b.year >= 1800 ? b.year : null, b.firstPublisher ?? null, null),
        },
      ] as const),
      ...data.editions.map((e) => [
        editionKey(e.bookKey, e),
        {
          bookKey: e.bookKey,
          original: false,
          fields: editionFields(e.title, e.languageCode, e.publicationYear ?? null, e.publisher ?? null, e.translator ?? null),
        },
      ] as const),
    ]),
  };
}

const AUTHOR: EntitySpec = {
  kind: 'author',
  name: 'authors',
  table: 'authors',
  fields: [
    col('name', 'name', 'text'),
    col('sortName', 'sort_name', 'text'),
    col('birthYear', 'birth_year', 'smallint'),
    col('deathYear', 'death_year', 'smallint'),
    col('nationality', 'nationality', 'text'),
  ],
  insertOnly: [],
  slugKind: 'author',
};
const SERIES: EntitySpec = {
  kind: 'series',
  name: 'series',
  table: 'series',
  fields: [col('name', 'name', 'text'), col('status', 'status', 'series_status')],
  insertOnly: [col('kind', 'kind', 'series_kind')],
  slugKind: 'series',
};
const BOOK: EntitySpec = {
  kind: 'book',
  name: 'books',
  table: 'books',
  fields: [
    col('title', 'original_title', 'text'),
    col('originalLanguage', 'original_language', 'text'),
    col('year', 'publication_year', 'smallint'),
    col('yearApprox', 'publication_year_approx', 'boolean'),
    col('publisher', 'publisher', 'text'),
    col('description', 'description', 'jsonb'),
  ],
  insertOnly: [],
  slugKind: 'book',
};
const EDITION: EntitySpec = {
  kind: 'edition',
  name: 'editions',
  table: 'editions',
  fields: [
    col('title', 'title', 'text'),
    col('languageCode', 'language_code', 'text'),
    col('languageName', 'language_name', 'text'),
    col('publicationYear', 'publication_year', 'smallint'),
    col('publisher', 'publisher', 'text'),
    col('translator', 'translator', 'text'),
  ],
  insertOnly: [
    col('bookId', 'book_id', 'int'),
    col('isPrimaryEdition', 'is_primary_edition', 'boolean'),
    col('editionType', 'edition_type', 'edition_type'),
    col('formatType', 'format_type', 'format_type'),
    col('isOriginalLanguage', 'is_original_language', 'boolean'),
  ],
};

/** The seeded (or adoptable) rows of a table with their facts, read as the records write them. */
async function currentRows(db: Database, spec: EntitySpec, legacyKey: SQL, from: SQL = sql.raw(`${quoted(spec.table)} t`)): Promise<CurrentRow[]> {
  const fields = spec.fields.map((c) => `t.${quoted(c.column)} AS ${quoted(c.field)}`).join(', ');
  const slug = sql.raw(spec.slugKind ? 't.slug' : 'NULL::text');
  const pinned = sql.raw(spec.slugKind ? 't.slug_pinned' : 'false');
  const found = await rows<Record<string, Json> & { id: number; sourceKey: string | null; slug: string | null; slugPinned: boolean; legacyKey: string | null }>(
    db,
    sql`SELECT t.id, t.source_key AS "sourceKey", ${slug} AS slug, ${pinned} AS "slugPinned", ${legacyKey} AS "legacyKey", ${sql.raw(fields)} FROM ${from}`,
  );
  return found.map(({ id, sourceKey, slug: current, slugPinned, legacyKey: legacy, ...facts }) => ({ id, sourceKey, slug: current, slugPinned, legacyKey: legacy, facts }));
}

export async function importSeedCatalogue(db: Database, data: SeedCatalogue): Promise<SeedReport> {
  const started = Date.now();
  const report: SeedReport = { inserted: {}, updated: {}, deleted: {}, ms: 0 };
  const count: Counter = (what, name, n) => {
    report[what][name] = (report[what][name] ?? 0) + n;
  };
  validate(data);
  const records = recordsOf(data);

  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // One importer at a time: a concurrent second run waits and then finds everything present.
    await t.execute(sql`SELECT pg_advisory_xact_lock(hashtext('phantastika:seed'))`);

    // Awards, their categories and the genres are fixed vocabularies: inserted once, never changed here.
    const awardRows = await t
      .insert(awards)
      .values(data.awards.map((a) => ({ slug: a.key, name: a.name, names: a.names, about: a.about })))
      .onConflictDoNothing()
      .returning({ id: awards.id });
    count('inserted', 'awards', awardRows.length);
    const awardIds = new Map((await t.select({ id: awards.id, slug: awards.slug }).from(awards)).map((a) => [a.slug, a.id]));
    const categoryRows = await t
      .insert(awardCategories)
      .values(
        data.awards.flatMap((a) => a.categories.map((c, position) => ({ awardId: awardIds.get(a.key)!, slug: c.key, names: c.name, position }))),
      )
      .onConflictDoNothing()
      .returning({ id: awardCategories.id });
    count('inserted', 'awardCategories', categoryRows.length);
    const categories = await t.select({ id: awardCategories.id, awardId: awardCategories.awardId, slug: awardCategories.slug }).from(awardCategories);
    const awardSlugs = new Map([...awardIds].map(([slug, id]) => [id, slug]));
    const categoryKeyById = new Map(categories.map((c) => [c.id, `${awardSlugs.get(c.awardId)}/${c.slug}`]));
    const categoryByKey = new Map(categories.map((c) => [`${awardSlugs.get(c.awardId)}/${c.slug}`, c]));
    // The 'no award' years of the data (stats.md), like the awards a fixed record: added once, never
    // removed here (an editor's marks live in the same table; issue 13 point 4).
    for (const mark of data.noAwardYears ?? []) {
      const category = categoryByKey.get(`${mark.award}/${mark.category}`)!;
      const added = await rows(t, sql`INSERT INTO award_no_award_years (award_id, category_id, year) VALUES (${category.awardId}, ${category.id}, ${mark.year}) ON CONFLICT DO NOTHING RETURNING id`);
      if (added.length) count('inserted', 'noAwardYears', added.length);
    }
    const genreRows = await t.insert(genres).values(GENRES.map((g) => ({ ...g }))).onConflictDoNothing().returning({ id: genres.id });
    count('inserted', 'genres', genreRows.length);
    const genreList = await t.select({ id: genres.id, slug: genres.slug }).from(genres);
    const genreIds = new Map(genreList.map((g) => [g.slug, g.id]));
    const genreSlugs = new Map(genreList.map((g) => [g.id, g.slug]));

    const baseRows = await rows<{ kind: string; sourceKey: string; facts: SeedRecord }>(
      t,
      sql`SELECT kind, source_key AS "sourceKey", facts FROM seed_records`,
    );
    const base = (kind: EntitySpec['kind']) => new Map(baseRows.filter((r) => r.kind === kind).map((r) => [r.sourceKey, r.facts]));
    // Migration 0006 gave the books, authors and series of earlier imports their source_key; only
    // editions, which the app adds too, are matched by what identified them before (book, language, title).
    const noLegacyKey = sql`NULL::text`;

    // Slugs follow the spec rule (issue 11.4): titles and names through src/domain/slug.ts; the slugs
    // rows had before are kept in slug_redirects, and no one else ever gets them.
    const redirectRows = await rows<{ kind: SlugKind; oldSlug: string; entityId: number }>(
      t,
      sql`SELECT kind, old_slug AS "oldSlug", entity_id AS "entityId" FROM slug_redirects`,
    );
    const slugRule = (
      kind: SlugKind,
      rowsNow: readonly CurrentRow[],
      want: ReadonlyMap<string, SeedRecord>,
      baseOf: SlugRule['baseOf'],
      order: SlugRule['order'] = (a, b) => (a < b ? -1 : a > b ? 1 : 0),
    ): SlugRule => {
      const ownerOf = new Map(rowsNow.map((row) => [row.id, row.sourceKey ?? `row:${row.id}`]));
      const owners = new Map<string, string>();
      for (const row of rowsNow) if (row.slug !== null) owners.set(row.slug, ownerOf.get(row.id)!);
      const redirects = redirectRows.filter((r) => r.kind === kind);
      for (const r of redirects) if (!owners.has(r.oldSlug)) owners.set(r.oldSlug, ownerOf.get(r.entityId) ?? `row:${r.entityId}`);
      for (const key of want.keys()) if (!owners.has(key)) owners.set(key, key);
      return { baseOf, order, owners, redirects: new Set(redirects.map((r) => r.oldSlug)) };
    };
    const byName = (key: string, facts: Facts) => slugify(String(facts.name ?? '')) || key;
    // A title in a script without Latin letters (三体) takes its English edition's title, before 'unknown-book'.
    const englishTitles = new Map(data.editions.filter((e) => e.languageCode === 'en').map((e) => [e.bookKey, e.title] as const));
    const byTitle = (key: string, facts: Facts) => {
      const title = String(facts.title ?? '');
      return slugify(title) ? bookSlug(title) : bookSlug(englishTitles.get(key) ?? title);
    };
    const byYear = (a: string, b: string) =>
      Number(records.book.get(a)?.fields.year ?? 0) - Number(records.book.get(b)?.fields.year ?? 0) || (a < b ? -1 : a > b ? 1 : 0);

    // Authors, series (and their authors), books (and their links), editions.
    const authorRows = await currentRows(t, AUTHOR, noLegacyKey);
    const authorResult = await syncEntities(t, AUTHOR, records.author, base('author'), authorRows, () => ({}), count, slugRule('author', authorRows, records.author, byName));
    const authorIds = authorResult.ids;
    const authorKeys = new Map([...authorIds].map(([key, id]) => [id, key]));
    const byAuthor = (row: Record<string, Json>) => authorKeys.get(row.authorId as number) ?? null;
    const authorColumns = (key: string) => (authorIds.has(key) ? { authorId: authorIds.get(key)! } : undefined);

    const seriesRows = await currentRows(t, SERIES, noLegacyKey);
    const seriesResult = await syncEntities(
      t,
      SERIES,
      records.series,
      base('series'),
      seriesRows,
      () => ({ kind: 'novel_series' }),
      count,
      slugRule('series', seriesRows, records.series, byName),
    );
    const seriesIds = seriesResult.ids;
    const seriesKeys = new Map([...seriesIds].map(([key, id]) => [id, key]));
    await syncLinks(
      t,
      {
        name: 'seriesAuthors',
        table: 'series_authors',
        owner: col('seriesId', 'series_id', 'int'),
        keys: [col('authorId', 'author_id', 'int')],
        attributes: [col('position', 'position', 'smallint')],
        keyOf: byAuthor,
        columnsOf: authorColumns,
      },
      seriesIds,
      records.series,
      base('series'),
      count,
    );

    const bookBase = base('book');
    const bookRows = await currentRows(t, BOOK, noLegacyKey);
    const bookResult = await syncEntities(t, BOOK, records.book, bookBase, bookRows, () => ({}), count, slugRule('book', bookRows, records.book, byTitle, byYear));
    const bookIds = bookResult.ids;
    const links: LinkSpec[] = [
      {
        name: 'bookAuthors',
        table: 'book_authors',
        owner: col('bookId', 'book_id', 'int'),
        keys: [col('authorId', 'author_id', 'int')],
        attributes: [col('position', 'position', 'smallint')],
        keyOf: byAuthor,
        columnsOf: authorColumns,
      },
      {
        name: 'bookGenres',
        table: 'book_genres',
        owner: col('bookId', 'book_id', 'int'),
        keys: [col('genreId', 'genre_id', 'int')],
        attributes: [],
        keyOf: (row) => genreSlugs.get(row.genreId as number) ?? null,
        columnsOf: (key) => (genreIds.has(key) ? { genreId: genreIds.get(key)! } : undefined),
      },
      {
        name: 'bookSeries',
        table: 'book_series',
        owner: col('bookId', 'book_id', 'int'),
        keys: [col('seriesId', 'series_id', 'int')],
        attributes: [col('position', 'position', 'numeric')],
        keyOf: (row) => seriesKeys.get(row.seriesId as number) ?? null,
        columnsOf: (key) => (seriesIds.has(key) ? { seriesId: seriesIds.get(key)! } : undefined),
      },
      {
        name: 'bookAwards',
        table: 'book_awards',
        owner: col('bookId', 'book_id', 'int'),
        keys: [col('awardId', 'award_id', 'int'), col('categoryId', 'category_id', 'int'), col('year', 'year', 'smallint')],
        attributes: [col('isWinner', 'is_winner', 'boolean'), col('asTitle', 'as_title', 'text')],
        keyOf: (row) => {
          const category = categoryKeyById.get(row.categoryId as number);
          return category ? `${category}/${row.year as number}` : null;
        },
        columnsOf: (key) => {
          const [award, category, year] = key.split('/');
          const found = categoryByKey.get(`${award}/${category}`);
          return found && { awardId: found.awardId, categoryId: found.id, year: Number(year) };
        },
      },
      {
        name: 'bookAltTitles',
        table: 'book_alt_titles',
        owner: col('bookId', 'book_id', 'int'),
        keys: [col('title', 'title', 'text')],
        attributes: [col('kind', 'kind', 'alt_title_kind'), col('position', 'position', 'smallint')],
        keyOf: (row) => row.title as string,
        columnsOf: (title) => ({ title }),
      },
    ];
    for (const link of links) await syncLinks(t, link, bookIds, records.book, bookBase, count);

    const editionRows = (await currentRows(
      t,
      EDITION,
      sql`CASE WHEN t.source_key IS NULL AND b.source_key IS NOT NULL THEN
                 CASE WHEN t.edition_type = 'original' THEN b.source_key || '/original'
                      WHEN NOT t.is_original_language THEN b.source_key || '/' || t.language_code || '/' || t.title END END`,
      sql`editions t JOIN books b ON b.id = t.book_id`,
    )).filter((row) => row.sourceKey !== null || row.legacyKey !== null);
    const editionWant = new Map([...records.edition].filter(([, record]) => bookIds.has(record.bookKey)));
    const editionResult = await syncEntities(
      t,
      EDITION,
      editionWant,
      base('edition'),
      editionRows,
      (key) => {
        const record = editionWant.get(key)!;
        return {
          bookId: bookIds.get(record.bookKey)!,
          isPrimaryEdition: record.original,
          editionType: record.original ? 'original' : 'international',
          formatType: 'physical',
          isOriginalLanguage: record.original,
        };
      },
      count,
    );

    // Removals, after the links that pointed at them: a removed book takes its links and editions with
    // it; an edition chosen as a book's primary edition in the app, or an author a book added in the
    // app still names, is kept and only forgets its seed record.
    const idList = (removed: readonly { id: number }[]) => sql`SELECT (jsonb_array_elements(${JSON.stringify(removed.map((r) => r.id))}::jsonb))::int`;
    const remove = async (name: string, statement: SQL) => count('deleted', name, (await rows(t, statement)).length);
    if (editionResult.removed.length > 0) {
      const ids = idList(editionResult.removed);
      await remove('editions', sql`DELETE FROM editions WHERE id IN (${ids}) AND NOT is_primary_edition RETURNING id`);
      await t.execute(sql`UPDATE editions SET source_key = NULL WHERE id IN (${ids})`);
    }
    // A removed book, author or series takes its old slugs with it (slug_redirects has no foreign key).
    const forgetSlugs = (kind: SlugKind, removed: SQL) => remove('slugRedirects', sql`DELETE FROM slug_redirects WHERE kind = ${kind} AND entity_id IN (${removed}) RETURNING 1`);
    if (bookResult.removed.length > 0) {
      const removed = await rows<{ id: number }>(t, sql`DELETE FROM books WHERE id IN (${idList(bookResult.removed)}) RETURNING id`);
      count('deleted', 'books', removed.length);
      await forgetSlugs('book', idList(removed));
    }
    if (seriesResult.removed.length > 0) {
      const removed = await rows<{ id: number }>(t, sql`DELETE FROM series WHERE id IN (${idList(seriesResult.removed)}) RETURNING id`);
      count('deleted', 'series', removed.length);
      await forgetSlugs('series', idList(removed));
    }
    if (authorResult.removed.length > 0) {
      const ids = idList(authorResult.removed);
      const removed = await rows<{ id: number }>(
        t,
        sql`DELETE FROM authors a WHERE a.id IN (${ids}) AND NOT EXISTS (SELECT 1 FROM book_authors ba WHERE ba.author_id = a.id) RETURNING id`,
      );
      count('deleted', 'authors', removed.length);
      await forgetSlugs('author', idList(removed));
      await t.execute(sql`UPDATE authors SET source_key = NULL WHERE id IN (${ids})`);
    }

    // What this import wrote, as the base of the next one.
    const written: { kind: string; sourceKey: string; facts: SeedRecord }[] = [];
    const gone: { kind: string; sourceKey: string }[] = [];
    for (const kind of ['author', 'series', 'book', 'edition'] as const) {
      const before = base(kind);
      const want: ReadonlyMap<string, SeedRecord> = records[kind];
      for (const [key, record] of want) {
        const facts: SeedRecord = record.links ? { fields: record.fields, links: record.links } : { fields: record.fields };
        if (!sameJson(before.get(key), facts)) written.push({ kind, sourceKey: key, facts });
      }
      for (const key of before.keys()) if (!records[kind].has(key)) gone.push({ kind, sourceKey: key });
    }
    const recordColumns = [col('kind', 'kind', 'text'), col('sourceKey', 'source_key', 'text')];
    await deleteRows(t, 'seed_records', recordColumns, gone);
    if (written.length > 0) {
      await t.execute(sql`INSERT INTO seed_records (kind, source_key, facts)
                          SELECT r.kind, r."sourceKey", r.facts FROM ${recordset(written, [...recordColumns, col('facts', 'facts', 'jsonb')])}
                          ON CONFLICT (kind, source_key) DO UPDATE SET facts = excluded.facts, imported_at = now()`);
    }
  });

  if (seedChanged(report)) {
    // A bulk load leaves the GIN (trigram) indexes' new entries in their pending lists, which every
    // search then scans linearly (measured: search SQL ~3x slower until merged). Merge them, then
    // refresh the statistics so the planner stays on the indexes (DESIGN.md §2).
    await db.execute(sql`SELECT gin_clean_pending_list(i.indexrelid::regclass)
                         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
                         JOIN pg_namespace n ON n.oid = c.relnamespace
                         WHERE am.amname = 'gin' AND n.nspname = current_schema()`);
    await db.execute(sql`ANALYZE`);
  }
  report.ms = Date.now() - started;
  return report;
}
