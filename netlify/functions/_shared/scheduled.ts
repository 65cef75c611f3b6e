/**
 * Scheduled functions (issue 26 point 6): `scheduled(name, work)` builds the handler of a function
 * with a `config.schedule`. It works only when the scheduler calls it (the rule and what Netlify
 * does: src/domain/runtime/scheduled-invocation.ts); any other invocation, such as a stranger
 * opening its URL on a deploy preview, answers 404 like a route nobody claims and does nothing.
 * Work done answers 204; a failure is logged and answers 500 (`handle()`), and the next run tries again.
 */
import { isLocalRuntime } from '../../../src/domain/runtime/environment.ts';
import { isSchedulerInvocation } from '../../../src/domain/runtime/scheduled-invocation.ts';
import { ApiError } from '../../../src/domain/envelope.ts';
import { handle, noContent, type RequestContext } from './http.ts';

/** The scheduler's body is `{"next_run": ...}`: a longer one is not the scheduler's and is not read further. */
const MAX_EVENT_BYTES = 1024;

/** The body as JSON when it is short enough to be the scheduler's; undefined otherwise. */
async function readEvent(req: Request): Promise<unknown> {
  if (!req.body) return undefined;
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_EVENT_BYTES) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The handler of a scheduled function: `work(now)` when the scheduler calls, nothing otherwise. */
export function scheduled(name: string, work: (now: Date) => Promise<unknown>) {
  const run = async (req: Request, ctx: RequestContext): Promise<Response> => {
    const local = isLocalRuntime(process.env);
    const deploy = ctx.netlify?.deploy;
    const body = req.method === 'POST' ? await readEvent(req) : undefined;
    if (!isSchedulerInvocation({ local, method: req.method, body, deploy })) {
      // Deployed, a refusal is either a stranger or a misjudged platform: the log shows which.
      if (!local) console.warn(`Scheduled function ${name} did nothing: not the scheduler's call (${req.method}, deploy ${deploy?.context ?? 'unknown'}${deploy?.published ? ', published' : ''}).`);
      throw new ApiError('NOT_FOUND', 'api.error.routeNotFound');
    }
    await work(new Date());
    return noContent();
  };
  return handle({ GET: run, POST: run, PUT: run, PATCH: run, DELETE: run });
}
