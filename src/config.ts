/**
 * Configuration: environment variables (and a `.env` file in the working directory), overridden by
 * command-line flags, validated once into a frozen object. Secrets (passwords, URLs that may hold
 * one) are non-enumerable properties: they never appear in JSON.stringify, util.inspect, logs or
 * the run ledger. `describeConfig` gives the printable, redacted view.
 *
 * The variable names are part of the product (README, "Environment variables").
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import dotenv from 'dotenv';
import { parseMailbox, parseRecipients, type Recipients } from './email-address.ts';
import { ConfigError } from './errors.ts';
import { redactUrlPassword } from './redaction.ts';
import { isValidZone } from './time/zone-clock.ts';

/** Default API base of the Uptrends API v4. */
export const DEFAULT_API_URL = 'https://api.uptrends.com/v4';
/** Default Infra API base (paths /v1/... are appended). */
export const DEFAULT_INFRA_URL = 'https://api.uptrendsinfra.com';
/** Default PGlite data directory. */
export const DEFAULT_DATA_DIR = './.uptrends-etl';

/** Validated configuration. Secret fields exist but are not enumerable. */
export interface Config {
  readonly apiUrl: string;
  readonly username: string | undefined;
  readonly password: string | undefined;
  readonly infraUrl: string;
  readonly infraUsername: string | undefined;
  readonly infraPassword: string | undefined;
  /** IANA zone overriding the account's zone. */
  readonly timeZone: string | undefined;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string | undefined;
  readonly mailTo: Recipients;
  /** Bounds of every API request (UPTRENDS_HTTP_MAX_BODY_MB, UPTRENDS_HTTP_DEADLINE_SECONDS); undefined: the client's defaults. */
  readonly http: { readonly maxBodyBytes: number | undefined; readonly deadlineMs: number | undefined };
  /** Every secret value, for redaction of free text. */
  readonly secrets: readonly string[];
}

/** Flags that override environment variables (names as the CLI parses them). */
export interface ConfigOverrides {
  databaseUrl?: string | undefined;
  apiUrl?: string | undefined;
  infraUrl?: string | undefined;
  dataDir?: string | undefined;
  timeZone?: string | undefined;
}

/** Sources: the process environment plus, when present, `.env` in `cwd` (the environment wins). */
export function readEnvironment(
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
): Record<string, string> {
  const file = path.join(cwd, '.env');
  const fromFile = existsSync(file) ? dotenv.parse(readFileSync(file)) : {};
  const merged: Record<string, string> = { ...fromFile };
  for (const [key, value] of Object.entries(env)) if (value !== undefined) merged[key] = value;
  return merged;
}

function optional(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

function httpUrl(name: string, value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(
      `${name} is not a valid URL (expected e.g. ${name === 'UPTRENDS_API_URL' ? DEFAULT_API_URL : DEFAULT_INFRA_URL}).`,
      {
        context: { setting: name },
      },
    );
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new ConfigError(`${name} must be an http(s) URL, not ${parsed.protocol}`, {
      context: { setting: name },
    });
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw new ConfigError(`${name} must not contain credentials; use the USERNAME/PASSWORD variables.`, {
      context: { setting: name },
    });
  }
  return value.replace(/\/+$/, '');
}

function databaseUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(value);
  } catch {
    parsed = undefined;
  }
  if (
    parsed === undefined ||
    !['postgres:', 'postgresql:'].includes(parsed.protocol) ||
    // No host is fine when `?host=` names a Unix-socket directory, as libpq and pg read it.
    (parsed.hostname === '' && !(parsed.searchParams.get('host') ?? '').startsWith('/'))
  ) {
    // Never echo the value: it may hold a password.
    throw new ConfigError(
      'DATABASE_URL is not a valid postgres://user[:password]@host[:port]/database URL, or postgres:///database?host=/socket/directory&user=name (value not shown: it may hold a password).',
      { context: { setting: 'DATABASE_URL' } },
    );
  }
  checkUserInfo('DATABASE_URL', value, parsed);
  return value;
}

