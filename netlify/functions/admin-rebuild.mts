import type { Config } from '@netlify/functions';
import { ApiError } from '../../src/domain/envelope.ts';
import { handle, ok } from './_shared/http.ts';
import { rebuildStatus, requestRebuild } from './_shared/rebuild.ts';
import { requireRole } from './_shared/session.ts';

/**
 * /api/admin/rebuild (super users): GET the static rebuild's status, POST to ask for one (issue 9).
 * Catalogue edits call `requestRebuild(ctx)` themselves; this is the admin's view and manual trigger.
 * Deployed, both read and write the shared `site_rebuild` row (ADR 0027): the status is the site's,
 * `done` only once a deploy that includes the latest edit is live.
 */
export default handle({
  GET: async (req) => {
    await requireRole(req, 'SUPER_USER');
    return ok(await rebuildStatus());
  },
  POST: async (req, ctx) => {
    await requireRole(req, 'SUPER_USER');
    if ((await rebuildStatus()).mode === 'unavailable') throw new ApiError('UNAVAILABLE', 'api.error.rebuildUnavailable');
    return ok(await requestRebuild(ctx), { status: 202 });
  },
});

export const config: Config = { path: '/api/admin/rebuild' };
