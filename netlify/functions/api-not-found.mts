import { ApiError } from '../../src/domain/envelope.ts';
import { handle } from './_shared/http.ts';

/**
 * The answer for `/api/*` paths no function claims (issue 9): 404 with the JSON envelope, never the
 * HTML start page the site's catch-all rule would send. No `config.path`: `public/_redirects`
 * rewrites unclaimed `/api/*` here, and function paths win over redirect rules, locally as on Netlify.
 */
const notFound = async (): Promise<Response> => {
  throw new ApiError('NOT_FOUND', 'api.error.routeNotFound');
};

export default handle({ GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound });
