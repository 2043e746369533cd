/**
 * The KPI tiles of the Summary sheet: the handful of account figures management reads first, each
 * beside the same figure of the previous period. Every value is a column of the account's row of
 * `uptrends.figures`; this file only picks them and words them.
 */
import { budgetUseText, figureText, statusWord, type FigureUnit } from '../render/figure-format.ts';
import type { Figure } from '../queries/figures.ts';

/** One KPI tile: a figure of the period beside the same figure of the previous period. */
export interface KpiTile {
  readonly key: string;
  readonly label: string;
  readonly unit: FigureUnit;
  readonly current: number | null;
  readonly previous: number | null;
  /** A short second line (target, budget, "n of N"). */
  readonly note: string;
  /** True when a higher value is better (uptime), false when lower is better (downtime). */
  readonly higherIsBetter: boolean;
}

/** The eight tiles, from the account's figures of the period and of the previous period. */
export function buildKpiTiles(current: Figure, previous: Figure): KpiTile[] {
  const source = current.uptime_source === 'statistics' ? 'as measured by Uptrends' : 'from incidents';
  const budget = budgetUseText(
    current.budget_used,
    current.over_budget_seconds,
    'no error budget (target 100% or nothing monitored)',
  );
  const tile = (
    key: string,
    label: string,
    unit: FigureUnit,
    value: (f: Figure) => number | null,
    note: string,
    higherIsBetter = false,
  ): KpiTile => ({
    key,
    label,
    unit,
    current: value(current),
    previous: value(previous),
    note,
    higherIsBetter,
  });
  return [
    tile(
      'uptime',
      'Availability',
      'percent',
      (f) => f.uptime_percentage,
      `all monitors, time-weighted, ${source}; target ${figureText('percent', current.target_percentage)}: ${statusWord(current.status, current.data_state, current.coverage)}`,
      true,
    ),
    tile(
      'downtime',
      'Downtime (account)',
      'duration',
      (f) => f.period_downtime_seconds,
      `the share of monitored time that was down, times the period: monitors down at the same time count once (the groups' Downtime adds up each monitor's own); ${budget}`,
    ),
    tile('incidents', 'Incidents', 'count', (f) => f.incidents_started, 'started in the period'),
    tile(
      'mttr',
      'Mean time to recover',
      'duration',
      (f) => f.mttr_seconds,
      current.median_ttr_seconds === null
        ? 'no incident resolved'
        : `median ${figureText('duration', current.median_ttr_seconds)} (h:mm)`,
    ),
    tile(
      'longest',
      'Longest outage',
      'duration',
      (f) => f.longest_ttr_seconds,
      'longest incident resolved in the period',
    ),
    tile(
      'missed',
      'Monitors missing SLA',
      'count',
      (f) => f.members_missed,
      `of ${current.members} monitors`,
    ),
    tile(
      'maintenance',
      'Planned maintenance',
      'duration',
      (f) => f.maintenance_seconds,
      'total over the monitors; monitoring paused, so not counted as downtime',
    ),
    tile('ongoing', 'Ongoing incidents', 'count', (f) => f.ongoing_at_end, 'open at the end of the period'),
  ];
}
