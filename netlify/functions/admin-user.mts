import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { getDb } from '../../db/client.ts';
import type { Outcome } from '../../db/queries/editorial/common.ts';
import { changeRole, deleteUserAccount } from '../../db/queries/editorial/users.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { ChangeRoleSchema, UserIdSchema } from '../../src/domain/schemas/admin-users.ts';
import { requireEditor } from './_shared/editorial.ts';
import { notePopularityWrite } from './_shared/catalogue-index.ts';
import { handle, ok, parseJson, parseParams } from './_shared/http.ts';

const Params = z.object({ id: UserIdSchema });

/** The value, or the refusal: no such user (404), the last super user (409). */
function unwrapUser<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  if (outcome.reason === 'notFound') throw new ApiError('NOT_FOUND', 'api.error.userNotFound');
  if (outcome.reason === 'conflict') throw new ApiError('CONFLICT', outcome.key);
  throw new ApiError('CONFLICT');
}

/**
 * /api/admin/users/{id} (issue 13 point 5; super users only): PATCH `{role}` changes the role (the
 * user's next request has it), DELETE removes the account; the last super user keeps the role and
 * the account (409). Both are recorded in the admin history.
 */
export default handle({
  PATCH: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, Params);
    const { role } = await parseJson(req, ChangeRoleSchema);
    return ok(unwrapUser(await changeRole(await getDb(), actor, id, role)));
  },
  DELETE: async (req, ctx) => {
    const { actor } = await requireEditor(req);
    const { id } = parseParams(ctx.params, Params);
    const deleted = unwrapUser(await deleteUserAccount(await getDb(), actor, id));
    await notePopularityWrite(); // the account's ratings and reviews went with it
    return ok(deleted);
  },
});

export const config: Config = { path: '/api/admin/users/:id' };
