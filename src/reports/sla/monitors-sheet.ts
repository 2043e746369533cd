/**
 * The Monitors sheet (one row per monitor, a filtered range under a frozen header: the SLA overview
 * equivalent) and the Monitor groups sheet (the same figures per group).
 */
import { sheetTitle, statusStyle } from '../render/sheet-style.ts';
import { rowsOf, type SheetWriter } from '../render/workbook-writer.ts';
import {
  GROUP_COLUMNS,
  MONITOR_COLUMNS,
  printedColumnCount,
  sheetColumns,
  sheetRow,
} from './figure-columns.ts';
import type { SlaModel } from './model-types.ts';
import { SLA_SHEETS } from './sheet-names.ts';
import { statusWord } from '../render/figure-format.ts';

/** Writes the Monitors sheet; returns the row of each monitor guid (for links from the Summary). */
export async function writeMonitorsSheet(sheet: SheetWriter, model: SlaModel): Promise<Map<string, number>> {
  const start = sheet.title([
    sheetTitle(SLA_SHEETS.monitors, model.period.label, model.period.zone),
    'Both uptime figures per monitor; the Uptrends figure leads where statistics exist (see Uptime source).',
  ]);
  const columns = sheetColumns(MONITOR_COLUMNS);
  const statusColumn = columns.findIndex((c) => c.header === 'Status') + 1;
  const rows = () => rowsOf(model.monitors, (row) => sheetRow(MONITOR_COLUMNS, row));
  const placement = await sheet.streamTable(start, columns, rows, {
    // A streamed workbook (render-xlsx.ts) writes it as a filtered range.
    printColumns: printedColumnCount(MONITOR_COLUMNS),
    restyle: (index) => {
      const row = model.monitors[index]!;
      const value = statusWord(row.status, row.data_state, row.coverage);
      return [{ column: statusColumn, value, style: statusStyle(row.status) }];
    },
  });
  const rowOf = new Map<string, number>();
  model.monitors.forEach((row, index) => rowOf.set(row.monitor_guid ?? '', placement.firstDataRow + index));
  return rowOf;
}

/** Writes the Monitor groups sheet. */
export function writeGroupsSheet(sheet: SheetWriter, model: SlaModel): void {
  const start = sheet.title([
    sheetTitle(SLA_SHEETS.groups, model.period.label, model.period.zone),
    'A monitor in several groups counts in each of them.',
  ]);
  const columns = sheetColumns(GROUP_COLUMNS);
  const placement = sheet.table(
    start,
    columns,
    model.groups.map((row) => sheetRow(GROUP_COLUMNS, row)),
    { printColumns: printedColumnCount(GROUP_COLUMNS) },
  );
  const statusColumn = columns.findIndex((c) => c.header === 'Status') + 1;
  model.groups.forEach((g, i) =>
    sheet.cell(
      placement.firstDataRow + i,
      statusColumn,
      statusWord(g.status, g.data_state, g.coverage),
      statusStyle(g.status),
    ),
  );
}
