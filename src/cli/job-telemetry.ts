/**
 * The CLI's side of a job's telemetry (src/api/telemetry/): resolves where pings and metrics go
 * from the environment, the configuration file and `--metrics-file`, pings the start, runs the
 * command, then reports how it ended with the exit code src/bin.ts will exit with (the same table,
 * exit-codes.ts). A job without a ping URL, a Pushgateway or a metrics file loads none of it.
 */
import type { JobTelemetry, TelemetryJob } from '../api/telemetry/job-telemetry.ts';
import type { TelemetrySettings } from '../api/telemetry/telemetry-settings.ts';
import type { CliContext } from './cli-context.ts';
import { exitCodeFor } from './exit-codes.ts';
import type { Config } from '../config.ts';
import { EtlError } from '../errors.ts';

/** What a command tells about its job. */
export interface JobTelemetryOptions {
  /** `--metrics-file`. */
  readonly metricsFile?: string | undefined;
  /** `--account`: the accounts the job is about (default: every account of the configuration). */
  readonly accounts?: readonly string[] | undefined;
  /** `--streams`. */
  readonly streams?: readonly string[] | undefined;
  /** The job is about no account in particular (`report send`): the job's ping only. */
  readonly noAccounts?: boolean;
  /** Telemetry even without a ping URL, Pushgateway or file (`worker --metrics-port`). */
  readonly always?: boolean;
}

const wanted = (env: Readonly<Record<string, string | undefined>>, options: JobTelemetryOptions): boolean =>
  options.always === true ||
  options.metricsFile !== undefined ||
  (env.UPTRENDS_ETL_PING_URL ?? '').trim() !== '' ||
  (env.UPTRENDS_ETL_PUSHGATEWAY_URL ?? '').trim() !== '';

/** The settings and account names of the job, or undefined when it has no telemetry. */
async function settingsOf(
  ctx: CliContext,
  options: JobTelemetryOptions,
): Promise<{ settings: TelemetrySettings; accounts: string[] } | undefined> {
  const all = ctx.accounts();
  const pingsPerAccount = all.some((a) => a.pingUrlEnv !== undefined);
  if (!pingsPerAccount && !wanted(ctx.env, options)) return undefined;
  const { resolveTelemetry, jobAccounts } = await import('../api/telemetry/telemetry-settings.ts');
  const accounts = options.noAccounts === true ? [] : await jobAccounts(all, options.accounts);
  return {
    settings: resolveTelemetry(ctx.env, accounts, options.metricsFile),
    accounts: accounts.map((a) => a.name),
  };
}

/**
 * Runs `body` as a job with telemetry: pings start before it, success or failure (with the exit
 * code) after it, then writes and pushes the metrics. `body` receives the telemetry (undefined
 * when none is configured) to pass its `onRun` to the API and report accounts as they end.
 */
export async function withJobTelemetry<T>(
  ctx: CliContext,
  job: TelemetryJob,
  options: JobTelemetryOptions,
  body: (telemetry: JobTelemetry | undefined) => Promise<T>,
): Promise<T> {
  let resolved: Awaited<ReturnType<typeof settingsOf>>;
  let config: Config;
  try {
    resolved = await settingsOf(ctx, options);
    config = ctx.config();
  } catch (error) {
    // A bad configuration (exit 2) is a failed night too: the job's check hears of it.
    await pingConfigurationFailure(ctx, job, error);
    throw error;
  }
  if (resolved === undefined) return body(undefined);
  const { JobTelemetry } = await import('../api/telemetry/job-telemetry.ts');
  const telemetry = new JobTelemetry(job, resolved.settings, {
    logger: ctx.logger(),
    secrets: [...config.secrets, ...ctx.accounts().flatMap((a) => a.config.secrets)],
    warehouse: { databaseUrl: config.databaseUrl, dataDir: config.dataDir },
    accounts: resolved.accounts,
    streams: options.streams,
  });
  await telemetry.start();
  let result: T;
  try {
    result = await body(telemetry);
  } catch (error) {
    await telemetry.finish(exitCodeFor(error), error);
    throw error;
  }
  await telemetry.finish(0);
  return result;
}

/** Pings the job's check `/fail` when the job could not even start; never throws. */
async function pingConfigurationFailure(ctx: CliContext, job: TelemetryJob, error: unknown): Promise<void> {
  try {
    const { resolveTelemetry } = await import('../api/telemetry/telemetry-settings.ts');
    const target = resolveTelemetry(ctx.env, []).jobPing;
    if (target === undefined) return;
    const { sendPing } = await import('../api/telemetry/ping.ts');
    const { silentLogger } = await import('../logger.ts');
    const code = exitCodeFor(error);
    const message = error instanceof Error ? error.message : String(error);
    const failure = error instanceof EtlError ? error.code : 'INTERNAL';
    await sendPing(
      target,
      'fail',
      `uptrends-etl ${job}: failed, exit code ${code}\nerror: [${failure}] ${message}\n`,
      // The configuration is what failed: its secrets are unknown; URLs lose their user-info.
      { logger: silentLogger(), secrets: [] },
    );
  } catch {
    // The job's own error is what the operator needs; a ping that cannot be made adds nothing.
  }
}

/** The exit code of one account's outcome, for its own check. */
export function accountExitCode(error: unknown): number {
  return error === undefined ? 0 : exitCodeFor(error);
}
