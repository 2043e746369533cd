/**
 * The report jobs of the programmatic API (`runReports`, `runAtRiskReport`), and where their
 * options are resolved once: the period options are checked before the warehouse opens, then the
 * account, its zone, the period [start, end) with its label and the as-of instant are settled,
 * and the reports receive that resolved value. `uptrends-etl report sla | incidents | send` and
 * `report at-risk` parse their flags and call these functions.
 */
import type { Config } from '../config.ts';
import type { Warehouse } from '../load/connection/db.ts';
import type { ReportAccount } from '../reports/queries/scope.ts';
import type { AtRiskReportResult, RunAtRiskReportOptions } from '../reports/run-at-risk-report.ts';
import type { ReportKind } from '../reports/report-request.ts';
import type { ReportsResult } from '../reports/run-reports.ts';

export type { ReportKind };
import type { PeriodOptions } from '../time/parse-period-options.ts';
import { parseAsOf, periodChoiceOf } from '../time/parse-period-options.ts';
import type { AsOfOption } from '../time/period-choice.ts';
import type { ReportPeriod } from '../time/calendar-periods.ts';
import { configOf, loggerOf, type JobOptions } from './job-options.ts';
import type { PeriodInput, ReportRequestOptions } from './report-request.ts';

/** What the report jobs accept besides their own options. */
export interface ReportJobOptions extends JobOptions {
  /**
   * Opens the warehouse the reports read; the caller closes it. (Default: the configured
   * warehouse, opened for the job and closed after it)
   */
  readonly openWarehouse?: () => Promise<Warehouse>;
  /** Files go to `outDir/<account name>/` (as nightly writes them with several accounts). (Default: false) */
  readonly accountFolder?: boolean;
}

/** Options of `runReports` (the CLI's `report sla`, `report incidents`, `report send`). */
export interface RunReportsJobOptions extends ReportJobOptions, ReportRequestOptions {
  /** Output folder. (Default: ./reports) */
  readonly outDir?: string | undefined;
  /** The period: options resolved in the account zone, or a period in that zone. (Default: PreviousMonth) */
  readonly period?: PeriodOptions | ReportPeriod;
  /** Mail the files after writing them (SMTP_URL, REPORT_MAIL_FROM, REPORT_MAIL_TO). (Default: false) */
  readonly mail?: boolean | undefined;
  /** Called with the paths once every file is written, before any mail goes out. */
  readonly onWritten?: (paths: readonly string[]) => void;
}

/** Options of `runAtRiskReport` (the CLI's `report at-risk`). */
export interface RunAtRiskJobOptions
  extends ReportJobOptions, Omit<RunAtRiskReportOptions, 'asOf' | 'outDir' | 'account'> {
  /**
   * Close the warehouse once the report's reads are done, before its files are drawn, also one
   * given by `openWarehouse` (its `close()` may then be called again, as a no-op): the embedded
   * engine's memory is not held while the workbook and PDF take theirs.
   * (Default: true for the warehouse the job opens itself, false for a given one)
   */
  readonly closeAfterReads?: boolean;
  /** The account. (Default: the only account in the warehouse) */
  readonly accountId?: string | undefined;
  /** Output folder. (Default: ./reports) */
  readonly outDir?: string | undefined;
  /**
   * The instant the warning is as of: a Date, or text (a local date or time in the account zone,
   * or an instant with Z or an offset). (Default: the instant the alerts were read up to, at most now)
   */
  readonly asOf?: Date | string | undefined;
}

/** The period options checked now (a typo costs nothing), placed in the account zone later. */
function periodInputOf(period: PeriodOptions | ReportPeriod | undefined): PeriodInput {
  if (period !== undefined && 'start' in period && period.start instanceof Date) return period;
  return periodChoiceOf((period ?? {}) as PeriodOptions);
}

/**
 * A module loading while something else runs (the warehouse opening: on the embedded engine
 * seconds of its own thread): awaited where it is used; a failure to load is reported there, and
 * not as an unhandled rejection when the work fails first.
 */
function loadedBeside<T>(loading: Promise<T>): Promise<T> {
  loading.catch(() => undefined);
  return loading;
}

/**
 * Opens the warehouse (or takes the caller's), resolves the account and hands both to `work`;
 * a warehouse opened here is closed after it.
 */
