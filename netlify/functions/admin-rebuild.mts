import type { Config } from '@netlify/functions';
import { ApiError } from '../../src/domain/envelope.ts';
import { handle, ok } from './_shared/http.ts';
import { rebuildStatus, requestRebuild } from './_shared/rebuild.ts';
import { requireRole } from './_shared/session.ts';

/**
 * /api/admin/rebuild (super users): GET the static rebuild's status, POST to ask for one (issue 9).
 * Catalogue edits call `requestRebuild()` themselves; this is the admin's view and manual trigger.
 */
export default handle({
  GET: async (req) => {
    await requireRole(req, 'SUPER_USER');
    return ok(rebuildStatus());
  },
  POST: async (req) => {
    await requireRole(req, 'SUPER_USER');
    if (rebuildStatus().mode === 'unavailable') throw new ApiError('UNAVAILABLE', 'api.error.rebuildUnavailable');
    return ok(requestRebuild(), { status: 202 });
  },
});

export const config: Config = { path: '/api/admin/rebuild' };
