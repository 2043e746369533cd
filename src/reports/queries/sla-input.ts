/**
 * The SLA report's query: reads the warehouse into SlaReportInput. Data reaches back to the first
 * Trend month (or the previous period, if that is earlier), because the model computes the
 * previous period and twelve months of trend from the same rows.
 */
import type { Kysely } from 'kysely';
import { queryCommonInput, type LoadReportInputOptions } from './common-input.ts';
import { queryInfraDeviceDays, querySlaDefinitions, queryStatistics } from './facts.ts';
import type { DefaultSlaTarget, SlaReportInput } from './report-input.ts';
import { trendMonths } from '../../time/periods.ts';
import { type Database } from '../../load/schema.ts';
import { loadMonitorCoverage } from '../../load/coverage.ts';

/** Options of `loadSlaReportInput`. */
export interface LoadSlaReportInputOptions extends LoadReportInputOptions {
  /** The target of monitors and groups without a statistics or group SLA target. */
  readonly defaultTarget: DefaultSlaTarget;
}

/** Reads everything the SLA report needs for one period and scope. */
export async function loadSlaReportInput(
  db: Kysely<Database>,
  options: LoadSlaReportInputOptions,
): Promise<SlaReportInput> {
  const common = await queryCommonInput(db, options, (period, previous) => {
    const first = trendMonths(period)[0]?.start ?? previous.start;
    return first < previous.start ? first : previous.start;
  });
  const { account, range, monitorGuids, input } = common;
  const months = trendMonths(input.period);
  const statistics = await queryStatistics(db, account.accountId, range, monitorGuids);
  const definitions = await querySlaDefinitions(db, account.accountId, range);
  const infraDeviceDays = await queryInfraDeviceDays(db, account.accountId, input.period, account.zone);
  const coverage = await loadMonitorCoverage(db, account.accountId, range);
  return {
    ...input,
    coverage,
    statistics,
    slaDefinitions: definitions.slaDefinitions,
    groupSla: definitions.groupSla,
    defaultTarget: options.defaultTarget,
    trendMonths: months,
    infraDeviceDays,
  };
}
