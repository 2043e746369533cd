/** `uptrends-etl sync`: extract the selected streams into the warehouse. */
import { Option, type Command } from 'commander';
import {
  DEFAULT_SYNC_OPTIONS,
  DEFAULT_WAIT_SECONDS,
  SYNC_OPTION_RANGES,
  resolveSyncOptions,
  type SyncRequest,
  type SyncSummary,
} from '../../api/sync-job.ts';
import { STREAMS } from '../../api/stream-catalog.ts';
import type { CommandModule } from '../command-module.ts';
import type { CliContext } from '../cli-context.ts';
import { integerArgOption, listOption, numberOption, wholeNumberOption } from '../options.ts';
import { accountExitCode, withJobTelemetry } from '../job-telemetry.ts';

/** The flags `sync` and `nightly` share, as commander parses them. */
export interface SyncFlags {
  streams?: string[];
  concurrency: number;
  maxRps?: number;
  lookbackDays: number;
  initialDays: number;
  from?: string;
  to?: string;
  preset?: string;
  window: number;
  monitorGroup?: string[];
  monitor?: string[];
  maxPagesPerWindow: number;
  wait?: number;
  account?: string[];
  metricsFile?: string;
}

/**
 * The flags as the programmatic API's SyncRequest (shared with `nightly`): renamed, not checked;
 * `resolveSyncOptions` checks and defaults them, for the CLI and the API alike.
 */
export function syncRequestFrom(flags: SyncFlags): SyncRequest {
  return {
    streams: flags.streams,
    concurrency: flags.concurrency,
    maxRps: flags.maxRps,
    lookbackDays: flags.lookbackDays,
    initialDays: flags.initialDays,
    from: flags.from,
    to: flags.to,
    preset: flags.preset,
    windowDays: flags.window,
    monitorGroups: flags.monitorGroup,
    monitors: flags.monitor,
    maxPagesPerWindow: flags.maxPagesPerWindow,
    waitMs: flags.wait === undefined ? undefined : flags.wait * 1000,
    accounts: flags.account,
  };
}

/** The streams in run order with their descriptions, for the help of `sync` and `nightly`. */
export function streamListHelp(): string {
  const streams = STREAMS.map((s) => `  ${s.name.padEnd(36)} ${s.description}`).join('\n');
  return `
Streams (in run order):
${streams}

Request cost: configuration lists cost one request each (members, exclusions and maintenance one per
group/SLA/monitor); alerts one request per 100 alerts per window; statistics one request per monitor
per run (daily buckets for ranges over 48 hours).`;
}

/** Adds the sync options to a command (sync and nightly share them). */
export function addSyncOptions(command: Command): Command {
  const r = SYNC_OPTION_RANGES;
  const d = DEFAULT_SYNC_OPTIONS;
  return command
    .option(
      '--account <name>',
      'sync only these accounts of the configuration file, repeatable (default: every account)',
      listOption('--account'),
    )
    .option(
      '--streams <names>',
      'comma-separated streams to run, repeatable (default: every stream listed below)',
      listOption('--streams'),
    )
    .addOption(
      integerArgOption(
        '--concurrency <n>',
        'concurrent requests per API, and windows in flight across the streams read at once',
        r.concurrency,
        d.concurrency,
        { rangeCheckedBy: 'the job' },
      ),
    )
    .option(
      '--max-rps <n>',
      'request budget per second per API (default: unlimited)',
      numberOption('--max-rps'),
    )
    .addOption(
      integerArgOption(
        '--lookback-days <n>',
        'days re-read before the watermark on an incremental run',
        r.lookbackDays,
        d.lookbackDays,
        { rangeCheckedBy: 'the job' },
      ),
    )
    .addOption(
      integerArgOption(
        '--initial-days <n>',
        'days read on the first run of a stream',
        r.initialDays,
        d.initialDays,
        { rangeCheckedBy: 'the job' },
      ),
    )
    .option('--from <date>', 'backfill from this account-local date, yyyy-MM-dd (inclusive)')
    .option('--to <date>', 'backfill up to this account-local date, yyyy-MM-dd (exclusive)')
    .option(
      '--preset <period>',
      'backfill a PresetPeriod (e.g. PreviousMonth, Last7Days); not with --from/--to',
    )
    .addOption(
      integerArgOption(
        '--window <days>',
        'planned window length in days; a long alert range is re-cut by alert density (docs/extraction.md); windows run concurrently',
        r.windowDays,
        d.windowDays,
        { rangeCheckedBy: 'the job' },
      ),
    )
    .option(
      '--monitor-group <guid>',
      'read alerts of these monitor groups only, repeatable (default: the All Monitors group)',
      listOption('--monitor-group'),
    )
    .option(
      '--monitor <guid>',
      'read alerts and statistics of these monitors only, repeatable',
      listOption('--monitor'),
    )
    .addOption(
      integerArgOption(
        '--max-pages-per-window <n>',
        'pages of one alert window before its cursor is called runaway and the window fails',
        r.maxPagesPerWindow,
        d.maxPagesPerWindow,
        { rangeCheckedBy: 'the job' },
      ),
    )
    .addOption(
      new Option(
        '--wait [seconds]',
        `wait up to this long for another run to finish instead of exiting with code 6, ${r.waitSeconds.min} to ${r.waitSeconds.max.toLocaleString('en-US')}`,
      )
        .argParser(wholeNumberOption('--wait'))
        .preset(DEFAULT_WAIT_SECONDS),
    )
    .option(
      '--metrics-file <path>',
      "write the run's metrics to this .prom file (atomically) for node_exporter's textfile collector (docs/operations.md)",
    );
}

