/**
 * The KPI tiles of the Summary sheet and the mail: the handful of figures management reads first,
 * each beside the previous period's value so a direction is visible without another report.
 */
import type { AggregateFigures } from './aggregate-figures.ts';
import type { KpiTile } from './model-types.ts';
import { statusWord } from '../model/data-coverage.ts';
import { durationText } from '../render/cell-values.ts';

const MINUTE_MS = 60_000;
const minutes = (ms: number | null): number | null => (ms === null ? null : ms / MINUTE_MS);

function formatPercent(value: number): string {
  return `${value.toFixed(3).replace(/\.?0+$/, '')}%`;
}

/**
 * The account's downtime as one figure: the share of monitored time that was down, times the
 * length of the period, i.e. (1 - availability) x period. Time-weighted like the availability, so
 * 40 monitors down for an hour each read as one hour, not as 40 hours summed across monitors.
 */
export function accountDowntimeMs(figures: AggregateFigures, periodMs: number): number | null {
  if (figures.monitoredMs <= 0 || figures.noData) return null;
  return (figures.downtimeMs / figures.monitoredMs) * periodMs;
}

/** The eight tiles, from the overall figures of the period and of the previous period. */
export function buildKpiTiles(
  current: AggregateFigures,
  previous: AggregateFigures,
  monitorCount: number,
  periodMs: { readonly current: number; readonly previous: number },
): KpiTile[] {
  const budgetNote =
    current.budgetUsed === null
      ? 'no error budget (target 100% or nothing monitored)'
      : `${(current.budgetUsed * 100).toFixed(1)}% of the error budget used`;
  const source = current.uptimeSource === 'Statistics' ? 'as measured by Uptrends' : 'from incidents';
  return [
    {
      key: 'uptime',
      label: 'Availability',
      unit: 'percent',
      current: current.uptime,
      previous: previous.uptime,
      note: `all monitors, time-weighted, ${source}; target ${formatPercent(current.target.desired)}: ${statusWord(current)}`,
      higherIsBetter: true,
    },
    {
      key: 'downtime',
      label: 'Downtime (account)',
      unit: 'minutes',
      current: minutes(accountDowntimeMs(current, periodMs.current)),
      previous: minutes(accountDowntimeMs(previous, periodMs.previous)),
      note: budgetNote,
      higherIsBetter: false,
    },
    {
      key: 'incidents',
      label: 'Incidents',
      unit: 'count',
      current: current.incidents,
      previous: previous.incidents,
      note: 'started in the period',
      higherIsBetter: false,
    },
    {
      key: 'mttr',
      label: 'Mean time to recover',
      unit: 'minutes',
      current: minutes(current.mttrMs),
      previous: minutes(previous.mttrMs),
      note:
        current.medianTtrMs === null
          ? 'no incident resolved'
          : `median ${durationText(current.medianTtrMs)} (h:mm)`,
      higherIsBetter: false,
    },
    {
      key: 'longest',
      label: 'Longest outage',
      unit: 'minutes',
      current: minutes(current.longestMs),
      previous: minutes(previous.longestMs),
      note: 'longest incident resolved in the period',
      higherIsBetter: false,
    },
    {
      key: 'missed',
      label: 'Monitors missing SLA',
      unit: 'count',
      current: current.missedCount,
      previous: previous.missedCount,
      note: `of ${monitorCount} monitors`,
      higherIsBetter: false,
    },
    {
      key: 'maintenance',
      label: 'Planned maintenance',
      unit: 'minutes',
      current: minutes(current.maintenanceExcludedMs),
      previous: minutes(previous.maintenanceExcludedMs),
      note: 'total over the monitors; monitoring paused, so not counted as downtime',
      higherIsBetter: false,
    },
    {
      key: 'ongoing',
      label: 'Ongoing incidents',
      unit: 'count',
      current: current.ongoing,
      previous: previous.ongoing,
      note: 'open at the end of the period',
      higherIsBetter: false,
    },
  ];
}
