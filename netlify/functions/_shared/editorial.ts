/**
 * What the admin write endpoints share (issue 13 points 1, 7, 8): the super-user guard with the
 * actor history records, the schemas of this year, the outcomes of db/queries/editorial as HTTP, and
 * the answer of a write, which asks for a static rebuild (`requestRebuild()`, coalesced) and says
 * where it stands.
 */
import { z } from 'zod';
import type { Outcome } from '../../../db/queries/editorial/common.ts';
import type { EditionWriteResult } from '../../../db/queries/editorial/editions.ts';
import { editionRuleError } from '../../../src/domain/editorial/edition-rules.ts';
import type { Actor } from '../../../db/queries/editorial/history.ts';
import { ApiError } from '../../../src/domain/envelope.ts';
import { editorialSchemas, type EditedEntity, type EditorialSchemas } from '../../../src/domain/schemas/editorial.ts';
import { refSchema, IdParamSchema } from '../../../src/domain/schemas/refs.ts';
import { getDb, type Database } from '../../../db/client.ts';
import { pagesShowingNow } from '../../../db/queries/entity-pages.ts';
import { cacheTag } from '../../../src/domain/cdn/cache-tags.ts';
import type { Locale } from '../../../src/domain/enums.ts';
import { etagOf, expectedVersion, type ExpectedVersion } from '../../../src/domain/editorial/versions.ts';
import { noteCatalogueWrite } from './catalogue-index.ts';
import { handle, ok, parseJson, parseParams, type RequestContext } from './http.ts';
import { requestRebuild } from './rebuild.ts';
import { requireRole, type SessionUser } from './session.ts';

/** The signed-in super user (401 signed out, 403 any other role) as the actor of the history. */
export async function requireEditor(req: Request): Promise<{ user: SessionUser; actor: Actor }> {
  const user = await requireRole(req, 'SUPER_USER');
  return { user, actor: { id: user.id, email: user.email } };
}

/** The request schemas with this year's bounds (spec §9: publication years up to this year plus 5). */
export function schemasNow(): EditorialSchemas {
  return editorialSchemas(new Date().getUTCFullYear());
}

/** `/api/{kind}/{id}` for writes: a numeric id. */
export const IdParams = z.object({ id: IdParamSchema });
/** `/api/{kind}/{id}` for the edit form's read: the id or the slug (edit pages are /books/edit/{slug}). */
export const RefParams = z.object({ id: refSchema('validation.ref') });

const NOT_FOUND: Readonly<Record<EditedEntity, string>> = {
  book: 'api.error.bookNotFound',
  author: 'api.error.authorNotFound',
  series: 'api.error.seriesNotFound',
  genre: 'api.error.genreNotFound',
};
/** The 409 of a delete that books still block; `{count}` and `{titles}` name them. */
const BLOCKED: Readonly<Record<EditedEntity, string>> = {
  book: 'api.error.conflict',
  author: 'api.error.authorHasBooks',
  series: 'api.error.seriesHasBooks',
  genre: 'api.error.genreHasBooks',
};

/** The value of a write, or its refusal as the envelope's error. */
export function unwrap<T>(kind: EditedEntity, outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  switch (outcome.reason) {
    case 'notFound':
      throw new ApiError('NOT_FOUND', NOT_FOUND[kind]);
    case 'invalid':
      throw new ApiError('VALIDATION', 'api.error.validation', outcome.details);
    case 'conflict':
      throw new ApiError('CONFLICT', outcome.key);
    case 'blocked':
      throw blockedError(BLOCKED[kind], outcome);
    case 'stale':
      throw staleError(outcome.current);
  }
}

/**
 * The 409 of a write based on an older version (issue 27 point 4): the record as stored now in
 * `error.current`, its version in the ETag header, so the editor can show what changed.
 */
export function staleError(current: { version: number | string }): ApiError {
  return new ApiError('CONFLICT', 'api.error.staleVersion', undefined, { etag: etagOf(current.version) }, { current });
}

/** The value of an edition write, or its refusal: a rule's (spec §8), or 409 with the current edition when stale. */
export function editionValue<T>(result: EditionWriteResult<T>): T {
  if (result.ok) return result.value;
  if (result.violation === 'stale') throw staleError(result.current);
  throw editionRuleError(result.violation);
}

