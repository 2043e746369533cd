/**
 * The Summary sheet: what management reads. Title block, KPI tiles against the previous period,
 * groups at a glance, the five worst monitors linked to their Monitors rows, and two charts.
 */
import {
  duration,
  durationText,
  fraction,
  localText,
  localWallDate,
  pointsBetween,
} from '../render/cell-values.ts';
import { sheetTitle, statusStyle } from '../render/sheet-style.ts';
import { rowPoints, wrappedLines } from '../render/print-layout.ts';
import type { CellValue, Column, NumberFormat, SheetWriter } from '../render/workbook-writer.ts';
import type { ChartImage } from '../render/chart-png.ts';
import type { KpiTile, SlaModel } from './model-types.ts';
import { SLA_SHEETS } from './sheet-names.ts';
import { statusWord } from '../model/data-coverage.ts';
import { coverageLine } from '../model/data-coverage.ts';

const TILE_FILL = 'FFDDEBF7';
const TILES_PER_ROW = 4;

const tileFormat = (tile: KpiTile): NumberFormat =>
  tile.unit === 'percent' ? 'percent' : tile.unit === 'minutes' ? 'duration' : 'count';
/** Tiles hold percent 0-100 and minutes; cells hold fractions and days (`[h]:mm`). */
const tileValue = (tile: KpiTile, value: number | null): number | null =>
  value === null
    ? null
    : tile.unit === 'percent'
      ? fraction(value)
      : tile.unit === 'minutes'
        ? value / 1440
        : value;

/** "▲ 0.120 percentage points, better" style text: direction, size, and whether that is good. */
export function changeText(tile: KpiTile): string {
  if (tile.current === null || tile.previous === null) return 'no previous figure';
  const delta = tile.current - tile.previous;
  if (Math.abs(delta) < 1e-9) return '= unchanged';
  const better = delta > 0 === tile.higherIsBetter;
  const size =
    tile.unit === 'percent'
      ? `${Math.abs(delta).toFixed(3)} percentage points`
      : tile.unit === 'minutes'
        ? `${durationText(Math.abs(delta) * 60_000)} (h:mm)`
        : `${Math.abs(delta)}`;
  return `${delta > 0 ? '▲' : '▼'} ${size}, ${better ? 'better' : 'worse'}`;
}

function writeTiles(sheet: SheetWriter, tiles: readonly KpiTile[], firstRow: number): number {
  tiles.forEach((tile, index) => {
    const row = firstRow + Math.floor(index / TILES_PER_ROW) * 5;
    const col = 1 + (index % TILES_PER_ROW) * 2;
    sheet.cell(row, col, tile.label, { bold: true, fill: TILE_FILL });
    sheet.merge(row, col, row, col + 1);
    sheet.cell(row + 1, col, tileValue(tile, tile.current), {
      size: 18,
      bold: true,
      format: tileFormat(tile),
      align: 'left',
    });
    sheet.merge(row + 1, col, row + 1, col + 1);
    sheet.cell(row + 2, col, tile.note, { wrap: true });
    sheet.merge(row + 2, col, row + 2, col + 1);
    sheet.cell(row + 3, col, tileValue(tile, tile.previous), { format: tileFormat(tile), align: 'left' });
    sheet.cell(row + 3, col + 1, changeText(tile), { wrap: true });
    // The big number's row fits its 18 pt font; the note and the change get the lines they need.
    sheet.rowHeight(row + 1, rowPoints(1, 18) + 4);
    // A tile spans two columns of the glance table below; the change sits in the second.
    const second = GLANCE_COLUMNS[col]!.width;
    const both = GLANCE_COLUMNS[col - 1]!.width + second;
    sheet.rowHeight(row + 2, rowPoints(wrappedLines(tile.note, both)));
    sheet.rowHeight(row + 3, rowPoints(wrappedLines(changeText(tile), second)));
  });
  return firstRow + Math.ceil(tiles.length / TILES_PER_ROW) * 5;
}

const GLANCE_COLUMNS: readonly Column[] = [
  { header: 'Group', width: 28, wrap: true },
  // Wide enough for the dates of the title block above, which share this column.
  { header: 'Target', width: 18, format: 'percent' },
  { header: 'Uptime', width: 14, format: 'percent' },
  { header: 'Status', width: 14 },
  { header: 'Downtime (h:mm)', width: 14, format: 'duration' },
  { header: 'Error budget (h:mm)', width: 14, format: 'duration' },
  { header: 'Budget used', width: 14, format: 'percent1' },
  { header: 'Incidents', width: 14, format: 'count' },
  { header: 'MTTR (h:mm)', width: 14, format: 'duration' },
  { header: 'Longest (h:mm)', width: 14, format: 'duration' },
  { header: 'Change vs previous', width: 14, format: 'change' },
];

/** Characters the title block's merged text cells hold per line (columns B to K). */
const BLOCK_TEXT_WIDTH = GLANCE_COLUMNS.slice(1).reduce((sum, c) => sum + c.width, 0);

/** Charts rendered before the sheet is written (rendering is async, writing is not). */
export interface SummaryCharts {
  readonly dailyUptime: ChartImage | null;
  readonly downtimePerGroup: ChartImage | null;
}

