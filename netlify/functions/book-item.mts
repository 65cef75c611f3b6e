import type { Config } from '@netlify/functions';
import { deleteBook, findBookRecord, updateBook } from '../../db/queries/editorial/books.ts';
import { itemEndpoint } from './_shared/editorial.ts';

/**
 * /api/books/{id} (issue 13 point 1; super users only): GET the book as its edit form loads it
 * (by id or slug), PATCH what the form changed, DELETE it. Writes record their history
 * and ask for a static rebuild. `/api/books/search` stays with its own function (excludedPath).
 */
export default itemEndpoint('book', { find: findBookRecord, update: updateBook, remove: deleteBook, schema: (s) => s.updateBook });

export const config: Config = { path: '/api/books/:id', excludedPath: '/api/books/search' };
