/**
 * Affiliate settings by super users (issue 13 point 6): services and their locales. Each write is one
 * transaction that records the service before and after (entity affiliate_service, the service's id)
 * in admin_history; a locale's change is a change of its service. A changed locale gets `edited_at`,
 * so the seed keeps its tag (db/seed/affiliate-services.ts). No rebuild: the pop-up reads the services
 * live from GET /api/affiliate/services (its per-instance cache is cleared by the writing handler).
 */
import { sql } from 'drizzle-orm';
import { AFFILIATE_TEMPLATE_PROBLEM_KEYS, type AdminAffiliate, type AdminAffiliateService, type AffiliateLocaleInput, type AffiliateLocalePatch, type AffiliateServiceInput, type AffiliateServicePatch } from '../../../src/domain/schemas/affiliate.ts';
import { isOwnHostTemplate } from '../../../src/domain/reader/affiliate-link.ts';
import type { Database } from '../../client.ts';
import { fitsSerial } from '../refs.ts';
import { checkVersion, Refusal, rows, type Executor, type Outcome } from './common.ts';
import type { ExpectedVersion } from '../../../src/domain/editorial/versions.ts';
import { recordHistory, type Actor } from './history.ts';

/** The book whose primary edition the admin preview links (spec §1's example book). */
export const PREVIEW_BOOK_SLUG = 'dune';

const SERVICE_JSON = sql`json_build_object('id', s.id, 'version', s.version, 'key', s.key, 'name', s.name, 'enabled', s.enabled,
  'locales', coalesce((SELECT json_agg(json_build_object('id', l.id, 'region', l.region, 'variant', l.variant, 'template', l.template,
                                                         'domain', l.domain, 'affiliateTag', l.affiliate_tag) ORDER BY l.id)
                       FROM affiliate_service_locales l WHERE l.service_id = s.id), '[]'))`;

/**
 * Every service (disabled ones too) with its locales, and the preview's sample edition: the primary
 * edition of the book the admin chose (id or slug; issue 29 point 20), Dune's when none is chosen, or
 * the book's first edition when none is primary. Null when there is no such book or it has no edition.
 */
export async function listAffiliateAdmin(db: Database, book: number | string = PREVIEW_BOOK_SLUG): Promise<AdminAffiliate> {
  const where = typeof book === 'number' ? (fitsSerial(book) ? sql`b.id = ${book}` : sql`false`) : sql`b.slug = ${book}`;
  const [row] = await rows<AdminAffiliate>(
    db,
    sql`SELECT coalesce((SELECT json_agg(${SERVICE_JSON} ORDER BY s.id) FROM affiliate_services s), '[]') AS services,
               (SELECT json_build_object('bookId', b.id, 'bookTitle', b.original_title, 'title', e.title, 'isbn', e.isbn, 'asin', e.asin)
                FROM books b JOIN editions e ON e.book_id = b.id WHERE ${where}
                ORDER BY e.is_primary_edition DESC, e.id LIMIT 1) AS sample`,
  );
  return row!;
}

async function readService(tx: Executor, id: number): Promise<AdminAffiliateService | null> {
  if (!fitsSerial(id)) return null;
  const [row] = await rows<{ service: AdminAffiliateService }>(tx, sql`SELECT ${SERVICE_JSON} AS service FROM affiliate_services s WHERE s.id = ${id}`);
  return row?.service ?? null;
}

/** The unique indexes whose violation is a conflict the editor can fix. */
const CONFLICTS: Readonly<Record<string, string>> = {
  affiliate_services_key_key: 'api.error.affiliateKeyTaken',
  affiliate_service_locales_key: 'api.error.affiliateLocaleTaken',
};

async function write<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await db.transaction(work) };
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
      const { code, constraint } = e as { code?: string; constraint?: string };
      if (code === '23505' && constraint && CONFLICTS[constraint]) return { ok: false, reason: 'conflict', key: CONFLICTS[constraint] };
    }
    throw error;
  }
}

const NOT_FOUND = new Refusal({ ok: false, reason: 'notFound' });

/**
 * Locks a service and reads it (a locale's service when `viaLocale`); a write based on another
 * version of it is refused (issue 27 point 4), one that goes on moves the version in its transaction.
 */
async function lockService(tx: Executor, id: number, expected: ExpectedVersion, viaLocale = false): Promise<AdminAffiliateService> {
  if (!fitsSerial(id)) throw NOT_FOUND;
  const [locked] = viaLocale
    ? await rows<{ id: number }>(tx, sql`SELECT s.id FROM affiliate_services s JOIN affiliate_service_locales l ON l.service_id = s.id WHERE l.id = ${id} FOR UPDATE OF s`)
    : await rows<{ id: number }>(tx, sql`SELECT id FROM affiliate_services WHERE id = ${id} FOR UPDATE`);
  if (!locked) throw NOT_FOUND;
  const service = (await readService(tx, locked.id))!;
  checkVersion(service, expected);
  await tx.execute(sql`UPDATE affiliate_services SET version = version + 1 WHERE id = ${locked.id}`);
  return service;
}

