/**
 * Responses on their way out: headers added on the way (the API's security headers, the platform's
 * request id and cookies), and answers whose bytes are known when they are made.
 *
 * A JSON answer is built from a string and a few headers. On Netlify the platform reads the Response;
 * the local server (scripts/local-server.ts) would have to read the same string back through a web
 * stream and iterate undici's header list (sorted and validated on every iteration): about a quarter
 * of a cached answer's CPU in the local runtime (issue 12 point 11). `plainResponse` keeps the string
 * and a plain copy of the headers beside the Response, `withAddedHeaders` keeps the copy current, and
 * `plainAnswerOf` hands both to whoever sends the answer. The Response itself is complete either way.
 */

/** Response headers as plain values, names in lower case; a list gives a header several times (Set-Cookie). */
export type PlainHeaders = Record<string, string | string[]>;

/** What a plain answer holds: its status, headers and body (text, or bytes: the local server's static files). */
export interface PlainAnswer {
  status: number;
  headers: PlainHeaders;
  body: string | Buffer | null;
}

const plainAnswers = new WeakMap<Response, PlainAnswer>();

/** The header pairs of plain headers (each value of a list as its own pair). */
function pairsOf(headers: PlainHeaders): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') pairs.push([name, value]);
    else for (const v of value) pairs.push([name, v]);
  }
  return pairs;
}

/**
 * A Response of `body` with `headers` (names in lower case), whose bytes stay readable as plain values.
 * Bytes (the local server's static files, ~110 KB a page) stay only beside the Response: given to the
 * constructor they would be copied (the Fetch standard copies a buffer source) on every request, only
 * for the local server to send the kept bytes anyway. Such a Response is for the local server alone.
 */
export function plainResponse(body: string | Buffer | null, status: number, headers: PlainHeaders, responseBody?: Blob): Response {
  // `responseBody`: the same bytes as a Blob (a Response does not copy a Blob), for answers that leave
  // the local server too (the read API's cached pages).
  const response = new Response(responseBody ?? (typeof body === 'string' ? body : null), { status, headers: pairsOf(headers) });
  plainAnswers.set(response, { status, headers, body });
  return response;
}

/** The plain values of a Response made by plainResponse, while its body was not read. */
export function plainAnswerOf(response: Response): PlainAnswer | undefined {
  const answer = plainAnswers.get(response);
  return answer && !response.bodyUsed ? answer : undefined;
}

/** The part of Headers that the additions use. */
export type HeaderWriter = Pick<Headers, 'has' | 'get' | 'set' | 'append' | 'delete'>;

/** Writes to a Response's headers and to the plain copy beside them alike. */
function mirrored(headers: Headers, plain: PlainHeaders): HeaderWriter {
  return {
    has: (name) => headers.has(name),
    get: (name) => headers.get(name),
    set: (name, value) => {
      headers.set(name, value);
      plain[name.toLowerCase()] = headers.get(name)!;
    },
    append: (name, value) => {
      headers.append(name, value);
      const key = name.toLowerCase();
      // Set-Cookie stays a list (never joined); other headers join as Headers does.
      plain[key] = key === 'set-cookie' ? headers.getSetCookie() : headers.get(name)!;
    },
    delete: (name) => {
      headers.delete(name);
      delete plain[name.toLowerCase()];
    },
  };
}

/**
 * Headers added to a Response on its way out: on the Response itself, not a copy. A second Response
 * (and its body stream) per answer cost more than the rest of a cached answer (issue 12 point 11).
 * Some responses (Response.redirect, fetch results) have immutable headers: those get a copy with the
 * additions.
 */
export function withAddedHeaders(response: Response, add: (headers: HeaderWriter) => void): Response {
  const plain = plainAnswers.get(response);
  try {
    add(plain ? mirrored(response.headers, plain.headers) : response.headers);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    add(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
