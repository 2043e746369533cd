/**
 * The columns of the at-risk report, defined once: header, CSV name, unit, width and the column of
 * `uptrends.sla_burn` each shows. The workbook's sheets, the CSV and the PDF tables are built from
 * this list, and figure-format.ts writes every unit the same way in each.
 */
import type { IanaZone } from '../../terms.ts';
import type { Burn } from '../queries/sla-burn.ts';
import type { ServiceBurn } from './model.ts';
import type { CsvValue } from '../render/write-csv.ts';
import type { CellValue, Column } from '../render/workbook-writer.ts';
import {
  budgetLeftText,
  dataWord,
  figureCell,
  figureCsv,
  instantCell,
  UNIT_FORMAT,
  type FigureUnit,
} from '../render/figure-format.ts';
import { localText } from '../render/cell-values.ts';

/** One column: a figure of a unit, or the runs-out instant. */
export interface BurnColumn {
  readonly header: string;
  /** CSV column name; its suffix names the unit (`_pct`, `_min`). */
  readonly csv: string;
  readonly unit: FigureUnit | 'instant';
  readonly width: number;
  readonly wrap?: boolean;
  /** On the management table (the first sheet and the PDF)? (Default: true) */
  readonly brief?: boolean;
  /** Shown as a budget left (`1:20 left`, `2:05 over budget`) rather than a signed duration. */
  readonly budgetLeft?: boolean;
  readonly value: (row: ServiceBurn) => number | string | Date | null;
}

/** The state as a word: the state, or why there is none. */
export function stateWord(row: Pick<Burn, 'state' | 'alerts_data_state' | 'alerts_coverage'>): string {
  if (row.state !== null) return row.state.charAt(0).toUpperCase() + row.state.slice(1);
  return row.alerts_data_state === 'complete'
    ? 'Unknown (a window not read in full)'
    : dataWord(row.alerts_data_state, row.alerts_coverage);
}

/** Every column, in sheet order. */
export const BURN_COLUMNS: readonly BurnColumn[] = [
  { header: 'Service', csv: 'name', unit: 'text', width: 24, wrap: true, value: (r) => r.name },
  {
    header: 'Kind',
    csv: 'grain',
    unit: 'text',
    width: 8,
    value: (r) => (r.grain === 'monitor' ? 'Monitor' : 'Group'),
  },
  { header: 'State', csv: 'state', unit: 'text', width: 11, wrap: true, value: (r) => stateWord(r) },
  { header: 'Target', csv: 'target_pct', unit: 'percent', width: 9, value: (r) => r.target_percentage },
  {
    header: 'Budget (period)',
    brief: false,
    csv: 'period_budget_min',
    unit: 'duration',
    width: 9,
    value: (r) => r.period_budget_seconds,
  },
  {
    header: 'Spent so far',
    brief: false,
    csv: 'budget_spent_min',
    unit: 'duration',
    width: 9,
    value: (r) => r.budget_spent_seconds,
  },
  {
    header: 'Budget used',
    brief: false,
    csv: 'period_budget_used_pct',
    unit: 'share',
    width: 12,
    value: (r) => r.period_budget_used,
  },
  { header: 'Burn 1 day', csv: 'burn_rate_1d', unit: 'rate', width: 8, value: (r) => r.burn_rate_1d },
  { header: 'Burn 3 days', csv: 'burn_rate_3d', unit: 'rate', width: 8, value: (r) => r.burn_rate_3d },
  { header: 'Burn 7 days', csv: 'burn_rate_7d', unit: 'rate', width: 8, value: (r) => r.burn_rate_7d },
  {
    header: 'Burn so far',
    brief: false,
    csv: 'burn_rate_to_date',
    unit: 'rate',
    width: 8,
    value: (r) => r.burn_rate_to_date,
  },
  {
    header: 'At-risk rate',
    csv: 'at_risk_burn_rate',
    unit: 'rate',
    width: 8,
    brief: false,
    value: (r) => r.at_risk_burn_rate,
  },
  {
    header: 'Projected uptime (7-day rate)',
    csv: 'projected_uptime_7d_pct',
    unit: 'percent',
    width: 11,
    value: (r) => r.projected_uptime_7d,
  },
  {
    header: 'Budget left (h:mm)',
    csv: 'budget_left_min',
    unit: 'duration',
    width: 15,
    wrap: true,
    budgetLeft: true,
    value: (r) => r.budget_remaining_seconds,
  },
  {
    header: 'Since',
    csv: 'since_day',
    unit: 'text',
    width: 11,
    value: (r) => r.since_day,
  },
  {
    header: 'Projected uptime (rate so far)',
    csv: 'projected_uptime_to_date_pct',
    unit: 'percent',
    width: 11,
    brief: false,
    value: (r) => r.projected_uptime_to_date,
  },
  {
    header: 'Budget runs out',
    csv: 'runs_out_at',
    unit: 'instant',
    width: 15,
    value: (r) => r.runs_out_at,
  },
  {
    header: 'Data coverage',
    csv: 'data_coverage_pct',
    unit: 'coverage',
    width: 9,
    brief: false,
    value: (r) => r.alerts_coverage,
  },
  {
    header: 'Groups',
    csv: 'group_names',
    unit: 'text',
    width: 18,
    wrap: true,
    brief: false,
    value: (r) => r.group_names,
  },
  {
    header: 'Target source',
    csv: 'target_source',
    unit: 'text',
    width: 10,
    brief: false,
    value: (r) => r.target_source,
  },
];

/** The columns of the management table (first sheet, PDF). */
export const BRIEF_COLUMNS = BURN_COLUMNS.filter((c) => c.brief !== false);

/** The workbook columns (width, format, wrapping). */
export function sheetColumns(columns: readonly BurnColumn[]): Column[] {
  return columns.map((c) => ({
    header: c.header,
    width: c.width,
    ...(c.unit === 'instant'
      ? { format: 'datetimeMinutes' as const }
      : c.budgetLeft === true || UNIT_FORMAT[c.unit] === undefined
        ? {}
        : { format: UNIT_FORMAT[c.unit]! }),
    ...(c.wrap === true ? { wrap: true } : {}),
  }));
}

/** One row as typed cells. */
export function sheetRow(columns: readonly BurnColumn[], row: ServiceBurn, zone: IanaZone): CellValue[] {
  return columns.map((c) => {
    const value = c.value(row);
    if (c.unit === 'instant') return instantCell(value as Date | null, zone);
    if (c.budgetLeft === true)
      return budgetLeftText(value as number | null, row.period_over_budget_seconds, '');
    return figureCell(c.unit, value as number | string | null);
  });
}

/** The CSV header, the runs-out instant in UTC and local time. */
export function csvHeader(zoneColumn: string): string[] {
  return BURN_COLUMNS.flatMap((c) =>
    c.unit === 'instant' ? [`${c.csv}_utc`, `${c.csv}_local_${zoneColumn}`] : [c.csv],
  ).concat(['monitor_guid', 'monitor_group_guid']);
}

/** One CSV record. */
export function csvRow(row: ServiceBurn, zone: IanaZone): CsvValue[] {
  return BURN_COLUMNS.flatMap((c): CsvValue[] => {
    const value = c.value(row);
    if (c.unit === 'instant') {
      const at = value as Date | null;
      return at === null ? [null, null] : [at, localText(at, zone)];
    }
    return [figureCsv(c.unit, value as number | string | null)];
  }).concat([row.monitor_guid, row.monitor_group_guid]);
}