async function withAccount<T>(
  config: Config,
  options: ReportJobOptions & {
    readonly closeAfterReads?: boolean | undefined;
    readonly accountId?: string | undefined;
    readonly outDir?: string | undefined;
  },
  work: (
    warehouse: Warehouse,
    account: ReportAccount,
    outDir: string,
    /** Closes the warehouse early when this job opened it (its reads are done); else nothing. */
    release: () => Promise<void>,
  ) => Promise<T>,
): Promise<T> {
  const [{ openWarehouse }, { queryReportAccount }, { accountFolder }, { DEFAULT_REPORT_DIR }] =
    await Promise.all([
      import('../load/connection/db.ts'),
      import('../reports/queries/scope.ts'),
      import('../pipeline/subscriptions/subscription-accounts.ts'),
      import('../reports/report-defaults.ts'),
    ]);
  const given = options.openWarehouse;
  const own = given === undefined;
  const warehouse = own
    ? await openWarehouse({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        create: false,
        schema: 'current',
        // An interrupt stops the embedded engine mid-statement too (cancelRunning).
        engineThread: true,
      })
    : await given();
  // Interrupted: the statements the report waits on are cancelled, so closing does not wait for them.
  const cancel = (): void => void warehouse.cancelRunning?.();
  options.signal?.addEventListener('abort', cancel, { once: true });
  try {
    const account = await queryReportAccount(warehouse.db, options.accountId);
    const outDir = accountFolder(
      options.outDir ?? DEFAULT_REPORT_DIR,
      account,
      options.accountFolder === true,
    );
    const release =
      own || options.closeAfterReads === true ? () => warehouse.close() : () => Promise.resolve();
    return await work(warehouse, account, outDir, release);
  } finally {
    options.signal?.removeEventListener('abort', cancel);
    if (own) await warehouse.close();
  }
}

/** Writes (and mails, with `mail: true`) the reports, as `uptrends-etl report`. */
export async function runReports(options: RunReportsJobOptions = {}): Promise<ReportsResult> {
  const { clock, onWritten, period, signal } = options;
  // Checked before the warehouse opens: a typo costs nothing.
  const input = periodInputOf(period);
  // The reports' modules (the workbook, chart and PDF libraries) load while the warehouse opens.
  const reportsModule = loadedBeside(import('../reports/run-reports.ts'));
  const [config, logger, request, { systemClock }] = await Promise.all([
    configOf(options),
    loggerOf(options),
    import('./report-request.ts'),
    import('../terms.ts'),
  ]);
  // Missing mail settings are a usage error: said before opening (and locking) the warehouse.
  const mail = options.mail === true ? request.reportMailSettings(config) : undefined;
  return withAccount(config, options, async (warehouse, account, outDir) => {
    const reports = await reportsModule;
    const placed = request.periodIn(input, (clock ?? systemClock)(), account);
    const slaGuids = await request.resolveSlaChoice(warehouse.db, account, placed, options.sla);
    const resolved = request.reportRequestOf(account, placed, { ...options, outDir }, mail, slaGuids);
    return reports.runReports(warehouse, resolved, { logger, clock, onWritten, signal });
  });
}

/** Writes the SLA early warning of the running month, as `uptrends-etl report at-risk`. */
export async function runAtRiskReport(options: RunAtRiskJobOptions = {}): Promise<AtRiskReportResult> {
  const {
    config: _c,
    logger: _l,
    signal,
    clock,
    openWarehouse: _o,
    closeAfterReads: _r,
    accountFolder: _f,
    accountId: _a,
    asOf,
    ...rest
  } = options;
  const asOfOption: AsOfOption | undefined =
    asOf === undefined || asOf instanceof Date ? asOf : parseAsOf(asOf);
  const reportModule = loadedBeside(import('../reports/run-at-risk-report.ts'));
  const [config, logger, { resolveAsOf }] = await Promise.all([
    configOf(options),
    loggerOf(options),
    import('../time/period-choice.ts'),
  ]);
  return withAccount(config, options, async (warehouse, account, outDir, release) => {
    const { runAtRiskReport: run } = await reportModule;
    return run(
      warehouse,
      {
        ...rest,
        account,
        outDir,
        asOf: asOfOption === undefined ? undefined : resolveAsOf(asOfOption, account.zone),
      },
      { logger, clock, signal, afterReads: release },
    );
  });
}
