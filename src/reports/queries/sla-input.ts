/**
 * The SLA report's query: reads the warehouse into SlaReportInput. Data reaches back to the first
 * Trend month (or the previous period, if that is earlier), because the model computes the
 * previous period and twelve months of trend from the same rows. `loadStreamedSlaReportInput`
 * reads the same input with its incidents and statistics a batch of monitors at a time.
 */
import type { Kysely } from 'kysely';
import {
  completeCommonFrame,
  queryCommonScope,
  type CommonScopeData,
  type LoadReportInputOptions,
} from './common-input.ts';
import { queryIncidents, queryInfraDeviceDays, querySlaDefinitions, queryStatistics } from './facts.ts';
import type {
  DefaultSlaTarget,
  SlaReportFrame,
  SlaReportInput,
  StreamedSlaReportInput,
} from './report-input.ts';
import { SLA_FACTS_BATCH_MONITORS, slaFactsBatches } from './sla-facts.ts';
import { trendMonths, type ReportPeriod } from '../../time/periods.ts';
import type { Interval } from '../../time/intervals.ts';
import { type Database } from '../../load/schema.ts';
import { loadMonitorCoverage } from '../../load/coverage.ts';

/** Options of `loadSlaReportInput`. */
export interface LoadSlaReportInputOptions extends LoadReportInputOptions {
  /** The target of monitors and groups without a statistics or group SLA target. */
  readonly defaultTarget: DefaultSlaTarget;
}

/** Options of `loadStreamedSlaReportInput`. */
export interface LoadStreamedSlaReportInputOptions extends LoadSlaReportInputOptions {
  /** Monitors per batch of facts. (Default: `SLA_FACTS_BATCH_MONITORS`) */
  readonly batchMonitors?: number;
}

/** The first Trend month, or the previous period when that starts earlier. */
function slaRangeStart(period: ReportPeriod, previous: ReportPeriod): Date {
  const first = trendMonths(period)[0]?.start ?? previous.start;
  return first < previous.start ? first : previous.start;
}

interface SlaFrameData {
  readonly accountId: string;
  readonly range: Interval;
  readonly monitorGuids: readonly string[];
  readonly frame: SlaReportFrame;
}

/**
 * Everything but the incidents and statistics. Once the scope is known the other queries run
 * side by side, and `whenScoped` may start more (the streamed facts).
 */
async function loadSlaFrame(
  db: Kysely<Database>,
  options: LoadSlaReportInputOptions,
  whenScoped: (scoped: CommonScopeData) => void = () => undefined,
): Promise<SlaFrameData> {
  const scoped = await queryCommonScope(db, options, slaRangeStart);
  whenScoped(scoped);
  const { account, range } = scoped;
  const [common, definitions, infraDeviceDays, coverage] = await Promise.all([
    completeCommonFrame(db, scoped),
    querySlaDefinitions(db, account.accountId, range),
    queryInfraDeviceDays(db, account.accountId, scoped.period, account.zone),
    loadMonitorCoverage(db, account.accountId, range),
  ]);
  return {
    accountId: account.accountId,
    range,
    monitorGuids: scoped.monitorGuids,
    frame: {
      ...common.input,
      coverage,
      slaDefinitions: definitions.slaDefinitions,
      groupSla: definitions.groupSla,
      defaultTarget: options.defaultTarget,
      trendMonths: trendMonths(scoped.period),
      infraDeviceDays,
    },
  };
}

/** Reads everything the SLA report needs for one period and scope. */
export async function loadSlaReportInput(
  db: Kysely<Database>,
  options: LoadSlaReportInputOptions,
): Promise<SlaReportInput> {
  const { accountId, range, monitorGuids, frame } = await loadSlaFrame(db, options);
  const incidents = await queryIncidents(db, accountId, range, monitorGuids);
  const statistics = await queryStatistics(db, accountId, range, monitorGuids);
  return { ...frame, incidents, statistics };
}

/**
 * The same input with the incidents and statistics read a batch of monitors at a time, as
 * columns, so a year of them is never held at once (docs/reports.md, memory). Their reading
 * starts as soon as the scope is known, beside the frame's other queries.
 */
export async function loadStreamedSlaReportInput(
  db: Kysely<Database>,
  options: LoadStreamedSlaReportInputOptions,
): Promise<StreamedSlaReportInput> {
  let facts: StreamedSlaReportInput['facts'] | undefined;
  const { frame } = await loadSlaFrame(db, options, (scoped) => {
    facts = slaFactsBatches(db, {
      accountId: scoped.account.accountId,
      range: scoped.range,
      monitorGuids: scoped.monitorGuids,
      batchMonitors: options.batchMonitors ?? SLA_FACTS_BATCH_MONITORS,
    });
  });
  return { ...frame, facts: facts! };
}
