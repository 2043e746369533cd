/**
 * Everything that keeps secrets out of what the tool stores and prints, in one place:
 * - `redactSecrets`: a copy of an API record without passwords, tokens, vault values, sensitive
 *   header values and URL credentials, before it is stored (`raw` columns, history, hashes).
 * - `maskSecrets`: the configured secrets (API, Infra, database and SMTP passwords) replaced in
 *   text that came from elsewhere (error messages, echoed request bodies, stacks) before it is
 *   logged or printed.
 * - `safeUrl` and `redactUrlPassword`: URLs as they may be printed.
 * Over-redaction is accepted; a leak is not. Every pass here runs in time linear in its input and
 * never recurses deeper than MAX_DEPTH: text from monitored sites is hostile input, and a
 * pathological value must not stall or crash a run (docs/reliability.md).
 */
import { RecordValidationError } from './errors.ts';

/** The text that replaces a value which must not be stored but whose presence matters. */
export const REDACTED = '[redacted]';

/** Deepest nesting a record may have; deeper records are rejected, not processed. */
export const MAX_DEPTH = 200;

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

/** Whether an object is a vault item (a loop, not `some`: asked of every object of every record). */
function isVaultItem(object: Record<string, unknown>): boolean {
  for (const marker of VAULT_MARKERS) if (marker in object) return true;
  return false;
}

/** True when a key's value is removed by redactSecrets. */
export function isSensitiveKey(key: string): boolean {
  // Records repeat the same few keys: each is judged once (a bounded memo; a record with endless
  // distinct keys only stops being memoised).
  const known = keyVerdicts.get(key);
  if (known !== undefined) return known;
  // Keys are short in practice; a pathological one is cut before the pattern sees it.
  const verdict = SENSITIVE_KEY.test(key.length > 200 ? key.slice(0, 200) : key);
  if (keyVerdicts.size < 10_000 && key.length <= 200) keyVerdicts.set(key, verdict);
  return verdict;
}

const keyVerdicts = new Map<string, boolean>();

/** True when a header or variable of this name has its value replaced. */
export function isSensitivePairName(name: string): boolean {
  return SENSITIVE_PAIR_NAME.test(name.length > 200 ? name.slice(0, 200) : name);
}

const isUserInfoEnd = (c: string): boolean =>
  c === '/' || c === '@' || c === ' ' || c === '\t' || c === '\n' || c === '\r';

/**
 * `user:password@` after every `://` in `text` becomes `user:[redacted]@`. One forward scan: the
 * user-info after a `://` ends at the first `/`, `@` or blank, and the next `://` lies beyond that
 * `/`, so no character is looked at twice (a regular expression over `scheme://user:pass@` was
 * quadratic on long unbroken text).
 */
export function redactUrlCredentials(text: string): string {
  let at = text.indexOf('://');
  if (at < 0) return text;
  let out = '';
  let copied = 0;
  while (at >= 0) {
    const start = at + 3;
    let end = start;
    while (end < text.length && !isUserInfoEnd(text[end]!)) end++;
    if (text[end] === '@') {
      const colon = text.indexOf(':', start);
      if (colon >= 0 && colon < end) {
        out += `${text.slice(copied, colon + 1)}${REDACTED}`;
        copied = end;
      }
    }
    at = text.indexOf('://', Math.max(end, start));
  }
  return out + text.slice(copied);
}

function pairName(object: Record<string, unknown>): string | undefined {
  for (const key of PAIR_NAME_KEYS) {
    const name = object[key];
    if (typeof name === 'string') return name;
  }
  return undefined;
}

function tooDeep(): RecordValidationError {
  return new RecordValidationError(`the record is nested deeper than ${MAX_DEPTH} levels`, {
    context: { reason: 'too-deep' },
  });
}

function redactValue(value: unknown, allValuesSensitive: boolean, depth: number): unknown {
  if (typeof value === 'string') return redactUrlCredentials(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) throw tooDeep();
  if (Array.isArray(value)) return value.map((item) => redactValue(item, allValuesSensitive, depth + 1));
  if (value instanceof Date) return new Date(value.getTime());
  const object = value as Record<string, unknown>;
  const isVault = isVaultItem(object);
  const name = 'Value' in object ? pairName(object) : undefined;
  const hideValue = allValuesSensitive || (name !== undefined && isSensitivePairName(name));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(object)) {
    if (isSensitiveKey(key)) continue;
    if (isVault && VAULT_VALUE_KEYS.has(key)) continue;
    if (key === 'Value' && hideValue) {
      copy[key] = item === null || item === undefined ? item : REDACTED;
      continue;
    }
    copy[key] = redactValue(item, ALL_VALUES_SENSITIVE.has(key), depth + 1);
  }
  return copy;
}

