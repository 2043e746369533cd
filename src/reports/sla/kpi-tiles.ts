/**
 * The KPI tiles of the Summary sheet and the mail: the handful of figures management reads first,
 * each beside the previous period's value so a direction is visible without another report.
 */
import type { AggregateFigures } from './aggregate-figures.ts';
import type { KpiTile } from './model-types.ts';
import { statusWord } from '../model/data-coverage.ts';

const MINUTE_MS = 60_000;
const minutes = (ms: number | null): number | null => (ms === null ? null : ms / MINUTE_MS);

function formatPercent(value: number): string {
  return `${value.toFixed(3).replace(/\.?0+$/, '')}%`;
}

/** The eight tiles, from the overall figures of the period and of the previous period. */
export function buildKpiTiles(
  current: AggregateFigures,
  previous: AggregateFigures,
  monitorCount: number,
): KpiTile[] {
  const budgetNote =
    current.budgetUsed === null
      ? 'no error budget (target 100% or nothing monitored)'
      : `${(current.budgetUsed * 100).toFixed(1)}% of the ${(current.errorBudgetMs / MINUTE_MS).toFixed(1)} min error budget used`;
  return [
    {
      key: 'uptime',
      label: 'Uptime',
      unit: 'percent',
      current: current.uptime,
      previous: previous.uptime,
      note: `target ${formatPercent(current.target.desired)}: ${statusWord(current)} (${current.uptimeSource.toLowerCase()})`,
      higherIsBetter: true,
    },
    {
      key: 'downtime',
      label: 'Downtime (min)',
      unit: 'minutes',
      current: minutes(current.downtimeMs),
      previous: minutes(previous.downtimeMs),
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
      label: 'MTTR (min)',
      unit: 'minutes',
      current: minutes(current.mttrMs),
      previous: minutes(previous.mttrMs),
      note:
        current.medianTtrMs === null
          ? 'no incident resolved'
          : `median ${(current.medianTtrMs / MINUTE_MS).toFixed(1)} min`,
      higherIsBetter: false,
    },
    {
      key: 'longest',
      label: 'Longest outage (min)',
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
      label: 'Maintenance excluded (min)',
      unit: 'minutes',
      current: minutes(current.maintenanceExcludedMs),
      previous: minutes(previous.maintenanceExcludedMs),
      note: 'DisableMonitoring only',
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
