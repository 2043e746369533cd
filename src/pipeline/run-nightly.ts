/**
 * The programmatic `nightly`: sync every stream, then, on the scheduled days, write the reports
 * and mail them. One outcome for the whole job: a sync that failed (even partly) sends no report,
 * because the figures would be stale or incomplete, and says so.
 */
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { SyncOptions } from './sync-options.ts';
import { openWarehouse } from '../load/db.ts';
import { runReports, type ReportsResult, type RunReportsOptions } from '../reports/run-reports.ts';
import { systemClock, type Clock } from '../terms.ts';
import type { ProgressSink } from './sync-context.ts';
import { isReportDay, type ReportSchedule } from './report-schedule.ts';
import { runSync, type SyncSummary } from './run-sync.ts';
import { localDateOf } from '../time/calendar.ts';

export interface NightlyOptions {
  sync: SyncOptions;
  schedule: ReportSchedule;
  reports: RunReportsOptions;
}

export interface NightlyResult {
  sync: SyncSummary;
  reports: ReportsResult | null;
  /** Why no report was written, when none was. */
  skipped?: string;
}

/** Runs the nightly job; rejects with the sync's error when the sync did not fully succeed. */
export async function runNightly(
  config: Config,
  options: NightlyOptions,
  deps: {
    logger: Logger;
    clock?: Clock;
    signal?: AbortSignal;
    progress?: ProgressSink;
    onWritten?: (paths: readonly string[]) => void;
  },
): Promise<NightlyResult> {
  const clock = deps.clock ?? systemClock;
  let summary: SyncSummary;
  try {
    summary = await runSync(config, options.sync, { ...deps, clock, command: 'nightly' });
  } catch (error) {
    deps.logger.error(
      `nightly: the sync did not complete, so no report is written or sent: ${(error as Error).message}`,
    );
    throw error;
  }
  const warehouse = await openWarehouse({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const zone = await sql<{
      zone: string;
    }>`select iana_zone as zone from uptrends.account where account_id = ${summary.accountId ?? ''}`.execute(
      warehouse.db,
    );
    const today = localDateOf(clock(), zone.rows[0]?.zone ?? 'UTC');
    if (!isReportDay(options.schedule, today)) {
      const skipped = `${today} is not a report day (--report-on ${options.schedule.text})`;
      deps.logger.info(`nightly: ${skipped}`);
      return { sync: summary, reports: null, skipped };
    }
    const reports = await runReports(
      config,
      warehouse,
      { ...options.reports, accountId: summary.accountId },
      {
        clock,
        logger: deps.logger,
        onWritten: deps.onWritten,
      },
    );
    return { sync: summary, reports };
  } finally {
    await warehouse.close();
  }
}
