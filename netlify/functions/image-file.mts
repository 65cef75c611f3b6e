import type { Config } from '@netlify/functions';
import { ApiError } from '../../src/domain/envelope.ts';
import { FORMAT_MIME_TYPES, findVariant } from '../../src/domain/images/image-variants.ts';
import { handle } from './_shared/http.ts';
import { imagesStore } from './_shared/images-store.ts';

/** A year: a variant's URL names its content (a hash), so it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /images/{id}/{width}.{format} (issue 13 point 3): one variant of an uploaded image, streamed
 * from Netlify Blobs with a year-long immutable cache. A path that names no variant by the id's
 * rules is a 404 without touching the store; so is a variant that was never stored.
 */
export default handle({
  GET: async (_req, ctx) => {
    const variant = findVariant(ctx.params.id ?? '', ctx.params.file ?? '');
    if (!variant) throw new ApiError('NOT_FOUND', 'api.error.imageNotFound');
    const blob = await imagesStore().getWithMetadata(variant.key, { type: 'stream' });
    if (!blob) throw new ApiError('NOT_FOUND', 'api.error.imageNotFound');
    const headers: Record<string, string> = {
      'content-type': FORMAT_MIME_TYPES[variant.format],
      'cache-control': IMMUTABLE,
      'x-content-type-options': 'nosniff',
    };
    if (blob.etag) headers.etag = blob.etag;
    return new Response(blob.data, { status: 200, headers });
  },
});

// Every other path under /images/ is this function's 404 too (JSON, never the site's locale redirect).
export const config: Config = { path: ['/images/:id/:file', '/images/*'] };
