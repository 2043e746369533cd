/**
 * Removes secrets from an API record before it is stored anywhere (`raw` columns, history,
 * hashes, logs). The warehouse never holds a password or a vault value (issue 4): a monitor's
 * `Password`, a certificate's password, a bearer token in a request header, a Postman
 * variable that may hold a key. Over-redaction is accepted; a leak is not.
 */

/** The text that replaces a value which must not be stored but whose presence matters. */
export const REDACTED = '[redacted]';

// A key whose value is removed outright, at any depth and whatever the value's type.
const SENSITIVE_KEY =
  /password|passwd|passphrase|secret|token|^archivedata$|^authorization$|^cookie$|api[-_]?key|private[-_]?key/i;

// A header (or any name/value pair) whose value is replaced: the name stays, so analysts can
// still see that a monitor sends e.g. an Authorization header.
const SENSITIVE_PAIR_NAME =
  /^(authorization|proxy-authorization|cookie|set-cookie)$|api[-_]?key|token|secret|password|passwd|auth|session|signature|credential/i;

// Keys of arrays whose every entry's Value is replaced: Postman/multi-step variables may be
// keys or references to vault items and carry no reliable sensitivity flag any more.
const ALL_VALUES_SENSITIVE = new Set(['PredefinedVariables']);

// A field naming a vault item marks the object as one: its Value and archive are never kept.
const VAULT_MARKERS = ['VaultItemType', 'VaultSectionGuid'];
const VAULT_VALUE_KEYS = new Set(['Value', 'CertificateArchive', 'UserName']);

const PAIR_NAME_KEYS = ['Key', 'Name', 'HeaderName'];

// user:password@ in URLs (monitors may embed basic-auth credentials in Url).
const URL_USERINFO = /([a-z][a-z0-9+.-]*:\/\/[^\s/:@]*):[^\s/@]*@/gi;

/** True when a key's value is removed by redactSecrets (exported for tests and docs). */
export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key);
}

/** True when a header or variable of this name has its value replaced. */
export function isSensitivePairName(name: string): boolean {
  return SENSITIVE_PAIR_NAME.test(name);
}

function redactString(text: string): string {
  return text.replace(URL_USERINFO, `$1:${REDACTED}@`);
}

function pairName(object: Record<string, unknown>): string | undefined {
  for (const key of PAIR_NAME_KEYS) {
    const name = object[key];
    if (typeof name === 'string') return name;
  }
  return undefined;
}

function redactObject(object: Record<string, unknown>, allValuesSensitive: boolean): Record<string, unknown> {
  const isVault = VAULT_MARKERS.some((marker) => marker in object);
  const name = 'Value' in object ? pairName(object) : undefined;
  const hideValue = allValuesSensitive || (name !== undefined && isSensitivePairName(name));
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (isSensitiveKey(key)) continue;
    if (isVault && VAULT_VALUE_KEYS.has(key)) continue;
    if (key === 'Value' && hideValue) {
      copy[key] = value === null || value === undefined ? value : REDACTED;
      continue;
    }
    copy[key] = redactValue(value, ALL_VALUES_SENSITIVE.has(key));
  }
  return copy;
}

function redactValue(value: unknown, allValuesSensitive: boolean): unknown {
  if (typeof value === 'string') return redactString(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, allValuesSensitive));
  if (value instanceof Date) return new Date(value.getTime());
  if (value !== null && typeof value === 'object') {
    return redactObject(value as Record<string, unknown>, allValuesSensitive);
  }
  return value;
}

/**
 * A deep copy of `raw` with: every key matching password/secret/token/ArchiveData/API key
 * removed (whatever its value); the Value of any `{Key|Name, Value}` pair whose name is a
 * sensitive header (Authorization, Cookie, X-Api-Key, ...) replaced by `[redacted]`; every
 * `PredefinedVariables[].Value` replaced; vault-item objects stripped of their values; and
 * `user:password@` removed from URLs. The input is not modified.
 */
export function redactSecrets(raw: unknown): unknown {
  return redactValue(raw, false);
}