/**
 * A deep copy of `raw` with: every key matching password/secret/token/ArchiveData/API key
 * removed (whatever its value); the Value of any `{Key|Name, Value}` pair whose name is a
 * sensitive header (Authorization, Cookie, X-Api-Key, ...) replaced by `[redacted]`; every
 * `PredefinedVariables[].Value` replaced; vault-item objects stripped of their values; and
 * `user:password@` removed from URLs. The input is not modified. A record nested deeper than
 * MAX_DEPTH is a RecordValidationError (the record is rejected, the stream goes on).
 */
export function redactSecrets(raw: unknown): unknown {
  return redactValue(raw, false, 0);
}

/** Whether redactSecrets could change this text: only a URL with user info in it. */
function textMayChange(text: string): boolean {
  return text.includes('://') && redactUrlCredentials(text) !== text;
}

/** Whether an array or object value may change; the leaves are looked at in place. */
function mayChange(value: object, depth: number): boolean {
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) {
      if (typeof item === 'string') {
        if (textMayChange(item)) return true;
      } else if (item !== null && typeof item === 'object' && mayChange(item, depth + 1)) return true;
    }
    return false;
  }
  const object = value as Record<string, unknown>;
  // Any name/value pair or vault item is left to redactSecrets, whatever its name: the judgement
  // of those stays in one place.
  if ('Value' in object || isVaultItem(object)) return true;
  for (const key in object) {
    if (isSensitiveKey(key) || ALL_VALUES_SENSITIVE.has(key)) return true;
    // Strings and scalars are judged here rather than in a call each: a backfill asks this of
    // every alert, and most values are leaves (half the time of the one-call-per-value walk).
    const item = object[key];
    if (typeof item === 'string') {
      if (textMayChange(item)) return true;
    } else if (item !== null && typeof item === 'object' && mayChange(item, depth + 1)) return true;
  }
  return false;
}

/**
 * False only when redactSecrets would return a value equal to `raw`: nothing sensitive in it,
 * and not too deep. (True may be said of a record redactSecrets would leave as it is.) A record
 * with nothing to redact can then be stored from the text it arrived as, without the copy. Reads
 * without allocating: a backfill asks this of every alert.
 */
export function mayHoldSecrets(raw: unknown): boolean {
  if (typeof raw === 'string') return textMayChange(raw);
  return raw !== null && typeof raw === 'object' && mayChange(raw, 0);
}

/** Secrets shorter than this are masked only where they stand as a whole token. */
export const SHORT_SECRET_LENGTH = 4;

const isWordChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}_]/u.test(c);

/** `text` with each occurrence of `secret` that is not part of a longer word replaced. One scan. */
function maskToken(text: string, secret: string): string {
  let out = '';
  let copied = 0;
  let at = text.indexOf(secret);
  while (at >= 0) {
    const end = at + secret.length;
    if (!isWordChar(text[at - 1]) && !isWordChar(text[end])) {
      out += `${text.slice(copied, at)}***`;
      copied = end;
      at = text.indexOf(secret, end);
    } else at = text.indexOf(secret, at + 1);
  }
  return out + text.slice(copied);
}

/**
 * `text` with every configured secret replaced by `***`. A secret of SHORT_SECRET_LENGTH
 * characters or more is replaced wherever it occurs. A shorter one (a one-letter test password)
 * is replaced wherever it stands as a whole token (between non-letters: `user:ab@host`,
 * `"ab"`, `password ab`): replacing every `e` of a message for a password `e` would leave no
 * message to read, and a short secret inside a longer word reveals nothing about where it is.
 * Longer secrets go first, so one that contains a shorter one is masked whole.
 */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let masked = text;
  const ordered = [...secrets].filter((s) => s !== '').sort((a, b) => b.length - a.length);
  for (const secret of ordered) {
    masked =
      secret.length >= SHORT_SECRET_LENGTH ? masked.split(secret).join('***') : maskToken(masked, secret);
  }
  return masked;
}

/** `url` without user name and password, for errors and logs. */
export function safeUrl(url: URL | string): string {
  const copy = new URL(url);
  copy.username = '';
  copy.password = '';
  return copy.toString();
}

/** A connection URL with its password replaced by `***` (user and host stay, to say where). */
export function redactUrlPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/**
 * A ping URL as logs show it: scheme and host only. A dead-man's-switch URL carries its token in
 * the path (or the query), so nothing after the host is shown.
 */
export function pingUrlForLog(url: URL | string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}/${REDACTED}`;
  } catch {
    return '(unparseable URL)';
  }
}
