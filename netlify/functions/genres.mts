import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { createGenre } from '../../db/queries/editorial/genres.ts';
import { requireEditor, savedAnswer, schemasNow, unwrap } from './_shared/editorial.ts';
import { handle, parseJson } from './_shared/http.ts';

/** POST /api/genres (issue 13 point 1; super users only): adds a genre; answers its id and slug, and asks for a rebuild. */
export default handle({
  POST: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const input = await parseJson(req, schemasNow().createGenre);
    return savedAnswer(ctx, 'genre', unwrap('genre', await createGenre(await getDb(), actor, input)), 201);
  },
});

export const config: Config = { path: '/api/genres' };