/** Writes the Summary sheet; `monitorRows` maps monitor guid to its row on the Monitors sheet. */
export function writeSummarySheet(
  sheet: SheetWriter,
  model: SlaModel,
  monitorRows: ReadonlyMap<string, number>,
  charts: SummaryCharts,
): void {
  const zone = model.period.zone;
  sheet.title([sheetTitle('SLA report', model.period.label, zone)]);
  const block: [string, CellValue, NumberFormat?][] = [
    ['Data coverage', coverageLine(model.overall)],
    ['Period', `${localText(model.period.start, zone)} to ${localText(model.period.end, zone)} (${zone})`],
    ['Compared with', model.previousPeriod.label],
    ['Generated at (local)', localWallDate(model.generatedAt, zone), 'datetime'],
    ['Data as of (local)', localWallDate(model.dataAsOf, zone), 'datetime'],
    ['Scope', `${model.scope}: ${model.monitors.length} monitors in ${model.groups.length} groups`],
    ['Default target', fraction(model.defaultTarget.desired), 'percent'],
    ['Calculation rules', `as on the Definitions sheet (version ${model.rulesVersion})`],
  ];
  block.forEach(([label, value, format], i) => {
    sheet.cell(2 + i, 1, label, { bold: true });
    if (typeof value === 'string') {
      // Text spans the width of the tables below and wraps, so it never runs off the page.
      sheet.cell(2 + i, 2, value, { wrap: true });
      sheet.merge(2 + i, 2, 2 + i, GLANCE_COLUMNS.length);
      sheet.rowHeight(2 + i, rowPoints(wrappedLines(value, BLOCK_TEXT_WIDTH)));
    } else {
      sheet.cell(2 + i, 2, value, format === undefined ? {} : { format, align: 'left' });
    }
  });

  let row = 2 + block.length + 1;
  sheet.cell(row, 1, 'Key figures (this period, then the previous period and the change)', {
    bold: true,
    size: 12,
  });
  row = writeTiles(sheet, model.kpis, row + 1);

  sheet.cell(row, 1, 'Groups at a glance', { bold: true, size: 12 });
  const glanceRows = model.groups.map(({ group, figures: f, previous }): CellValue[] => [
    group.description,
    fraction(f.target.desired),
    fraction(f.uptime),
    statusWord(f),
    duration(f.downtimeMs),
    duration(f.errorBudgetMs),
    f.budgetUsed,
    f.incidents,
    duration(f.mttrMs),
    duration(f.longestMs),
    fraction(pointsBetween(f.uptime, previous.uptime)),
  ]);
  const glance = sheet.table(row + 1, GLANCE_COLUMNS, glanceRows, {
    autoFilter: false,
    freeze: false,
    fit: false,
  });
  model.groups.forEach((g, i) =>
    sheet.cell(glance.firstDataRow + i, 4, statusWord(g.figures), statusStyle(g.figures.status)),
  );

  row = glance.lastRow + 2;
  sheet.cell(row, 1, 'Five worst monitors (most downtime; click a name for its row)', {
    bold: true,
    size: 12,
  });
  const worstColumns: Column[] = [
    // A link does not wrap in every spreadsheet: the column fits the longest name (up to 45).
    {
      header: 'Monitor',
      width: Math.min(45, Math.max(28, ...model.worst.map((r) => r.monitor.name.length + 2))),
      wrap: true,
    },
    { header: 'Group', width: 18, wrap: true },
    { header: 'Uptime', width: 14, format: 'percent' },
    { header: 'Status', width: 14 },
    { header: 'Downtime (h:mm)', width: 14, format: 'duration' },
    { header: 'Incidents', width: 14, format: 'count' },
  ];
  const worstRows = model.worst.map((r): CellValue[] => [
    {
      text: r.monitor.name,
      sheet: SLA_SHEETS.monitors,
      cell: `B${monitorRows.get(r.monitor.monitor_guid) ?? 1}`,
    },
    r.groupNames,
    fraction(r.figures.uptime),
    statusWord(r.figures),
    duration(r.figures.downtimeMs),
    r.figures.incidents,
  ]);
  const worst = sheet.table(row + 1, worstColumns, worstRows, {
    autoFilter: false,
    freeze: false,
    fit: false,
  });
  model.worst.forEach((r, i) =>
    sheet.cell(worst.firstDataRow + i, 4, statusWord(r.figures), statusStyle(r.figures.status)),
  );
  if (model.worst.length === 0) sheet.cell(worst.firstDataRow, 1, 'No monitor had downtime in this period.');

  row = Math.max(worst.lastRow, worst.firstDataRow) + 2;
  // The charts start a printed page of their own, so neither is split by a page break.
  if (charts.dailyUptime !== null || charts.downtimePerGroup !== null) sheet.pageBreakBefore(row);
  for (const chart of [charts.dailyUptime, charts.downtimePerGroup]) {
    if (chart === null) continue;
    sheet.image(chart.png, { col: 0, row }, { width: chart.width, height: chart.height });
    // Default rows are 20 px high; leave one spare row below each chart.
    row += Math.ceil(chart.height / 20) + 1;
  }
}
