/**
 * Syncs several accounts in this process, one after another: what `sync` does with an `accounts:`
 * section (every account, or those named by `--account`), and what `nightly` does on the embedded
 * PGlite warehouse or without `--queue`. Each account runs under its own lock with its own
 * credentials, concurrency and streams; one account failing does not stop the others, but an
 * interrupt or a lost warehouse does.
 *
 * The outcome of the whole: every account succeeded, or the error of the one account that failed
 * (its exit code, as a single-account sync), or with several accounts and some good a
 * PartialRunError (exit 8) naming each failed account.
 */
import type { AccountSetting } from '../config-file/resolve-accounts.ts';
import {
  ConfigError,
  DatabaseError,
  EtlError,
  InterruptedError,
  PartialRunError,
  RunFailedError,
  StreamError,
} from '../errors.ts';
import { runSync, type RunSyncDeps, type SyncSummary } from './run-sync.ts';
import { describeUnknownStreams, selectStreams } from './streams/index.ts';
import type { SyncOptions } from './sync-options.ts';

/** What the command line fixed, and so wins over an account's own setting. */
export interface ExplicitSyncFlags {
  /** `--concurrency` was given. */
  readonly concurrency?: boolean;
}

/** One account's outcome. */
export type AccountSyncOutcome =
  | { readonly account: string; readonly summary: SyncSummary; readonly error?: undefined }
  | { readonly account: string; readonly summary?: undefined; readonly error: Error };

/** The sync options of one account: its concurrency and streams unless the flags set them. */
export function accountSyncOptions(
  options: SyncOptions,
  account: AccountSetting,
  explicit: ExplicitSyncFlags = {},
): SyncOptions {
  return {
    ...options,
    account: account.name,
    concurrency: explicit.concurrency ? options.concurrency : (account.concurrency ?? options.concurrency),
    streams: options.streams ?? account.streams,
  };
}

/**
 * The accounts called `names` (without case), in the file's order; every account when `names` is
 * empty or undefined. A ConfigError lists the accounts there are when a name is unknown.
 */
export function selectAccounts(
  accounts: readonly AccountSetting[],
  names: readonly string[] | undefined,
): AccountSetting[] {
  if (names === undefined || names.length === 0) return [...accounts];
  const wanted = names.map((n) => n.toLowerCase());
  const unknown = names.filter((n) => !accounts.some((a) => a.name.toLowerCase() === n.toLowerCase()));
  if (unknown.length > 0) {
    throw new ConfigError(
      `unknown account(s): ${unknown.join(', ')}; the configuration has: ${accounts.map((a) => a.name).join(', ')}.`,
      { context: { setting: '--account' } },
    );
  }
  return accounts.filter((a) => wanted.includes(a.name.toLowerCase()));
}

/** A ConfigError when an account's `streams:` names a stream that does not exist. */
export function checkAccountStreams(accounts: readonly AccountSetting[]): void {
  for (const account of accounts) {
    const { unknown } = selectStreams(account.streams);
    if (unknown.length > 0) {
      throw new ConfigError(
        `account ${account.name}: unknown stream(s) ${describeUnknownStreams(unknown)} in its streams:.`,
        { context: { setting: `accounts.${account.name}.streams` } },
      );
    }
  }
}

function stopsEverything(error: unknown): boolean {
  return error instanceof InterruptedError || error instanceof DatabaseError;
}

/** The error the whole ends with, or undefined when every account succeeded. */
export function accountsFailure(outcomes: readonly AccountSyncOutcome[]): Error | undefined {
  const failed = outcomes.filter((o) => o.error !== undefined);
  if (failed.length === 0) return undefined;
  if (outcomes.length === 1) return failed[0]!.error;
  const message = `${failed.length} of ${outcomes.length} accounts did not sync: ${failed
    .map((o) => `${o.account} (${o.error?.message ?? '?'})`)
    .join('; ')}`;
  const errors = failed.map((o) =>
    o.error instanceof EtlError
      ? o.error
      : new StreamError(`account ${o.account}: ${o.error.message}`, { cause: o.error }),
  ) as [EtlError, ...EtlError[]];
  if (failed.length < outcomes.length) return new PartialRunError(message, errors);
  return new RunFailedError(message, errors);
}

/**
 * Syncs `accounts` one after another and reports each (`onOutcome` as soon as it is known). Resolves
 * with every outcome; the caller decides with `accountsFailure` how the whole ends.
 */
export async function syncAccounts(
  accounts: readonly AccountSetting[],
  options: SyncOptions,
  deps: RunSyncDeps & {
    explicit?: ExplicitSyncFlags;
    onOutcome?: (outcome: AccountSyncOutcome) => void;
  },
): Promise<AccountSyncOutcome[]> {
  checkAccountStreams(accounts);
  const outcomes: AccountSyncOutcome[] = [];
  for (const account of accounts) {
    const logger = accounts.length > 1 ? deps.logger.child({ account: account.name }) : deps.logger;
    let outcome: AccountSyncOutcome;
    try {
      const summary = await runSync(account.config, accountSyncOptions(options, account, deps.explicit), {
        ...deps,
        logger,
      });
      outcome = { account: account.name, summary };
    } catch (error) {
      if (stopsEverything(error) || deps.signal?.aborted === true || accounts.length === 1) throw error;
      logger.error(`account ${account.name}: ${(error as Error).message}`);
      outcome = { account: account.name, error: error as Error };
    }
    outcomes.push(outcome);
    deps.onOutcome?.(outcome);
  }
  return outcomes;
}