function pair(userVar: string, passVar: string, user: string | undefined, pass: string | undefined): void {
  if ((user === undefined) !== (pass === undefined)) {
    throw new ConfigError(
      `${user === undefined ? userVar : passVar} is missing: ${userVar} and ${passVar} go together.`,
      {
        context: { setting: user === undefined ? userVar : passVar },
      },
    );
  }
}

/** A positive number setting times `unit` (whole), or undefined when unset. */
function positiveSetting(name: string, value: string | undefined, unit: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!(Number.isFinite(n) && n > 0)) {
    throw new ConfigError(`${name} must be a positive number, not ${JSON.stringify(value)}.`, {
      context: { setting: name },
    });
  }
  return Math.max(1, Math.round(n * unit));
}

/**
 * `REPORT_MAIL_TO`: a comma list, each entry exactly one address (email-address.ts); an entry that
 * is not (a name, a line break, a group) is refused rather than guessed at.
 */
function mailList(value: string | undefined): Recipients {
  return parseRecipients(value ?? '', 'REPORT_MAIL_TO');
}

/** `REPORT_MAIL_FROM`: one mailbox, a display name allowed (`Reports <reports@example.com>`). */
function mailFrom(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  parseMailbox(value, 'REPORT_MAIL_FROM', { allowName: true });
  return value.trim();
}

function smtpUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'smtp:' || parsed.protocol === 'smtps:') {
      checkUserInfo('SMTP_URL', value, parsed);
      return value;
    }
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    // fall through to the error below
  }
  throw new ConfigError(
    'SMTP_URL is not a valid smtp:// or smtps:// URL (value not shown: it may hold a password).',
    {
      context: { setting: 'SMTP_URL' },
    },
  );
}

function secret<T extends object>(target: T, key: string, value: string | undefined): void {
  Object.defineProperty(target, key, { value, enumerable: false, writable: false });
}

/** Validates the environment and flags into a frozen Config, or throws a ConfigError naming the setting. */
export function loadConfig(
  env: Record<string, string | undefined> = readEnvironment(),
  overrides: ConfigOverrides = {},
): Config {
  const get = (name: string) => optional(env[name]);
  // A password is used exactly as given: spaces at either end may be part of it. Only an empty or
  // all-blank value counts as unset.
  const getSecret = (name: string) => (optional(env[name]) === undefined ? undefined : env[name]);
  const username = get('UPTRENDS_USERNAME');
  const password = getSecret('UPTRENDS_PASSWORD');
  const infraUsername = get('UPTRENDS_INFRA_USERNAME');
  const infraPassword = getSecret('UPTRENDS_INFRA_PASSWORD');
  pair('UPTRENDS_USERNAME', 'UPTRENDS_PASSWORD', username, password);
  pair('UPTRENDS_INFRA_USERNAME', 'UPTRENDS_INFRA_PASSWORD', infraUsername, infraPassword);
  const timeZone = optional(overrides.timeZone) ?? get('UPTRENDS_TIMEZONE');
  if (timeZone !== undefined && !isValidZone(timeZone)) {
    throw new ConfigError(
      `UPTRENDS_TIMEZONE is not an IANA time zone name: ${timeZone} (e.g. Europe/Amsterdam).`,
      {
        context: { setting: 'UPTRENDS_TIMEZONE' },
      },
    );
  }
  const dbUrl = databaseUrl(optional(overrides.databaseUrl) ?? get('DATABASE_URL'));
  const smtp = smtpUrl(get('SMTP_URL'));
  const config = {
    apiUrl: httpUrl(
      'UPTRENDS_API_URL',
      optional(overrides.apiUrl) ?? get('UPTRENDS_API_URL') ?? DEFAULT_API_URL,
    ),
    username,
    infraUrl: httpUrl(
      'UPTRENDS_INFRA_URL',
      optional(overrides.infraUrl) ?? get('UPTRENDS_INFRA_URL') ?? DEFAULT_INFRA_URL,
    ),
    infraUsername,
    timeZone,
    dataDir: optional(overrides.dataDir) ?? get('UPTRENDS_ETL_DATA_DIR') ?? DEFAULT_DATA_DIR,
    mailFrom: mailFrom(get('REPORT_MAIL_FROM')),
    mailTo: mailList(get('REPORT_MAIL_TO')),
    http: Object.freeze({
      maxBodyBytes: positiveSetting(
        'UPTRENDS_HTTP_MAX_BODY_MB',
        get('UPTRENDS_HTTP_MAX_BODY_MB'),
        1024 * 1024,
      ),
      deadlineMs: positiveSetting(
        'UPTRENDS_HTTP_DEADLINE_SECONDS',
        get('UPTRENDS_HTTP_DEADLINE_SECONDS'),
        1000,
      ),
    }),
  };
  secret(config, 'password', password);
  secret(config, 'infraPassword', infraPassword);
  secret(config, 'databaseUrl', dbUrl);
  secret(config, 'smtpUrl', smtp);
  const secrets = [password, infraPassword, ...passwordsOf(dbUrl), ...passwordsOf(smtp)].filter(
    (s): s is string => s !== undefined && s !== '',
  );
  Object.defineProperty(config, 'secrets', { value: Object.freeze(secrets), enumerable: false });
  // Built without the non-enumerable `secrets`, which defineProperty added just above.
  return Object.freeze(config) as unknown as Config;
}

