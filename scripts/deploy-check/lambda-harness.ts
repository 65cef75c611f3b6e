/**
 * Runs one unpacked function bundle the way Netlify's platform does (issue 26 point 4), under Node 22
 * in the bundle's own folder: it imports the bundle's `___netlify-entry-point.mjs`, whose `handler`
 * is the AWS Lambda streaming handler that zip-it-and-ship-it's bootstrap builds around the v2
 * function, and calls it with Lambda's event and context. The `awslambda` global is what the Lambda
 * Node runtime provides; here it is the least of it: `streamifyResponse` hands the handler a stream,
 * `HttpResponseStream.from` keeps the status and headers.
 *
 * Started by `deployed-function.ts` with an IPC channel: each message `{ id, event }` is one
 * invocation; the answer `{ id, statusCode, headers, multiValueHeaders, body }` (body in base64)
 * comes back once the handler has finished, as Lambda waits for it. Imports nothing but Node's own
 * modules, so nothing of the repository can be reached from here.
 *
 * Usage (Node 22): node lambda-harness.ts <bundle folder>
 */
import { PassThrough } from 'node:stream';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface ResponseMetadata {
  statusCode: number;
  headers?: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
}
type MetadataStream = PassThrough & { metadata?: ResponseMetadata };
type StreamingHandler = (event: unknown, stream: MetadataStream, context: unknown) => Promise<void>;

(globalThis as Record<string, unknown>).awslambda = {
  streamifyResponse: (handler: StreamingHandler) => handler,
  HttpResponseStream: {
    from: (stream: MetadataStream, metadata: ResponseMetadata) => {
      stream.metadata = metadata;
      return stream;
    },
  },
};

const bundleDir = path.resolve(process.argv[2] ?? '.');
const entry = (await import(pathToFileURL(path.join(bundleDir, '___netlify-entry-point.mjs')).href)) as { handler: StreamingHandler };

let invocations = 0;

async function invoke(event: unknown) {
  const stream: MetadataStream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  invocations += 1;
  const context = {
    awsRequestId: `check-deploy-${process.pid}-${invocations}`,
    callbackWaitsForEmptyEventLoop: true,
    clientContext: { custom: {} },
    functionName: path.basename(bundleDir),
    getRemainingTimeInMillis: () => 30_000,
  };
  await entry.handler(event, stream, context);
  if (!stream.writableEnded) stream.end();
  await ended;
  const metadata = stream.metadata ?? { statusCode: 500 };
  return { statusCode: metadata.statusCode, headers: metadata.headers ?? {}, multiValueHeaders: metadata.multiValueHeaders ?? {}, body: Buffer.concat(chunks).toString('base64') };
}

process.on('message', (message: { id: number; event: unknown }) => {
  invoke(message.event).then(
    (answer) => process.send?.({ id: message.id, ...answer }),
    (error: unknown) => process.send?.({ id: message.id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
  );
});
process.send?.({ ready: true });
