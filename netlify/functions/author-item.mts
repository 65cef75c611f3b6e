import type { Config } from '@netlify/functions';
import { deleteAuthor, findAuthorRecord, updateAuthor } from '../../db/queries/editorial/authors.ts';
import { itemEndpoint } from './_shared/editorial.ts';

/**
 * /api/authors/{id} (issue 13 point 1; super users only): GET the author as its edit form loads it
 * (by id or slug), PATCH what the form changed, DELETE it (refused with 409 while books name them). Writes record their history
 * and ask for a static rebuild. `/api/authors/search` stays with its own function (excludedPath).
 */
export default itemEndpoint('author', { find: findAuthorRecord, update: updateAuthor, remove: deleteAuthor, schema: (s) => s.updateAuthor });

export const config: Config = { path: '/api/authors/:id', excludedPath: '/api/authors/search' };
