/**
 * Headers added to a Response on its way out (the API's security headers, the platform's request id
 * and cookies): on the Response itself, not a copy. A second Response (and its body stream) per answer
 * cost more than the rest of a cached answer (issue 12 point 11). Some responses (Response.redirect,
 * fetch results) have immutable headers: those get a copy with the additions.
 */
export function withAddedHeaders(response: Response, add: (headers: Headers) => void): Response {
  try {
    add(response.headers);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    add(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
