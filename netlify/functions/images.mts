import type { Config } from '@netlify/functions';
import { getDb } from '../../db/client.ts';
import { setProfileImage } from '../../db/queries/images.ts';
import { ApiError } from '../../src/domain/envelope.ts';
import { MAX_IMAGE_BYTES, MAX_UPLOAD_BODY_BYTES } from '../../src/domain/images/image-rules.ts';
import { isSuperUser } from '../../src/domain/roles.ts';
import { parseForm, readFormData } from './_shared/form-data.ts';
import { handle, ok } from './_shared/http.ts';
import { imageTooLarge, storeUploadedImage } from './_shared/images.ts';
import { enforceUserRateLimit } from './_shared/rate-limit.ts';
import { requireUser } from './_shared/session.ts';
import { ImageUploadFieldsSchema, type UploadedImage } from '../../src/domain/schemas/images.ts';

/**
 * POST /api/images (issue 13 point 3): multipart form data with `kind` and one `file`. Covers and
 * author, series and genre pictures are for super users; any signed-in reader may upload `profile`,
 * which becomes their own profile picture. Answers the stored image (201, or 200 when the same
 * bytes were uploaded before). The body may be at most the platform's 4.5 MB (issue 26 point 8): a
 * larger one is a 413 naming the limit; the browser scales a bigger photo down before sending it
 * (src/lib/images/prepare-upload.ts).
 */
export default handle({
  POST: async (req) => {
    const user = await requireUser(req);
    const form = await readFormData(req, MAX_UPLOAD_BODY_BYTES, imageTooLarge());
    const { fields, file } = await parseForm(form, ImageUploadFieldsSchema, { name: 'file', maxBytes: MAX_IMAGE_BYTES, missingKey: 'api.error.imageMissing', tooLarge: imageTooLarge() });
    if (fields.kind === 'profile') await enforceUserRateLimit('imageUpload', user.id);
    else if (!isSuperUser(user)) throw new ApiError('FORBIDDEN');
    const { image, created } = await storeUploadedImage(fields.kind, file);
    if (fields.kind === 'profile' && !(await setProfileImage(await getDb(), user.id, image.url))) throw new ApiError('UNAUTHENTICATED');
    const answer: UploadedImage = {
      id: image.id,
      kind: image.kind,
      url: image.url,
      width: image.width,
      height: image.height,
      variants: image.variants.map(({ url, width, height, format }) => ({ url, width, height, format })),
    };
    return ok(answer, { status: created ? 201 : 200 });
  },
});

export const config: Config = { path: '/api/images' };
