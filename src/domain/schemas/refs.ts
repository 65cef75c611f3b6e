/**
 * References in a path (spec §7 `/api/books/{id}/...`): a numeric id, or a slug where the URL pattern
 * allows one. An id of up to ten digits is well-formed; one beyond the integer column matches no row
 * and answers 404 (db/queries/refs.ts), never a database error.
 */
import { z } from 'zod';
import { text } from './text.ts';

const ID = /^[1-9][0-9]{0,9}$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * An id or slug reference with `key` as the message of a malformed one.
 * @example refSchema('validation.bookRef').parse('42') // 42
 */
export function refSchema(key: string) {
  return z.union([text(key).regex(ID, key).transform(Number), text(key).regex(SLUG, key).max(200, key)]);
}

/** An author in a path: id or slug (`/api/authors/{id}/reviews`). */
export const AuthorRefSchema = refSchema('validation.authorRef');

/** A numeric id only (`/api/reading-list/{bookId}`: the list names books by id, spec §7 `{bookId, status}`). */
export const IdParamSchema = text('validation.id').regex(ID, 'validation.id').transform(Number);