export async function createAffiliateService(db: Database, actor: Actor, input: AffiliateServiceInput): Promise<Outcome<AdminAffiliateService>> {
  return write(db, async (tx) => {
    const [row] = await rows<{ id: number }>(tx, sql`INSERT INTO affiliate_services (key, name, enabled) VALUES (${input.key}, ${input.name}, ${input.enabled}) RETURNING id`);
    const after = (await readService(tx, row!.id))!;
    await recordHistory(tx, { actor, entityType: 'affiliate_service', entityId: String(after.id), action: 'create', before: null, after });
    return after;
  });
}

export async function updateAffiliateService(db: Database, actor: Actor, id: number, patch: AffiliateServicePatch, expected: ExpectedVersion = null): Promise<Outcome<AdminAffiliateService>> {
  return write(db, async (tx) => {
    const before = await lockService(tx, id, expected);
    await tx.execute(sql`UPDATE affiliate_services SET key = coalesce(${patch.key ?? null}, key), name = coalesce(${patch.name ?? null}, name),
                                enabled = coalesce(${patch.enabled ?? null}::boolean, enabled) WHERE id = ${id}`);
    const after = (await readService(tx, id))!;
    await recordHistory(tx, { actor, entityType: 'affiliate_service', entityId: String(id), action: 'update', before, after });
    return after;
  });
}

export async function deleteAffiliateService(db: Database, actor: Actor, id: number, expected: ExpectedVersion = null): Promise<Outcome<{ id: number }>> {
  return write(db, async (tx) => {
    const before = await lockService(tx, id, expected);
    await tx.execute(sql`DELETE FROM affiliate_services WHERE id = ${id}`);
    await recordHistory(tx, { actor, entityType: 'affiliate_service', entityId: String(id), action: 'delete', before, after: null });
    return { id };
  });
}

export async function createAffiliateLocale(db: Database, actor: Actor, serviceId: number, input: AffiliateLocaleInput, expected: ExpectedVersion = null): Promise<Outcome<AdminAffiliateService>> {
  return write(db, async (tx) => {
    const before = await lockService(tx, serviceId, expected);
    await tx.execute(sql`INSERT INTO affiliate_service_locales (service_id, region, variant, template, domain, affiliate_tag, edited_at)
                         VALUES (${serviceId}, ${input.region}, ${input.variant}, ${input.template}, ${input.domain}, ${input.affiliateTag}, now())`);
    const after = (await readService(tx, serviceId))!;
    await recordHistory(tx, { actor, entityType: 'affiliate_service', entityId: String(serviceId), action: 'update', before, after });
    return after;
  });
}

export async function updateAffiliateLocale(db: Database, actor: Actor, localeId: number, patch: AffiliateLocalePatch, expected: ExpectedVersion = null): Promise<Outcome<AdminAffiliateService>> {
  return write(db, async (tx) => {
    const before = await lockService(tx, localeId, expected, true);
    const tag = patch.affiliateTag === undefined ? sql`affiliate_tag` : sql`${patch.affiliateTag}`;
    await tx.execute(sql`UPDATE affiliate_service_locales SET region = coalesce(${patch.region ?? null}, region), variant = coalesce(${patch.variant ?? null}, variant),
                                template = coalesce(${patch.template ?? null}, template), domain = coalesce(${patch.domain ?? null}, domain),
                                affiliate_tag = ${tag}, edited_at = now() WHERE id = ${localeId}`);
    const after = (await readService(tx, before.id))!;
    // A patch may change the template or the domain alone: the stored pair must still keep links on the service's host (issue 29 point 20).
    const changed = after.locales.find((l) => l.id === localeId)!;
    if (!isOwnHostTemplate(changed.template, changed.domain)) throw new Refusal({ ok: false, reason: 'invalid', details: [{ path: 'template', key: AFFILIATE_TEMPLATE_PROBLEM_KEYS.host }] });
    await recordHistory(tx, { actor, entityType: 'affiliate_service', entityId: String(before.id), action: 'update', before, after });
    return after;
  });
}

export async function deleteAffiliateLocale(db: Database, actor: Actor, localeId: number, expected: ExpectedVersion = null): Promise<Outcome<AdminAffiliateService>> {
  return write(db, async (tx) => {
    const before = await lockService(tx, localeId, expected, true);
    await tx.execute(sql`DELETE FROM affiliate_service_locales WHERE id = ${localeId}`);
    const after = (await readService(tx, before.id))!;
    await recordHistory(tx, { actor, entityType: 'affiliate_service', entityId: String(before.id), action: 'update', before, after });
    return after;
  });
}