/**
 * The password of a connection URL as written and as decoded. Read from the text, not from a URL
 * parser: a password with an unencoded `/`, `?` or `#` ends the authority for the parser, which
 * then sees no password at all and would let the rest of it through into messages.
 */
function passwordsOf(url: string | undefined): string[] {
  const raw = rawPassword(url);
  if (raw === undefined) return [];
  const decoded = safeDecode(raw);
  return decoded === raw ? [raw] : [raw, decoded];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The text between `scheme://user:` and the last `@` of the authority part, if there is one. */
function rawPassword(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const start = url.indexOf('://');
  if (start < 0) return undefined;
  const rest = url.slice(start + 3);
  const at = rest.lastIndexOf('@');
  if (at < 0) return undefined;
  const userInfo = rest.slice(0, at);
  const colon = userInfo.indexOf(':');
  return colon < 0 || colon === userInfo.length - 1 ? undefined : userInfo.slice(colon + 1);
}

/**
 * Refuses a URL whose password holds characters the URL syntax reserves (`/`, `?`, `#`, `@`)
 * unencoded: the parser would read a different host, and the driver connect somewhere else.
 * The message never shows the value.
 */
function checkUserInfo(name: string, value: string, parsed: URL): void {
  const raw = rawPassword(value);
  // Compared decoded: a parser percent-encodes what it keeps (an `ä`), which is no problem.
  if (raw !== undefined && safeDecode(parsed.password) !== safeDecode(raw)) {
    throw new ConfigError(
      `${name}: the password must be percent-encoded (e.g. / as %2F, @ as %40, # as %23, ? as %3F); value not shown.`,
      { context: { setting: name } },
    );
  }
}

/** A printable view of the configuration: secrets shown as set/unset, URLs without passwords. */
export function describeConfig(config: Config): Record<string, string | boolean | readonly string[]> {
  return {
    apiUrl: config.apiUrl,
    username: config.username ?? '(not set)',
    password: config.password === undefined ? '(not set)' : '(set)',
    infraUrl: config.infraUrl,
    infraUsername: config.infraUsername ?? '(not set)',
    infraPassword: config.infraPassword === undefined ? '(not set)' : '(set)',
    timeZone: config.timeZone ?? '(account setting)',
    warehouse:
      config.databaseUrl === undefined ? `pglite:${config.dataDir}` : redactUrlPassword(config.databaseUrl),
    smtpUrl: config.smtpUrl === undefined ? '(not set)' : redactUrlPassword(config.smtpUrl),
    mailFrom: config.mailFrom ?? '(not set)',
    mailTo: config.mailTo,
  };
}
