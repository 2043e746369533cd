/**
 * The accounts of a run, from the `accounts:` section (accounts-section.ts) or the environment:
 * each a full Config, the shared settings of the environment with this account's credentials and
 * time zone, validated and redacted by `loadConfig` as if the variables it names had been
 * UPTRENDS_USERNAME, UPTRENDS_PASSWORD and so on.
 */
import { loadConfig, type Config, type ConfigOverrides } from '../config.ts';
import { DEFAULT_ACCOUNT } from './accounts-section.ts';
import { resolveEnvReference } from './env-reference.ts';
import type { ConfigFile, FieldPath } from './load-config-file.ts';

/** One account of a run: its name, its full configuration and its own settings. */
export interface AccountSetting {
  readonly name: string;
  /** The shared configuration with this account's credentials and time zone. */
  readonly config: Config;
  /** Requests at once per API; undefined: the command's --concurrency. */
  readonly concurrency: number | undefined;
  /** Streams to run; undefined: the command's --streams, else every stream. */
  readonly streams: readonly string[] | undefined;
  /** Index in the file's `accounts:` list; undefined for the account of the environment. */
  readonly fileIndex: number | undefined;
  /** The variable holding this account's ping URL (`ping_url_env`); read by the telemetry. */
  readonly pingUrlEnv?: string | undefined;
}

/**
 * The accounts of a run: the file's, each with its credentials read from the variables it names,
 * or the one account of the environment. Throws a ConfigError naming file, line and field when a
 * named variable is unset.
 */
export function resolveAccounts(
  env: Readonly<Record<string, string | undefined>>,
  file: ConfigFile | undefined,
  overrides: ConfigOverrides = {},
): AccountSetting[] {
  const section = file?.contents.accounts;
  if (section === undefined) {
    return [
      {
        name: DEFAULT_ACCOUNT,
        config: loadConfig(env, overrides),
        concurrency: undefined,
        streams: undefined,
        fileIndex: undefined,
      },
    ];
  }
  const problems: { field: FieldPath; message: string }[] = [];
  const settings = section.map((a, index): AccountSetting | undefined => {
    const read = (key: 'username_env' | 'password_env' | 'infra_username_env' | 'infra_password_env') => {
      const variable = a[key];
      if (variable === undefined) return undefined;
      const value = key.endsWith('password_env') ? env[variable] : resolveEnvReference(env, variable);
      if (value === undefined || value.trim() === '') {
        problems.push({
          field: ['accounts', index, key],
          message: `the variable ${variable} is not set (account ${a.name})`,
        });
        return undefined;
      }
      return value;
    };
    const values = {
      UPTRENDS_USERNAME: read('username_env'),
      UPTRENDS_PASSWORD: read('password_env'),
      UPTRENDS_INFRA_USERNAME: read('infra_username_env'),
      UPTRENDS_INFRA_PASSWORD: read('infra_password_env'),
    };
    if (problems.some((p) => p.field[1] === index)) return undefined;
    const config = loadConfig(
      {
        ...env,
        ...values,
        UPTRENDS_TIMEZONE: a.time_zone ?? env.UPTRENDS_TIMEZONE,
      },
      // A --time-zone style override is per run, not per account: the file's zone wins.
      { ...overrides, timeZone: a.time_zone ?? overrides.timeZone },
    );
    return {
      name: a.name,
      config,
      concurrency: a.concurrency,
      streams: a.streams,
      fileIndex: index,
      pingUrlEnv: a.ping_url_env,
    };
  });
  if (problems.length > 0 && file !== undefined) throw file.invalid(problems);
  return settings.filter((s): s is AccountSetting => s !== undefined);
}