/** The result lines of a finished sync (also used by `nightly`). */
export function printSyncSummary(
  ctx: CliContext,
  kind: string,
  summary: SyncSummary,
  account?: string,
): void {
  const name = account === undefined ? '' : ` (${account})`;
  const text = [
    `run ${summary.runId} ${summary.status}: account ${summary.accountId ?? '?'}${name}, ${summary.requests} requests`,
    ...Object.entries(summary.streams).map(
      ([name, c]) =>
        `  ${name.padEnd(36)} ${c.status.padEnd(9)} records ${c.records}, written ${c.written}, windows ${c.windows}${c.notice ? ` (${c.notice})` : ''}`,
    ),
  ];
  ctx.result(kind, { ...summary, ...(account === undefined ? {} : { account }) }, text);
}

export const syncCommand: CommandModule = {
  name: 'sync',
  optionsOf: {
    sync: (flags: SyncFlags) => ({
      ...resolveSyncOptions(syncRequestFrom(flags)),
      metricsFile: flags.metricsFile,
    }),
  },
  register(program, ctx) {
    const command = program.command('sync');
    addSyncOptions(command)
      .addHelpText(
        'after',
        () => `${streamListHelp()}

Examples:
  $ uptrends-etl sync                                     nightly: everything since the watermarks
  $ uptrends-etl sync --streams monitors,monitor_groups   configuration only
  $ uptrends-etl sync --from 2025-01-01 --to 2025-07-01 --window 7 --concurrency 8
  $ uptrends-etl sync --preset PreviousMonth --streams alerts
  $ uptrends-etl sync --wait 600                          queue behind a running sync for up to 10 minutes
  $ uptrends-etl sync --account acme                      one account of the accounts: section

With an accounts: section in the configuration file, every account is synced one after another, each
under its own lock (syncs of different accounts may run at once). The exit code is that of the one
account that failed, or 8 when some accounts failed and others succeeded.`,
      )
      .action(async (flags: SyncFlags, self: Command) => {
        const [{ runSync }, { createProgress }] = await Promise.all([
          import('../../api/sync-job.ts'),
          import('../progress.ts'),
        ]);
        const named = ctx.configFile()?.contents.accounts !== undefined;
        const logger = ctx.logger();
        const telemetryOptions = {
          metricsFile: flags.metricsFile,
          accounts: flags.account,
          streams: flags.streams,
        };
        await withJobTelemetry(ctx, 'sync', telemetryOptions, async (telemetry) => {
          const ended: Promise<void>[] = [];
          try {
            await runSync({
              ...syncRequestFrom(flags),
              config: ctx.config(),
              logger,
              signal: ctx.signal,
              progress: createProgress(logger),
              accountSettings: ctx.accounts(),
              explicit: { concurrency: self.getOptionValueSource('concurrency') === 'cli' },
              onRun: telemetry?.onRun,
              onOutcome: (outcome) => {
                if (outcome.summary !== undefined)
                  printSyncSummary(ctx, 'sync', outcome.summary, named ? outcome.account : undefined);
                if (telemetry !== undefined)
                  ended.push(
                    telemetry.accountEnded(
                      outcome.account,
                      accountExitCode(outcome.error),
                      outcome.error,
                      outcome.summary,
                    ),
                  );
              },
            });
          } finally {
            await Promise.all(ended);
          }
        });
      });
  },
};
