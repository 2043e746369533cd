/**
 * The Daily sheet (monitors x local days with a red-yellow-green colour scale: the "uptime bars"
 * made of native cells), the Trend sheet (twelve months per group) and the Infra devices sheet.
 */
import { fraction, duration } from '../render/cell-values.ts';
import { columnLetter, type CellValue, type Column, type SheetWriter } from '../render/workbook-writer.ts';
import type { SlaModel } from './model-types.ts';
import { sheetTitle } from '../render/sheet-style.ts';
import { SLA_SHEETS } from './sheet-names.ts';
import { dataWord } from '../model/data-coverage.ts';

/** Name of the first Daily row: everything in scope, time-weighted. */
export const DAILY_OVERALL_ROW = 'All monitors in scope';

function dayColumns(days: readonly string[]): Column[] {
  return days.map((day) => ({ header: day, width: 7, format: 'percent1' as const, vertical: true }));
}

/** Writes the Daily sheet: uptime per monitor per local day, incident-based. */
export function writeDailySheet(sheet: SheetWriter, model: SlaModel): void {
  const start = sheet.title([
    sheetTitle(SLA_SHEETS.daily, model.period.label, model.period.zone),
    'Daily uptime (incident figure) per account-local day; empty where the monitor was not monitored.',
  ]);
  const columns: Column[] = [
    { header: 'Group', width: 22 },
    { header: 'Monitor', width: 30 },
    ...dayColumns(model.daily.days),
  ];
  const rows: CellValue[][] = [
    ['', DAILY_OVERALL_ROW, ...model.daily.overall.map(fraction)],
    ...model.daily.rows.map(({ row, values }) => [row.groupNames, row.monitor.name, ...values.map(fraction)]),
  ];
  const placement = sheet.table(start, columns, rows);
  if (model.daily.days.length > 0) {
    const range = `C${placement.firstDataRow}:${columnLetter(columns.length)}${placement.lastRow}`;
    // Red at or below 90%, yellow at the default error threshold, green at 100%.
    sheet.colorScale(
      range,
      Math.min(0.9, model.defaultTarget.error / 100),
      model.defaultTarget.error / 100,
      1,
    );
  }
}

/** Columns of the Trend sheet. */
export const TREND_COLUMNS: readonly Column[] = [
  { header: 'Group', width: 30 },
  { header: 'Month', width: 10 },
  { header: 'Uptime', width: 10, format: 'percent' },
  { header: 'Uptime source', width: 11 },
  { header: 'Downtime (h:mm)', width: 11, format: 'duration' },
  { header: 'Incidents', width: 9, format: 'count' },
  { header: 'MTTR (h:mm)', width: 9, format: 'duration' },
  { header: 'Data', width: 24 },
];

/** Writes the Trend sheet: one row per group per month, groups kept together. */
export function writeTrendSheet(sheet: SheetWriter, model: SlaModel): void {
  const first = model.trend.months[0]?.label ?? '';
  // A running period (report --to-date) ends the trend with its own "to date" month.
  const running = model.elapsedEnd.getTime() < model.period.end.getTime();
  const last = `${model.trend.months.at(-1)?.label ?? ''}${running ? ' to date' : ''}`;
  const start = sheet.title([
    sheetTitle(SLA_SHEETS.trend, `${first} to ${last}`, model.period.zone),
    'Each month computed with the same rules as the report period. A month whose data was not read is left empty and marked No data.',
  ]);
  const order = new Map<string, number>();
  model.trend.rows.forEach((r) => order.set(r.groupName, order.get(r.groupName) ?? order.size));
  const rows = [...model.trend.rows]
    .sort((a, b) => order.get(a.groupName)! - order.get(b.groupName)! || a.month.localeCompare(b.month))
    .map((r): CellValue[] => [
      r.groupName,
      r.month,
      fraction(r.uptime),
      r.noData ? null : r.uptimeSource,
      r.noData ? null : duration(r.downtimeMs),
      r.noData ? null : r.incidents,
      duration(r.mttrMs),
      dataWord(r),
    ]);
  sheet.table(start, TREND_COLUMNS, rows);
}

/** Writes the Infra devices sheet (only called when infra data exists). */
export function writeInfraSheet(sheet: SheetWriter, model: SlaModel): void {
  const infra = model.infra;
  if (infra === null) return;
  const start = sheet.title([
    sheetTitle(SLA_SHEETS.infra, model.period.label, model.period.zone),
    'Daily device uptime as reported by the Infra API; the average is the mean of the reported days.',
  ]);
  const columns: Column[] = [
    { header: 'Device', width: 30 },
    { header: 'Average', width: 10, format: 'percent' },
    ...dayColumns(infra.days),
  ];
  const rows = infra.rows.map((r): CellValue[] => [
    r.deviceName,
    fraction(r.average),
    ...r.values.map(fraction),
  ]);
  const placement = sheet.table(start, columns, rows);
  if (infra.days.length > 0 && rows.length > 0) {
    sheet.colorScale(
      `B${placement.firstDataRow}:${columnLetter(columns.length)}${placement.lastRow}`,
      0.9,
      model.defaultTarget.error / 100,
      1,
    );
  }
}
