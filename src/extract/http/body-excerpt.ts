/**
 * A short, printable prefix of a response body for error messages: enough to tell an HTML error
 * page from cut-off JSON, never a whole payload. Known secrets are masked in case a service (or a
 * proxy) ever echoes the request back.
 */
import { maskSecrets } from './mask-secrets.ts';

const DEFAULT_LENGTH = 80;

/** At most `length` characters of `body`, on one line, with every string of `secrets` masked. */
export function bodyExcerpt(body: string, secrets: readonly string[], length = DEFAULT_LENGTH): string {
  const oneLine = maskSecrets(body, secrets).replace(/\s+/g, ' ').trim();
  return oneLine.length > length ? `${oneLine.slice(0, length)}...` : oneLine;
}
