/**
 * The incident report's query: reads the warehouse into IncidentReportInput. Incidents and
 * maintenance are read whole (a period holds thousands at most); raw alerts are handed over as a
 * keyset-paged stream, since a year of them can be millions.
 */
import type { Kysely } from 'kysely';
import { queryCommonInput, type LoadReportInputOptions } from './common-input.ts';
import { queryRawAlerts } from './raw-alerts.ts';
import type { IncidentReportInput } from './report-input.ts';
import { type Database } from '../../load/schema.ts';
import { loadMonitorCoverage } from '../../load/coverage.ts';

/** Options of `loadIncidentReportInput`. */
export interface LoadIncidentReportInputOptions extends LoadReportInputOptions {
  /** Raw alerts read per query. (Default: 5,000) */
  readonly alertPageSize?: number | undefined;
}

/** Reads everything the incident report needs for one period and scope. */
export async function loadIncidentReportInput(
  db: Kysely<Database>,
  options: LoadIncidentReportInputOptions,
): Promise<IncidentReportInput> {
  const { account, monitorGuids, input } = await queryCommonInput(
    db,
    options,
    (_period, previous) => previous.start,
  );
  const coverage = await loadMonitorCoverage(db, account.accountId, input.period);
  return {
    ...input,
    coverage,
    rawAlerts: queryRawAlerts(db, {
      accountId: account.accountId,
      period: input.period,
      monitorGuids,
      pageSize: options.alertPageSize,
    }),
  };
}
