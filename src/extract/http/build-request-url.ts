/**
 * Builds the URL of one request: base URL path + request path + query. Query values go through
 * URLSearchParams, which percent-encodes `+`, `/` and `=`: alert cursors are base64 and a raw `+`
 * would reach the service as a space, breaking the cursor (facts 2.1).
 */

/** Query parameters; undefined values are left out, booleans sent as `true`/`false`. */
export type QueryValues = Record<string, string | number | boolean | undefined>;

/** `base` + `path` (which may carry its own `?query`) + `query`. */
export function buildRequestUrl(base: URL, path: string, query: QueryValues = {}): URL {
  const url = new URL(base);
  const q = path.indexOf('?');
  const bare = q < 0 ? path : path.slice(0, q);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${bare.startsWith('/') ? '' : '/'}${bare}`;
  url.search = q < 0 ? '' : path.slice(q + 1);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.append(key, String(value));
  }
  return url;
}
