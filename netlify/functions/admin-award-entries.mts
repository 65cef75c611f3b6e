import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { readAwardEntries, saveAwardEntries } from '../../db/queries/editorial/awards.ts';
import { awardEntriesSchema, awardSlotQuerySchema } from '../../src/domain/schemas/awards-admin.ts';
import { etagOf, expectedSlotVersion } from '../../src/domain/editorial/versions.ts';
import { awardAnswer, awardValue, maxAwardYearNow } from './_shared/awards-admin.ts';
import { IdParams, requireEditor } from './_shared/editorial.ts';
import { handle, ok, parseJson, parseParams, parseQuery } from './_shared/http.ts';

/**
 * /api/admin/awards/{id}/entries (issue 13 point 4; super users only): the finalists of one slot
 * (`year` and `categoryId` or `customCategory`). GET reads them; PUT `{year, categoryId |
 * customCategory, noAward, entries: [{bookId, isWinner, asTitle?}]}` replaces them all at once
 * (several winners are a tie; `noAward` a year without a winner) and asks for a rebuild. The slot's
 * version (ETag, `version` of the answer) names what the screen loaded: a PUT with an older one, as
 * `If-Match` or `version`, is a 409 with the slot as stored (issue 27 point 4).
 */
export default handle({
  GET: async (req, ctx) => {
    await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    const slot = parseQuery(req, awardSlotQuerySchema(maxAwardYearNow()));
    const entries = awardValue(await readAwardEntries(await getDb(), id, slot, ctx.locale));
    return ok(entries, { headers: { 'cache-control': 'private, no-store', etag: etagOf(entries.version) } });
  },
  PUT: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, IdParams);
    const input = await parseJson(req, awardEntriesSchema(maxAwardYearNow()));
    const expected = expectedSlotVersion(req.headers.get('if-match'), input.version);
    return awardAnswer(ctx, await saveAwardEntries(await getDb(), actor, id, input, ctx.locale, expected));
  },
});

export const config: Config = { path: '/api/admin/awards/:id/entries' };
