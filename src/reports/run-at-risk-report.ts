/**
 * The programmatic entry point of the at-risk report (the SLA early warning): query -> model ->
 * files. `report at-risk` and the at-risk subscriptions call this one function, so the report a
 * manager opens by hand and the one attached to a warning mail are the same files.
 */
import type { Warehouse } from '../load/connection/db.ts';
import type { Logger } from '../logger.ts';
import { untilInterrupted } from '../interruption.ts';
import { withReportSet } from './render/report-set.ts';
import type { ReportAccount } from './queries/scope.ts';
import { systemClock, type Clock } from '../terms.ts';
import { loadAtRiskModel, type AtRiskModel } from './at-risk/model.ts';
import { writeAtRiskReport } from './at-risk/write-at-risk-report.ts';
import type { ReportFormat } from './render/report-files.ts';
import { DEFAULT_AT_RISK_WITHIN_DAYS } from './report-defaults.ts';
import { targetSettingsOf } from './report-request.ts';

export { DEFAULT_AT_RISK_WITHIN_DAYS };

/** What to report. */
export interface RunAtRiskReportOptions {
  /** The account, looked up at the edge (src/api/report-job.ts). */
  readonly account: ReportAccount;
  /** The instant the warning is as of, resolved at the edge (src/api/report-job.ts). (Default: now) */
  readonly asOf?: Date | undefined;
  /** Monitor groups by guid or name. (Default: every monitor) */
  readonly monitorGroups?: readonly string[] | undefined;
  /** Monitors by guid or name, besides the groups' members. (Default: none) */
  readonly monitors?: readonly string[] | undefined;
  /** Hold every monitor and group to this target in percent, whatever their own. (Default: their own) */
  readonly targetOverride?: number | undefined;
  /** Target in percent where neither statistics nor a group SLA give one. (Default: 99.9) */
  readonly defaultTarget?: number | undefined;
  /** At risk when the 1- and 3-day burn rates would spend the remaining budget within this many days. (Default: 3) */
  readonly atRiskWithinDays?: number | undefined;
  /** Output folder (the entry points default it to ./reports). */
  readonly outDir: string;
  /** Files to write. (Default: ['xlsx', 'pdf']) */
  readonly formats?: readonly ReportFormat[] | undefined;
}

/** Injected services. */
export interface RunAtRiskReportDeps {
  /** (Default: the system clock) */
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** Stops the run (SIGINT/SIGTERM); no file of the set is published. (Default: never) */
  readonly signal?: AbortSignal;
  /**
   * Called once every read is done, before the files are drawn: a caller that owns the warehouse
   * closes it here, so the embedded engine's memory is given back before the workbook, the chart
   * and the PDF take theirs (on PGlite, `report at-risk` peaked at 305 MB instead of 213, issue
   * 42). Nothing reads the warehouse after it. (Default: nothing)
   */
  readonly afterReads?: () => Promise<void>;
}

/** What `runAtRiskReport` did. */
export interface AtRiskReportResult {
  readonly model: AtRiskModel;
  /** Every file written. */
  readonly paths: readonly string[];
}

/** Reads the early warning of one account as of an instant, and writes its files. */
export async function runAtRiskReport(
  warehouse: Pick<Warehouse, 'db'>,
  options: RunAtRiskReportOptions,
  deps: RunAtRiskReportDeps = {},
): Promise<AtRiskReportResult> {
  const model = await untilInterrupted(
    deps.signal,
    loadAtRiskModel(warehouse.db, {
      account: options.account,
      asOf: options.asOf,
      monitorGroups: options.monitorGroups,
      monitors: options.monitors,
      target: targetSettingsOf(options.targetOverride, options.defaultTarget),
      atRiskWithinDays: options.atRiskWithinDays ?? DEFAULT_AT_RISK_WITHIN_DAYS,
      clock: deps.clock ?? systemClock,
    }),
  );
  await deps.afterReads?.();
  const { paths } = await withReportSet(options.outDir, deps.signal, async (dir) => ({
    paths: await writeAtRiskReport(model, { outDir: dir, formats: options.formats, signal: deps.signal }),
  }));
  deps.logger?.info(
    { report: 'at-risk', period: model.period.label, asOf: model.asOf.toISOString(), ...model.counts },
    `at-risk report ${model.period.label} written`,
  );
  return { model, paths };
}
