/** `uptrends-etl sync`: extract the selected streams into the warehouse. */
import { Option } from 'commander';
import { DEFAULT_SYNC_OPTIONS, type SyncOptions } from '../../pipeline/sync-options.ts';
import { selectStreams } from '../../pipeline/streams/index.ts';
import { runSync } from '../../pipeline/run-sync.ts';
import type { CommandModule } from '../command-module.ts';
import { checkPeriodOptions, parsePreset } from '../../time/period-options.ts';
import { integerOption, listOption, positiveNumberOption } from '../options.ts';
import { createProgress } from '../progress.ts';

interface SyncFlags {
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
}

/** Turns the flags into SyncOptions (shared with `nightly`). */
export function syncOptionsFrom(flags: SyncFlags): SyncOptions {
  checkPeriodOptions(flags);
  return {
    ...DEFAULT_SYNC_OPTIONS,
    streams: flags.streams,
    concurrency: flags.concurrency,
    maxRps: flags.maxRps,
    lookbackDays: flags.lookbackDays,
    initialDays: flags.initialDays,
    from: flags.from,
    to: flags.to,
    preset: flags.preset === undefined ? undefined : parsePreset(flags.preset),
    windowDays: flags.window,
    monitorGroups: flags.monitorGroup,
    monitors: flags.monitor,
    maxPagesPerWindow: flags.maxPagesPerWindow,
    waitMs: (flags.wait ?? 0) * 1000,
  };
}

/** Adds the sync options to a command (sync and nightly share them). */
export function addSyncOptions(command: import('commander').Command): import('commander').Command {
  return command
    .option(
      '--streams <names>',
      'comma-separated streams to run (Default: all; see the list below)',
      listOption,
    )
    .option(
      '--concurrency <n>',
      'concurrent requests per API (Default: 4)',
      integerOption('--concurrency', 1, 64),
      4,
    )
    .option(
      '--max-rps <n>',
      'request budget per second per API (Default: unlimited)',
      positiveNumberOption('--max-rps'),
    )
    .option(
      '--lookback-days <n>',
      'days re-read before the watermark on a nightly run (Default: 3)',
      integerOption('--lookback-days', 0, 90),
      3,
    )
    .option(
      '--initial-days <n>',
      'days read on the first run of a stream (Default: 30)',
      integerOption('--initial-days', 1, 3650),
      30,
    )
    .option('--from <date>', 'backfill from this account-local date, yyyy-MM-dd (inclusive)')
    .option('--to <date>', 'backfill up to this account-local date, yyyy-MM-dd (exclusive)')
    .option(
      '--preset <period>',
      'backfill a PresetPeriod (e.g. PreviousMonth, Last7Days); not with --from/--to',
    )
    .option(
      '--window <days>',
      'window length of a backfill in days; windows run concurrently (Default: 1)',
      integerOption('--window', 1, 366),
      1,
    )
    .option(
      '--monitor-group <guid>',
      'read alerts of these monitor groups only (repeatable; Default: the All Monitors group)',
      listOption,
    )
    .option('--monitor <guid>', 'read alerts and statistics of these monitors only (repeatable)', listOption)
    .option(
      '--max-pages-per-window <n>',
      `pages of one alert window before its cursor is called runaway and the window fails (Default: ${DEFAULT_SYNC_OPTIONS.maxPagesPerWindow})`,
      integerOption('--max-pages-per-window', 1, 10_000_000),
      DEFAULT_SYNC_OPTIONS.maxPagesPerWindow,
    )
    .addOption(
      new Option('--wait [seconds]', 'wait for another run to finish instead of exiting with code 6')
        .argParser(integerOption('--wait', 0, 86_400))
        .preset(3600),
    );
}

export const syncCommand: CommandModule = {
  name: 'sync',
  register(program, ctx) {
    const command = program
      .command('sync')
      .description(
        'Extract the Uptrends API into the warehouse: incremental by default, or a backfill with --from/--to or --preset.',
      );
    addSyncOptions(command)
      .addHelpText('after', () => {
        const streams = selectStreams(undefined)
          .selected.map((s) => `  ${s.name.padEnd(24)} ${s.description}`)
          .join('\n');
        return `
Streams:
${streams}

Request cost: configuration lists cost one request each (members, exclusions and maintenance one per
group/SLA/monitor); alerts one request per 100 alerts per window; statistics one request per monitor
per run (daily buckets for ranges over 48 hours).

Examples:
  $ uptrends-etl sync                                     nightly: everything since the watermarks
  $ uptrends-etl sync --streams monitors,monitor_groups   configuration only
  $ uptrends-etl sync --from 2025-01-01 --to 2025-07-01 --window 7 --concurrency 8
  $ uptrends-etl sync --preset PreviousMonth --streams alerts
  $ uptrends-etl sync --wait 600                          queue behind a running sync for up to 10 minutes`;
      })
      .action(async (flags: SyncFlags) => {
        const options = syncOptionsFrom(flags);
        const logger = ctx.logger();
        const summary = await runSync(ctx.config(), options, {
          logger,
          signal: ctx.signal,
          progress: createProgress(logger),
        });
        ctx.print(
          `run ${summary.runId} ${summary.status}: account ${summary.accountId ?? '?'}, ${summary.requests} requests`,
        );
        for (const [name, c] of Object.entries(summary.streams)) {
          ctx.print(
            `  ${name.padEnd(24)} ${c.status.padEnd(9)} records ${c.records}, written ${c.written}, windows ${c.windows}${c.notice ? ` (${c.notice})` : ''}`,
          );
        }
      });
  },
};
