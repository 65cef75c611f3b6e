/**
 * The site's own address, for every address a function writes: mail links, the import worker's
 * call, the origin check, the Secure flag of cookies (issue 26 point 2). It comes from SITE_URL, else
 * Netlify's URL (src/domain/runtime/environment.ts), never from the request's Host: a request can name
 * any host. Only the local runtime, where there is no deployed address, uses the request's origin,
 * which the local server always makes one of its own loopback addresses (scripts/local-server.ts).
 * Production without an address is a configuration error, refused.
 */
import { isLocalRuntime, isOwnDeployOrigin, requireSiteUrl } from '../../../src/domain/runtime/environment.ts';

export function siteOrigin(req: Request, env: NodeJS.ProcessEnv = process.env): string {
  return requireSiteUrl(env, isLocalRuntime(env) ? new URL(req.url).origin : undefined);
}

/** Whether a browser's Origin header names this site (or, on Netlify, one of its own deploys). */
export function isOwnOrigin(origin: string, req: Request, env: NodeJS.ProcessEnv = process.env): boolean {
  return origin === siteOrigin(req, env) || isOwnDeployOrigin(origin, env.SITE_NAME);
}
