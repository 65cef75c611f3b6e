import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { getDb } from '../../db/client.ts';
import { loadModalCatalogue, loadModalLive, type ModalCatalogue } from '../../db/queries/reader/modal-data.ts';
import { findBookId } from '../../db/queries/refs.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { isSuperUser } from '../../src/domain/roles.ts';
import { BookRefSchema } from '../../src/domain/schemas/edition.ts';
import type { ModalData } from '../../src/domain/schemas/reader.ts';
import { createVersionedAnswerCache } from './_shared/answer-cache.ts';
import { handle, okJson, parseParams } from './_shared/http.ts';
import { sessionRef } from './_shared/session.ts';

const ParamsSchema = z.object({ id: BookRefSchema });
/**
 * The catalogue half only (the same for every reader in a language); nothing personal is ever cached.
 * Keyed by the catalogue's version (issue 27 point 5): an edit shows in the next answer on the
 * writing instance, on the others within their version check.
 */
const cached = createVersionedAnswerCache<ModalCatalogue | null>();
/** The members of a catalogue half as JSON text (without its braces), made once per cached half. */
const members = new WeakMap<ModalCatalogue, string>();
function membersOf(catalogue: ModalCatalogue): string {
  let text = members.get(catalogue);
  if (text === undefined) members.set(catalogue, (text = JSON.stringify(catalogue).slice(1, -1)));
  return text;
}

/**
 * GET /api/books/{id}/modal-data (spec §2 pop-up, §7; issue 12): the book in the request language
 * (Accept-Language), its live rating summary and two newest reviews, and for a signed-in reader
 * their rating and reading-list status. Signed out it answers too (false/null for the personal
 * fields). The answer depends on the session: private, never stored by a shared cache. The book half
 * is cached per instance, except for super users, who read it live (their edition edits show at once).
 */
export default handle({
  GET: async (req, ctx) => {
    const { id } = parseParams(ctx.params, ParamsSchema);
    const load = async () => {
      const db = await getDb();
      const bookId = await findBookId(db, id);
      return bookId === null ? null : loadModalCatalogue(db, bookId, ctx.locale);
    };
    const [shared, session] = await Promise.all([cached(`${ctx.locale}\u0000${typeof id}\u0000${id}`, load), sessionRef(req)]);
    if (!shared) throw new ApiError('NOT_FOUND', 'api.error.bookNotFound');
    // The session is checked inside the live query (a revoked or outdated one reads as signed out).
    const { viewerRole, ...live } = await loadModalLive(await getDb(), shared.book.id, session);
    // Super users edit the editions (issue 13): they read the book live, so the pop-up shows their change at once.
    const catalogue = isSuperUser(viewerRole ? { role: viewerRole } : null) ? await load() : shared;
    if (!catalogue) throw new ApiError('NOT_FOUND', 'api.error.bookNotFound');
    // { ...catalogue, ...live } as JSON: the cached half is serialized once (no key is in both halves).
    const data = `{${membersOf(catalogue)},${JSON.stringify(live satisfies Omit<ModalData, keyof ModalCatalogue>).slice(1, -1)}}`;
    return okJson(data, { headers: { 'cache-control': 'private, no-store', vary: 'cookie, accept-language' } });
  },
});

export const config: Config = { path: '/api/books/:id/modal-data' };
