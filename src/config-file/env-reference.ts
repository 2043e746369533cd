/**
 * Secrets are never written in the configuration file: where one is needed (an SMTP URL with its
 * password, later the API credentials of an account) the file names the environment variable that
 * holds it, in a key ending in `_env`. The file can then be committed, reviewed and shared, and the
 * secret stays where the rest of the project keeps its secrets (the environment, `.env`, a
 * systemd EnvironmentFile readable by the service only).
 *
 * A value in such a key that is not a plausible variable name is refused without being shown: a
 * user who pasted the password itself must not see it echoed into a terminal or a CI log.
 */
import { z } from 'zod';

/**
 * Conventional environment variable names: upper-case letters, digits and `_`, not starting with a
 * digit. Requiring upper case is what catches most pasted secrets (passwords, tokens and URLs
 * almost always hold a lower-case letter or a `:`/`@`/`/`).
 */
const ENV_NAME = /^[A-Z_][A-Z0-9_]{0,127}$/;

/** What a refused value is told; the value itself is never part of the message. */
export const ENV_NAME_MESSAGE =
  'expected the NAME of an environment variable (upper-case letters, digits and _, e.g. SMTP_URL), ' +
  'not a value: secrets are never written in this file (the value is not shown)';

/** A zod schema for a key ending in `_env`: the name of an environment variable. */
export function envVarName(): z.ZodString {
  return z.string({ error: ENV_NAME_MESSAGE }).regex(ENV_NAME, { error: ENV_NAME_MESSAGE });
}

/**
 * Keys that look like a place for a secret written inline (`password`, `smtp_url`, `token`, ...).
 * The schema refuses unknown keys anyway; for these the message says what to write instead.
 */
export function looksLikeInlineSecretKey(key: string): boolean {
  return /(password|passwd|secret|token|api_?key|credential|smtp_url|database_url|(^|_)url$)/i.test(key);
}

/** The value of the variable `name` in `env`, trimmed; undefined when unset or blank. */
export function resolveEnvReference(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}
