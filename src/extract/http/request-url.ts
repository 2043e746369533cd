/**
 * Request URLs: the base URL joined with a path and query (parameters encoded, cursors included:
 * they are base64 with `+/=`), and the route template a path belongs to, which names the request in
 * errors and per-route statistics without its GUIDs.
 */
import { isGuid } from '../../guid.ts';

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

/**
 * `template` (`/Monitor/{guid}/MaintenancePeriod`) with each `{...}` placeholder replaced by the
 * next of `values`, URL-encoded; a placeholder without a value becomes empty.
 */
export function fillRoute(template: string, values: readonly string[]): string {
  let next = 0;
  return template.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[next++] ?? ''));
}

const NUMBER = /^-?\d+$/;

/** The template of `path` (query string dropped): GUID segments become `{guid}`, integers `{id}`. */
export function routeTemplate(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const segments = bare.split('/').map((segment) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // A stray % is not an id; leave the segment as it is.
    }
    if (isGuid(decoded)) return '{guid}';
    if (NUMBER.test(decoded)) return '{id}';
    return segment;
  });
  const joined = segments.join('/');
  return joined.startsWith('/') ? joined : `/${joined}`;
}
