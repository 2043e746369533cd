/**
 * The Daily sheet (monitors x local days with a red-yellow-green colour scale: the "uptime bars"
 * made of native cells), the Trend sheet (twelve months per group) and the Infra devices sheet.
 */
import {
  columnLetter,
  rowsOf,
  type CellValue,
  type Column,
  type SheetWriter,
} from '../render/workbook-writer.ts';
import { dataWord, figureCell } from '../render/figure-format.ts';
import type { Figure } from '../queries/figures.ts';
import type { DailyFigure, SlaModel } from './model-types.ts';
import type { DailyDays } from './daily-matrix.ts';
import { sheetTitle } from '../render/sheet-style.ts';
import { SLA_SHEETS } from './sheet-names.ts';
import { ACCOUNT_ROW_NAME, trendMonthKey } from './model.ts';

/** The Daily sheet's value of a day: the incident uptime, empty without data for that day. */
export const dailyValue = (day: DailyFigure | null): number | null => day?.incident_uptime_percentage ?? null;

function dayColumns(days: readonly string[]): Column[] {
  return days.map((day) => ({ header: day, width: 7, format: 'percent1' as const, vertical: true }));
}

/** Writes the Daily sheet: uptime per monitor per local day, incident-based. */
export async function writeDailySheet(sheet: SheetWriter, model: SlaModel): Promise<void> {
  const start = sheet.title([
    sheetTitle(SLA_SHEETS.daily, model.period.label, model.period.zone),
    'Daily uptime (incident figure) per account-local day; empty where the monitor was not monitored or the day was not read.',
  ]);
  const columns: Column[] = [
    { header: 'Group', width: 20, maxWidth: 26 },
    { header: 'Monitor', width: 28, maxWidth: 34 },
    ...dayColumns(model.daily.days),
  ];
  const dayCells = (days: DailyDays): CellValue[] =>
    Array.from({ length: days.length }, (_, i) => figureCell('percent', dailyValue(days.at(i))));
  function* rows(): Generator<readonly CellValue[]> {
    yield ['', ACCOUNT_ROW_NAME, ...dayCells(model.daily.account)];
    yield* rowsOf(model.daily.rows, ({ monitor, days }) => [
      monitor.group_names,
      monitor.name,
      ...dayCells(days),
    ]);
  }
  const placement = await sheet.streamTable(start, columns, rows);
  // Group and monitor on every page, the days across as many pages as they need at full size.
  sheet.printAcross(2);
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
  { header: 'Data', width: 24, wrap: true },
];

/** The Trend rows in sheet order: each group's months together (the account first), oldest first. */
export function trendTable(model: SlaModel): { group: string; month: string; figure: Figure | null }[] {
  const names = [ACCOUNT_ROW_NAME, ...model.groups.map((g) => g.name)];
  const keyOf = (f: Figure): string => (f.grain === 'account' ? ACCOUNT_ROW_NAME : f.name);
  const byKey = new Map(model.trend.rows.map((r) => [`${keyOf(r.figure)}|${r.month}`, r.figure]));
  return names.flatMap((group) =>
    model.trend.months.map((period) => {
      const month = trendMonthKey(period);
      return { group, month, figure: byKey.get(`${group}|${month}`) ?? null };
    }),
  );
}

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
  const rows = trendTable(model).map(({ group, month, figure: f }): CellValue[] => {
    const known = f !== null && f.data_state !== 'no data';
    return [
      group,
      month,
      figureCell('percent', f?.uptime_percentage ?? null),
      known ? (f.uptime_source === 'statistics' ? 'Statistics' : 'Incidents') : null,
      known ? figureCell('duration', f.incident_downtime_seconds) : null,
      known ? f.incidents_started : null,
      figureCell('duration', f?.mttr_seconds ?? null),
      dataWord(f?.data_state ?? null, f?.coverage ?? null),
    ];
  });
  sheet.table(start, TREND_COLUMNS, rows);
}

/** Writes the Infra devices sheet (only called when infra data exists). */
export function writeInfraSheet(sheet: SheetWriter, model: SlaModel): void {
  const infra = model.infra;
  if (infra === null) return;
  const start = sheet.title([
    sheetTitle(SLA_SHEETS.infra, model.period.label, model.period.zone),
    'Daily device uptime as reported by the Infra API; the period figure weights each reported day by its length. No data: the device reported nothing.',
  ]);
  const columns: Column[] = [
    { header: 'Device', width: 30 },
    { header: 'Period', width: 10, format: 'percent' },
    ...dayColumns(infra.days),
  ];
  const rows = infra.rows.map((r): CellValue[] => [
    r.deviceName,
    r.daysWithData === 0 ? 'No data' : figureCell('percent', r.uptime),
    ...r.values.map((v) => figureCell('percent', v)),
  ]);
  const placement = sheet.table(start, columns, rows);
  sheet.printAcross(2);
  if (infra.days.length > 0 && rows.length > 0) {
    sheet.colorScale(
      `B${placement.firstDataRow}:${columnLetter(columns.length)}${placement.lastRow}`,
      0.9,
      model.defaultTarget.error / 100,
      1,
    );
  }
}
