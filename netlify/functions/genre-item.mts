import type { Config } from '@netlify/functions';
import { deleteGenre, findGenreRecord, updateGenre } from '../../db/queries/editorial/genres.ts';
import { itemEndpoint } from './_shared/editorial.ts';

/**
 * /api/genres/{id} (issue 13 point 1; super users only): GET the genre as its edit form loads it
 * (by id or slug), PATCH what the form changed, DELETE it (refused with 409 while books carry it). Writes record their history
 * and ask for a static rebuild. `/api/genres/search` stays with its own function (excludedPath).
 */
export default itemEndpoint('genre', { find: findGenreRecord, update: updateGenre, remove: deleteGenre, schema: (s) => s.updateGenre });

export const config: Config = { path: '/api/genres/:id', excludedPath: '/api/genres/search' };
