/**
 * What every job of the programmatic API accepts besides its own options, and how the missing
 * ones are filled: the CLI passes its own configuration, logger and signal, a library caller may
 * pass nothing. Heavy modules load on the first call, not on import.
 */
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { Clock } from '../terms.ts';

/** What every job accepts besides its own options. */
export interface JobOptions {
  /** Settings. (Default: `loadConfig()`, the environment variables and `.env`) */
  readonly config?: Config;
  /** Where progress and warnings go. (Default: nothing is logged) */
  readonly logger?: Logger;
  /** Aborting it stops the job like SIGINT stops the CLI (committed windows stay). */
  readonly signal?: AbortSignal;
  /** Overrides the system clock (reports' "previous month", nightly's report day). */
  readonly clock?: Clock;
}

/** The configuration given, or the environment's. */
export async function configOf(options: JobOptions): Promise<Config> {
  if (options.config !== undefined) return options.config;
  const { loadConfig } = await import('../config.ts');
  return loadConfig();
}

/** The logger given, or one that logs nothing (a library does not write to stderr unasked). */
export async function loggerOf(options: JobOptions): Promise<Logger> {
  if (options.logger !== undefined) return options.logger;
  const { silentLogger } = await import('../logger.ts');
  return silentLogger();
}

/**
 * `value` without its undefined fields, so spreading it over defaults keeps the defaults: the CLI
 * passes every flag, given or not.
 */
export function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
