import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { revokeAllSessions } from '../../db/queries/sessions.ts';
import { handle, noContent } from './_shared/http.ts';
import { requireUser, sessionCookies } from './_shared/session.ts';

/**
 * DELETE /api/profile/sessions: "sign out everywhere" (issue 10). Ends every session of the signed-in
 * user on the server, this one included, and clears this browser's cookie.
 */
export default handle({
  DELETE: async (req) => {
    const user = await requireUser(req);
    await revokeAllSessions(await getDb(), user.id);
    return noContent({ 'set-cookie': sessionCookies(req, null) });
  },
});

export const config: Config = { path: '/api/profile/sessions' };
