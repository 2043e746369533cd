/**
 * The URL of a request as it may be printed: user-info removed. The client sends credentials only
 * in the Authorization header, but a base URL configured as `https://user:pass@host` must not
 * leak through an error either.
 */

/** `url` without user name and password. */
export function safeUrl(url: URL | string): string {
  const copy = new URL(url);
  copy.username = '';
  copy.password = '';
  return copy.toString();
}
