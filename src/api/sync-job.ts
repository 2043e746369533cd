/**
 * The sync job of the programmatic API, and the one place its options are checked and defaulted:
 * `uptrends-etl sync` parses its flags into a SyncRequest and calls `runSync` as a library caller
 * does; `nightly` and the API's `runNightly` resolve their sync part with `resolveSyncOptions`.
 */
import type { AccountSetting } from '../config-file/resolve-accounts.ts';
import { ConfigError } from '../errors.ts';
import type { OpenedRun, SyncSummary } from '../pipeline/run-sync.ts';
import type { AccountSyncOutcome, ExplicitSyncFlags } from '../pipeline/sync-accounts.ts';
import type { ProgressSink } from '../pipeline/sync-context.ts';
import { DEFAULT_SYNC_OPTIONS, SYNC_OPTION_RANGES, type SyncOptions } from '../pipeline/sync-options.ts';

export { DEFAULT_SYNC_OPTIONS, SYNC_OPTION_RANGES };
export { DEFAULT_WAIT_SECONDS } from '../pipeline/sync-options.ts';
export type { ProgressSink, SyncSummary };
import { checkPeriodOptions, parsePreset } from '../time/parse-period-options.ts';
import { configOf, loggerOf, withoutUndefined, type JobOptions } from './job-options.ts';

/**
 * A sync as asked for: every field optional (Default: DEFAULT_SYNC_OPTIONS), dates and the preset
 * as text, checked by `resolveSyncOptions`.
 */
export interface SyncRequest extends Partial<
  Omit<SyncOptions, 'batchRows' | 'preset' | 'from' | 'to' | 'account' | 'job'>
> {
  /** Backfill from this account-local date, `yyyy-MM-dd` (inclusive); with `to`. */
  readonly from?: string | undefined;
  /** Backfill up to this account-local date, `yyyy-MM-dd` (exclusive). */
  readonly to?: string | undefined;
  /** A PresetPeriod instead of from/to ("Previous Month" with a space is accepted too). */
  readonly preset?: string | undefined;
}

/** The numeric options with a range, as SYNC_OPTION_RANGES names them. */
const RANGED = ['concurrency', 'lookbackDays', 'initialDays', 'windowDays', 'maxPagesPerWindow'] as const;

/** The flag that sets each numeric option, for the message (the CLI is where most users meet it). */
const FLAG_OF: Readonly<Record<(typeof RANGED)[number] | 'maxRps' | 'waitMs', string>> = {
  concurrency: '--concurrency',
  lookbackDays: '--lookback-days',
  initialDays: '--initial-days',
  windowDays: '--window',
  maxPagesPerWindow: '--max-pages-per-window',
  maxRps: '--max-rps',
  waitMs: '--wait',
};

/**
 * The sync options a request asks for, defaults applied and every value checked: the ranges of
 * SYNC_OPTION_RANGES, a positive `maxRps`, the period options. A ConfigError (exit 2) names the
 * option and its flag.
 */
export function resolveSyncOptions(request: SyncRequest): SyncOptions {
  const { from, to, preset, ...rest } = request;
  checkPeriodOptions({ from, to, preset });
  const merged: SyncOptions = {
    ...DEFAULT_SYNC_OPTIONS,
    ...withoutUndefined(rest),
    from,
    to,
    preset: preset === undefined ? undefined : parsePreset(preset),
  };
  for (const name of RANGED) {
    const { min, max } = SYNC_OPTION_RANGES[name];
    const value = merged[name];
    if (!Number.isInteger(value) || value < min || value > max)
      throw new ConfigError(
        `${name} must be a whole number from ${min} to ${max} (${FLAG_OF[name]}), not ${value}.`,
        { context: { setting: name } },
      );
  }
  if (merged.maxRps !== undefined && !(merged.maxRps > 0))
    throw new ConfigError(`maxRps must be a positive number (${FLAG_OF.maxRps}), not ${merged.maxRps}.`, {
      context: { setting: 'maxRps' },
    });
  const wait = SYNC_OPTION_RANGES.waitSeconds;
  if (!Number.isInteger(merged.waitMs) || merged.waitMs < 0 || merged.waitMs > wait.max * 1000)
    throw new ConfigError(
      `waitMs must be a whole number of milliseconds from 0 to ${wait.max * 1000} (${FLAG_OF.waitMs} in seconds), not ${merged.waitMs}.`,
      { context: { setting: 'waitMs' } },
    );
  return merged;
}

/** Options of `runSync`: every field of the CLI's `sync`, each optional with the same default. */
export interface RunSyncOptions extends JobOptions, SyncRequest {
  /** Progress of long streams. (Default: none) */
  readonly progress?: ProgressSink;
  /**
   * The accounts to sync, one after another (`accounts` names some of them). (Default: the one
   * account of `config`, named default)
   */
  readonly accountSettings?: readonly AccountSetting[];
  /** Settings the caller fixed, which win over an account's own (`--concurrency`). */
  readonly explicit?: ExplicitSyncFlags;
  /** Called with each account's outcome as soon as it is known. */
  readonly onOutcome?: (outcome: AccountSyncOutcome) => void;
  /** Told each run opened in the ledger (the telemetry reads them back). */
  readonly onRun?: (run: OpenedRun) => void;
}

/**
 * One sync run, as `uptrends-etl sync`: migrates the warehouse when needed, takes its lock, reads
 * the selected streams of each account. Resolves with the (first) account's summary; rejects when
 * any stream failed (`PartialRunError` when others succeeded), or with several accounts when any
 * account failed.
 */
export async function runSync(options: RunSyncOptions = {}): Promise<SyncSummary> {
  const {
    config: _c,
    logger: _l,
    signal,
    clock,
    progress,
    accountSettings,
    explicit,
    onOutcome,
    onRun,
    ...request
  } = options;
  const sync = resolveSyncOptions(request);
  const [config, logger, { syncAccounts, selectAccounts, accountsFailure }, { DEFAULT_ACCOUNT }] =
    await Promise.all([
      configOf(options),
      loggerOf(options),
      import('../pipeline/sync-accounts.ts'),
      import('../config-file/accounts-section.ts'),
    ]);
  const all = accountSettings ?? [
    { name: DEFAULT_ACCOUNT, config, concurrency: undefined, streams: undefined, fileIndex: undefined },
  ];
  const accounts = selectAccounts(all, sync.accounts);
  const outcomes = await syncAccounts(accounts, sync, {
    logger,
    signal,
    clock,
    progress,
    explicit,
    onOutcome,
    onRun,
  });
  const failure = accountsFailure(outcomes);
  if (failure !== undefined) throw failure;
  return outcomes[0]!.summary!;
}
