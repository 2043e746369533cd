/**
 * Derives the route template of a request path (`/Alert/MonitorGroup/{guid}`), so errors, logs
 * and per-route statistics group requests by endpoint instead of by monitor: one failing
 * endpoint then shows up as one line, and ids (which analysts may treat as sensitive) stay out of
 * the statistics.
 */

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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
    if (GUID.test(decoded)) return '{guid}';
    if (NUMBER.test(decoded)) return '{id}';
    return segment;
  });
  const joined = segments.join('/');
  return joined.startsWith('/') ? joined : `/${joined}`;
}
