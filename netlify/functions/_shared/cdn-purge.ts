/**
 * Purges of Netlify's CDN cache by tag (issue 28 point 2; ADR 0032). Deployed, `purgeCache` of
 * @netlify/functions calls Netlify's purge API with the token and site id the platform gives every
 * function (NETLIFY_PURGE_API_TOKEN, SITE_ID). In the local runtime the local server installs its
 * emulated CDN as the target (scripts/local-cdn.ts), and the same call reaches it.
 *
 * A purge follows a write that has committed: it never fails that write. A purge that fails is logged
 * (the answers then live out their `s-maxage`), as Netlify's own purge API may be briefly unavailable.
 */
import { purgeCache } from '@netlify/functions';
import { isLocalRuntime } from '../../../src/domain/runtime/environment.ts';

/** Where the local runtime's purges go: the local server's CDN. */
export interface CdnPurgeTarget {
  apiURL: string;
  token: string;
}

const INSTALLED = Symbol.for('phantastika.cdnPurgeTargets');
type WithTargets = typeof globalThis & { [INSTALLED]?: Set<CdnPurgeTarget> };
const targets = () => ((globalThis as WithTargets)[INSTALLED] ??= new Set());

/**
 * A local server installs its CDN here; the answer removes it again (on close). A process may run
 * several (the runtime tests do): a purge reaches each, as Netlify's reaches every edge node.
 */
export function installCdnPurgeTarget(target: CdnPurgeTarget): () => void {
  targets().add(target);
  return () => void targets().delete(target);
}

/** Purges the answers kept under `tags`; resolves when the purge API has taken it. */
export async function purgeCdnTags(tags: readonly string[]): Promise<void> {
  if (!tags.length) return;
  const purge = (options: Parameters<typeof purgeCache>[0]) =>
    purgeCache(options).catch((error: unknown) => console.error(`Purging the CDN cache for ${tags.join(', ')} failed:`, error));
  if (isLocalRuntime(process.env)) {
    // Without a local server (a handler called directly by a test) there is no CDN to purge.
    await Promise.all([...targets()].map((local) => purge({ tags: [...tags], apiURL: local.apiURL, token: local.token, siteID: 'local' })));
    return;
  }
  await purge({ tags: [...tags] });
}
