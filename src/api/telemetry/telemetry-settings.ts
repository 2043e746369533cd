/**
 * Where a job's pings and metrics go, resolved once from the environment and the configuration
 * file: `UPTRENDS_ETL_PING_URL` (the whole job's check), each account's `ping_url_env: NAME` (that
 * account's own check), `UPTRENDS_ETL_PUSHGATEWAY_URL`, and `--metrics-file`. A URL that is not
 * http(s) is a ConfigError that names the variable, never the value (it may carry a token).
 */
import path from 'node:path';
import type { AccountSetting } from '../../config-file/resolve-accounts.ts';
import { ConfigError } from '../../errors.ts';

/** The environment variable of the job's ping URL. */
export const PING_URL_VARIABLE = 'UPTRENDS_ETL_PING_URL';
/** The environment variable of the Pushgateway's URL. */
export const PUSHGATEWAY_URL_VARIABLE = 'UPTRENDS_ETL_PUSHGATEWAY_URL';

/** A checked ping URL with the name of the check it belongs to (for the logs). */
export interface PingTarget {
  readonly url: URL;
  /** `job` for the whole job's check, else the account's name. */
  readonly check: string;
}

/** The resolved telemetry of one job. */
export interface TelemetrySettings {
  readonly jobPing: PingTarget | undefined;
  /** Each account's own check, by account name (only the accounts that name one). */
  readonly accountPings: ReadonlyMap<string, PingTarget>;
  readonly pushgateway: URL | undefined;
  /** A textfile for node_exporter's textfile collector, written atomically (ends in `.prom`). */
  readonly metricsFile: string | undefined;
}

function httpUrl(variable: string, value: string | undefined): URL | undefined {
  const text = value?.trim();
  if (text === undefined || text === '') return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`${variable} is not a URL (the value is not shown: it may hold a token).`, {
      context: { setting: variable },
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${variable} must be an http:// or https:// URL, not ${url.protocol}.`, {
      context: { setting: variable },
    });
  return url;
}

/** Checks and resolves the telemetry settings of a job. */
export function resolveTelemetry(
  env: Readonly<Record<string, string | undefined>>,
  accounts: readonly AccountSetting[],
  metricsFile?: string,
): TelemetrySettings {
  const job = httpUrl(PING_URL_VARIABLE, env[PING_URL_VARIABLE]);
  const accountPings = new Map<string, PingTarget>();
  for (const account of accounts) {
    if (account.pingUrlEnv === undefined) continue;
    const url = httpUrl(account.pingUrlEnv, env[account.pingUrlEnv]);
    if (url === undefined)
      throw new ConfigError(
        `the variable ${account.pingUrlEnv} is not set (ping_url_env of account ${account.name}).`,
        { context: { setting: `accounts.${account.name}.ping_url_env` } },
      );
    accountPings.set(account.name, { url, check: account.name });
  }
  if (metricsFile !== undefined && path.extname(metricsFile) !== '.prom')
    throw new ConfigError(
      `--metrics-file must end in .prom: node_exporter's textfile collector reads only those (${metricsFile}).`,
      { context: { setting: '--metrics-file' } },
    );
  return {
    jobPing: job === undefined ? undefined : { url: job, check: 'job' },
    accountPings,
    pushgateway: httpUrl(PUSHGATEWAY_URL_VARIABLE, env[PUSHGATEWAY_URL_VARIABLE]),
    metricsFile: metricsFile === undefined ? undefined : path.resolve(metricsFile),
  };
}

/** Every URL of the settings, whole: masked wherever text could carry one. */
export function telemetrySecrets(settings: TelemetrySettings): string[] {
  const urls = [settings.jobPing?.url, ...[...settings.accountPings.values()].map((p) => p.url)];
  return urls.flatMap((u) => (u === undefined ? [] : [u.toString(), u.pathname + u.search]));
}

/** The accounts a job with `--accounts` runs (the same choice as its sync's). */
export async function jobAccounts(
  ...args: Parameters<typeof import('../../pipeline/sync-accounts.ts').selectAccounts>
): Promise<ReturnType<typeof import('../../pipeline/sync-accounts.ts').selectAccounts>> {
  const { selectAccounts } = await import('../../pipeline/sync-accounts.ts');
  return selectAccounts(...args);
}
