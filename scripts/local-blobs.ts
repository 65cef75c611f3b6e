/**
 * Netlify Blobs locally (issue 9): Netlify's own Blobs server (`@netlify/blobs/server`), reachable on
 * 127.0.0.1 only, and Netlify's own runtime setup (`@netlify/runtime`) pointing `getStore()` at it,
 * so functions use Blobs locally exactly as they do when deployed.
 *
 * Why not `BlobsServer.start()`: it listens on every interface and has no host option, which would
 * publish the uploads folder (and the token-guarded API) to the whole network. We serve the same
 * request handler on a loopback-only socket instead; `tests/integration/runtime/local-server.test.ts`
 * pins this with a round trip and the bound address.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BlobsServer } from '@netlify/blobs/server';
import { fromWebResponse, toWebRequest } from '@netlify/dev-utils';
import { startRuntime } from '@netlify/runtime';

export interface LocalBlobs {
  /** http://127.0.0.1:<port> */
  url: string;
  close: () => Promise<void>;
}

/** The parts of BlobsServer that `start()` would use; private in its typings, stable in its code. */
interface BlobsServerInternals {
  address: string;
  handleRequest: (req: Request) => Promise<Response>;
}

export interface BlobsEndpoint extends LocalBlobs {
  /** The bearer token the server asks for (what Netlify hands a function in its Blobs context). */
  token: string;
}

/** Netlify's Blobs server alone, on a loopback-only socket (the deploy check hands it to bundles). */
export async function startBlobsServer(directory: string): Promise<BlobsEndpoint> {
  const token = randomBytes(24).toString('hex');
  const blobs = new BlobsServer({ directory, token }) as unknown as BlobsServerInternals;
  const server = http.createServer((req, res) => {
    blobs
      .handleRequest(toWebRequest(req))
      .then((response) => fromWebResponse(response, res))
      .catch((error: unknown) => {
        console.error('Blobs server error:', error);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  blobs.address = url;
  return {
    url,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export async function startLocalBlobs(directory: string): Promise<LocalBlobs> {
  const { url, token, close } = await startBlobsServer(directory);
  const env = {
    delete: (key: string) => void delete process.env[key],
    get: (key: string) => process.env[key],
    has: (key: string) => process.env[key] !== undefined,
    set: (key: string, value: string) => void (process.env[key] = value),
    toObject: () => ({ ...process.env }) as Record<string, string>,
  };
  startRuntime({
    blobs: { edgeURL: url, uncachedEdgeURL: url, primaryRegion: 'local', token },
    cache: { getCacheAPIContext: () => null },
    deployID: '0',
    env,
    getRequestContext: () => null,
    siteID: 'phantastika-local',
  });
  return { url, close };
}