/**
 * The version a write is based on: `If-Match: "v<n>"` and/or the body's `version` (both must agree);
 * null when it names none, which is not checked (ADR 0030: API clients written before versions keep working).
 */
export function expectedVersionOf(req: Request, body?: { version?: number }): ExpectedVersion {
  return expectedVersion(req.headers.get('if-match'), body?.version);
}

/** The 409 of a delete that books still need: `messageKey` with `{count}` and `{titles}`, and the books as `blockedBy`. */
export function blockedError(messageKey: string, outcome: Extract<Outcome<never>, { reason: 'blocked' }>): ApiError {
  const titles = outcome.books.map((b) => `“${b.title}”`).join(', ') + (outcome.total > outcome.books.length ? ', …' : '');
  return new ApiError('CONFLICT', messageKey, undefined, undefined, {
    params: { count: outcome.total, titles },
    blockedBy: outcome.books.map((b) => ({ entity: 'book', ...b })),
  });
}

/** A record read for the edit form, or 404. */
export function found<T>(kind: EditedEntity, record: T | null): T {
  if (record === null) throw new ApiError('NOT_FOUND', NOT_FOUND[kind]);
  return record;
}

/**
 * The answer of a catalogue write: what was saved and the rebuild it asked for (issue 13 point 7:
 * every catalogue write calls the one requestRebuild(); the editor shows its status).
 */
export async function savedAnswer(ctx: RequestContext, kind: EditedEntity, value: { id: number; slug?: string; version?: number }, status = 200): Promise<Response> {
  // The edge's copies of every page that showed the record or shows it now (issue 28 point 2, ADR
  // 0037), then read-your-writes (issue 27 point 5): this instance's copies follow the write before it answers.
  const related = await pagesShowingNow(await getDb(), kind, value.id);
  await noteCatalogueWrite([cacheTag(kind, value.id), ...related.map((r) => cacheTag(r.kind, r.id))]);
  const headers = value.version === undefined ? undefined : { etag: etagOf(value.version) };
  return ok({ ...value, rebuild: await requestRebuild(ctx) }, { status, headers });
}

/** What one catalogue entity's item endpoint does with the database (db/queries/editorial/<kind>.ts). */
export interface ItemQueries<R, U> {
  find: (db: Database, ref: number | string) => Promise<R | null>;
  update: (db: Database, actor: Actor, id: number, input: U, expected: ExpectedVersion) => Promise<Outcome<{ id: number; slug: string; version: number }>>;
  remove: (db: Database, actor: Actor, id: number, locale: Locale, expected: ExpectedVersion) => Promise<Outcome<{ id: number }>>;
  schema: (schemas: EditorialSchemas) => z.ZodType<U>;
}

/**
 * `/api/{kind}/{id}` of one catalogue entity (super users only): GET it as its edit form loads it (by
 * id or slug) with its version as the ETag, PATCH what the form changed, DELETE it (409 while books
 * still need it). Writes name the version they are based on (If-Match or the body's `version`; a
 * stale one is a 409 with the current record), record their history and ask for a static rebuild.
 */
export function itemEndpoint<R extends { version: number }, U extends { version?: number }>(kind: EditedEntity, queries: ItemQueries<R, U>) {
  return handle({
    GET: async (req, ctx) => {
      await requireEditor(req);
      const { id } = parseParams(ctx.params, RefParams);
      const record = found(kind, await queries.find(await getDb(), id));
      return ok(record, { headers: { etag: etagOf(record.version) } });
    },
    PATCH: async (req, ctx) => {
      const { actor } = await requireEditor(req);
      const { id } = parseParams(ctx.params, IdParams);
      const input = await parseJson(req, queries.schema(schemasNow()));
      return savedAnswer(ctx, kind, unwrap(kind, await queries.update(await getDb(), actor, id, input, expectedVersionOf(req, input))));
    },
    DELETE: async (req, ctx) => {
      const { actor } = await requireEditor(req);
      const { id } = parseParams(ctx.params, IdParams);
      return savedAnswer(ctx, kind, unwrap(kind, await queries.remove(await getDb(), actor, id, ctx.locale, expectedVersionOf(req))));
    },
  });
}
