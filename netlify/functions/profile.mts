import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { deleteUser, findUserById, updateProfile } from '../../db/queries/accounts.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { DeleteAccountSchema, ProfileUpdateSchema } from '../../src/domain/schemas/auth.ts';
import { toCurrentUser } from './_shared/current-user.ts';
import { handle, noContent, ok, parseJson } from './_shared/http.ts';
import { verifyPassword } from './_shared/passwords.ts';
import { requireUser, sessionCookies, sessionHintCookie } from './_shared/session.ts';

/** PATCH /api/profile (names, bio, language) and DELETE /api/profile (after password confirmation). */
export default handle({
  GET: async (req) => {
    const user = await requireUser(req);
    const row = await findUserById(await getDb(), user.id);
    if (!row) throw new ApiError('UNAUTHENTICATED');
    return ok(toCurrentUser(row));
  },
  PATCH: async (req) => {
    const user = await requireUser(req);
    const patch = await parseJson(req, ProfileUpdateSchema);
    const row = await updateProfile(await getDb(), user.id, patch);
    if (!row) throw new ApiError('UNAUTHENTICATED');
    // A new first name is a new initial on the avatar: the hint follows.
    return ok(toCurrentUser(row), { headers: { 'set-cookie': sessionHintCookie(req, row.firstName ?? '') } });
  },
  DELETE: async (req) => {
    const user = await requireUser(req);
    const { password } = await parseJson(req, DeleteAccountSchema);
    const db = await getDb();
    const row = await findUserById(db, user.id);
    if (!row || !(await verifyPassword(password, row.passwordHash))) throw new ApiError('FORBIDDEN', 'api.error.passwordWrong');
    await deleteUser(db, user.id);
    return noContent({ 'set-cookie': sessionCookies(req, null) });
  },
});

export const config: Config = { path: '/api/profile' };
