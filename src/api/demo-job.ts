/**
 * The demo job of the programmatic API (`uptrends-etl demo`): the simulator backfilled into the
 * demo's own warehouse (src/pipeline/run-demo.ts), then both reports of the previous month and
 * the early warning of the running one, resolved here like every other report request.
 */
import type { Logger } from '../logger.ts';
import type { DemoOptions, DemoWarehouse } from '../pipeline/run-demo.ts';
import type { SyncSummary } from '../pipeline/run-sync.ts';
import type { ProgressSink } from '../pipeline/sync-context.ts';
import type { AtRiskReportResult } from '../reports/run-at-risk-report.ts';
import type { ReportsResult } from '../reports/run-reports.ts';

export type { DemoOptions, DemoWarehouse };

/** What `runDemo` needs besides its options. */
export interface DemoDeps {
  readonly logger: Logger;
  readonly signal?: AbortSignal | undefined;
  readonly progress?: ProgressSink | undefined;
}

/** What the demo did. */
export interface DemoResult {
  readonly sync: SyncSummary;
  readonly reports: ReportsResult;
  /** The early warning as of the sync's last read (the at-risk report's default). */
  readonly atRisk: AtRiskReportResult;
  /** Where the warehouse is. */
  readonly warehouse: string;
  /** The simulator clock the account was generated at (an earlier demo's, when one ran here). */
  readonly simulatorClock: Date;
  /** True when an earlier demo into this warehouse had generated the account. */
  readonly simulatorRemembered: boolean;
}

/** Runs the demo into `target`'s warehouse and writes every report into `options.outDir`. */
export async function runDemo(
  target: DemoWarehouse,
  options: DemoOptions,
  deps: DemoDeps,
): Promise<DemoResult> {
  const [demo, reports, atRisk, request] = await Promise.all([
    import('../pipeline/run-demo.ts'),
    import('../reports/run-reports.ts'),
    import('../reports/run-at-risk-report.ts'),
    import('./report-request.ts'),
  ]);
  const { signal, progress } = deps;
  const run = await demo.runDemo(
    target,
    options,
    {
      logger: deps.logger,
      ...(signal === undefined ? {} : { signal }),
      ...(progress === undefined ? {} : { progress }),
    },
    async (warehouse, sync, clock, release) => {
      // The simulated account, whatever else earlier demos left (another --seed is another account).
      const resolved = await request.resolveReportRequest(
        warehouse.db,
        { outDir: options.outDir, period: { preset: 'PreviousMonth' }, accountId: sync.accountId },
        clock(),
      );
      const written = await reports.runReports(warehouse, resolved, { logger: deps.logger, clock });
      const warning = await atRisk.runAtRiskReport(
        warehouse,
        { account: resolved.account, outDir: options.outDir },
        // The last report: once its figures are read, the warehouse is closed.
        { logger: deps.logger, clock, afterReads: release },
      );
      return { written, warning };
    },
  );
  return {
    sync: run.sync,
    reports: run.reports.written,
    atRisk: run.reports.warning,
    warehouse: run.warehouse,
    simulatorClock: run.simulatorClock,
    simulatorRemembered: run.simulatorRemembered,
  };
}
