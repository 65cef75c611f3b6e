import type { DeployFailedEvent, DeploySucceededEvent } from '@netlify/functions';
import { DeployEventSchema, type DeployEvent } from '../../src/domain/schemas/rebuild.ts';
import { markDeployFailed, markDeployLive } from './_shared/rebuild.ts';

/**
 * Netlify's deploy events (issue 26 point 7; ADR 0027): "live" means deployed. `deploySucceeded` marks a
 * production deploy live in the `site_rebuild` row and, when an edit came after that deploy's build
 * started, sends one more build hook; `deployFailed` settles the pending hook with the deploy's error,
 * so the admin's status says failed instead of running. Deploy previews and branch deploys change nothing.
 *
 * Who can call it (checked against Netlify's docs and @netlify/serverless-functions-api 2.18, 2026-12):
 * - The named handlers are Netlify's event-handler syntax (docs: "Trigger functions on events"). The
 *   platform invokes them with the event (header `x-netlify-event: deploy_succeeded`, body
 *   `{ payload, site }`) and verifies a JWS signature before invoking, so a request from outside cannot
 *   reach them. The file keeps the legacy event name as well (`deploy-succeeded`), which subscribes it
 *   to the same event by name.
 * - Any other request (a stranger's POST to /.netlify/functions/deploy-succeeded) reaches `fetch`, which
 *   answers 404 and reads nothing: no request body can mark a deploy live. Netlify's outgoing deploy
 *   notification (a webhook signed with a JWS secret, `X-Webhook-Signature`) is not accepted here; the
 *   event makes it unnecessary.
 * - The worst a forged event could do if the platform's check failed: mark a deploy live too early
 *   and start one extra build. No data is read or changed beyond the one row.
 * Locally (`npm start`) nothing deploys: the local server loads only functions whose default export is
 * a function, so it does not serve this one (the local rebuilder marks its own builds live).
 */
async function onDeploy(kind: 'live' | 'failed', event: unknown): Promise<void> {
  const parsed = DeployEventSchema.safeParse(event);
  if (!parsed.success) {
    console.error(`deploy-succeeded: an event that is not a deploy (${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}); nothing recorded.`);
    return;
  }
  const facts = factsOf(parsed.data);
  const outcome = kind === 'live' ? await markDeployLive(facts) : await markDeployFailed(facts);
  if (outcome) console.log(`deploy-succeeded: deploy ${facts.id} (${facts.context}) ${kind === 'live' ? 'succeeded' : 'failed'}; rebuild ${outcome.status.state}${outcome.sendHook ? ', one more build hook sent' : ''}.`);
}

const factsOf = ({ deploy }: DeployEvent) => ({ id: deploy.id, context: deploy.context, createdAt: new Date(deploy.createdAt), errorMessage: deploy.errorMessage ?? null });

export default {
  deploySucceeded: (event: DeploySucceededEvent) => onDeploy('live', event),
  deployFailed: (event: DeployFailedEvent) => onDeploy('failed', event),
  /** Not an endpoint: a request from outside is answered 404 and changes nothing. */
  fetch: () => new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } }),
};
