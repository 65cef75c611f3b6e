/**
 * Who may set a scheduled function to work (issue 26 point 6: "invoking one by URL in production
 * does nothing"). What Netlify does (docs.netlify.com, Scheduled Functions): its scheduler calls a
 * scheduled function of the published production deploy on its `config.schedule` with a POST whose
 * JSON body is `{"next_run": "<ISO time>"}`; a scheduled function has no `config.path`, a published
 * deploy does not route its URL (`/.netlify/functions/<name>`) to it, and deploy previews and branch
 * deploys, where the scheduler never runs, do. Nothing in the request is signed, so the body alone
 * proves nothing; the deploy does: Netlify's `context.deploy` (not a header a client can send) says
 * whether this is the published production deploy.
 *
 * The rule: a POST carrying a `next_run` time, and either the local runtime (its timer sends the
 * same, scripts/local-server.ts) or the published production deploy. Anything else does nothing.
 *
 * Pure: the facts are passed in (STYLE.md rule 1).
 */

/** What the handler knows about one invocation. */
export interface InvocationFacts {
  /** `isLocalRuntime(env)`. */
  local: boolean;
  method: string;
  /** The request's body parsed as JSON (undefined when it was none, too long or not JSON). */
  body: unknown;
  /** Netlify's `context.deploy`, when the platform gave one. */
  deploy?: { context: string; published: boolean };
}

/** The body the scheduler posts: `{"next_run": "2026-03-10T13:00:00.000Z"}`. */
export function isScheduledEventBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const nextRun = (body as { next_run?: unknown }).next_run;
  return typeof nextRun === 'string' && nextRun.length <= 64 && !Number.isNaN(Date.parse(nextRun));
}

/**
 * Whether this invocation is the scheduler's, so the function may do its work.
 * @example isSchedulerInvocation({ local: false, method: 'GET', body: undefined, deploy: { context: 'deploy-preview', published: false } }) // false
 */
export function isSchedulerInvocation(facts: InvocationFacts): boolean {
  if (facts.method !== 'POST' || !isScheduledEventBody(facts.body)) return false;
  if (facts.local) return true;
  return facts.deploy?.context === 'production' && facts.deploy.published === true;
}
