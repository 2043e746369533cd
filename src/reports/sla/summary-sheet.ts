/**
 * The Summary sheet: what management reads. Title block, KPI tiles against the previous period,
 * groups at a glance, the five worst monitors linked to their Monitors rows, and two charts.
 */
import { localText, localWallDate } from '../render/cell-values.ts';
import {
  comparisonText,
  coverageLine,
  figureCell,
  figureText,
  statusWord,
  UNIT_FORMAT,
} from '../render/figure-format.ts';
import { sheetTitle, statusStyle } from '../render/sheet-style.ts';
import { rowPoints, wrappedLines } from '../render/print-layout.ts';
import type { CellValue, Column, NumberFormat, SheetWriter } from '../render/workbook-writer.ts';
import type { ChartImage } from '../render/chart-png.ts';
import type { Figure } from '../queries/figures.ts';
import { FIGURE_COLUMNS } from './figure-columns.ts';
import { buildKpiTiles, type KpiTile } from './kpi-tiles.ts';
import type { SlaModel } from './model-types.ts';
import { SLA_SHEETS } from './sheet-names.ts';
import { slaBasedOnText } from './sla-overview-text.ts';

const TILE_FILL = 'FFDDEBF7';
const TILES_PER_ROW = 4;

const tileFormat = (tile: KpiTile): NumberFormat | undefined => UNIT_FORMAT[tile.unit];

/** The tile's comparison with the previous period, as figure-format words it. */
function tileChange(tile: KpiTile, model: SlaModel): string {
  return comparisonText({
    unit: tile.unit,
    current: tile.current,
    previous: tile.previous,
    currentState: model.account.data_state,
    previousState: model.accountPrevious.data_state,
    previousCoverage: model.accountPrevious.coverage,
    higherIsBetter: tile.higherIsBetter,
    change: tile.key === 'uptime' ? model.account.change_pp : undefined,
  });
}

function writeTiles(sheet: SheetWriter, model: SlaModel, firstRow: number): number {
  const tiles = buildKpiTiles(model.account, model.accountPrevious);
  tiles.forEach((tile, index) => {
    const row = firstRow + Math.floor(index / TILES_PER_ROW) * 5;
    const col = 1 + (index % TILES_PER_ROW) * 2;
    sheet.cell(row, col, tile.label, { bold: true, fill: TILE_FILL });
    sheet.merge(row, col, row, col + 1);
    sheet.cell(row + 1, col, figureCell(tile.unit, tile.current), {
      size: 18,
      bold: true,
      format: tileFormat(tile),
      align: 'left',
    });
    sheet.merge(row + 1, col, row + 1, col + 1);
    sheet.cell(row + 2, col, tile.note, { wrap: true });
    sheet.merge(row + 2, col, row + 2, col + 1);
    sheet.cell(row + 3, col, figureCell(tile.unit, tile.previous), {
      format: tileFormat(tile),
      align: 'left',
    });
    sheet.cell(row + 3, col + 1, tileChange(tile, model), { wrap: true });
    // The big number's row fits its 18 pt font; the note and the change get the lines they need.
    sheet.rowHeight(row + 1, rowPoints(1, 18) + 4);
    // A tile spans two columns of the glance table below; the change sits in the second.
    const second = GLANCE_COLUMNS[col]!.width;
    const both = GLANCE_COLUMNS[col - 1]!.width + second;
    sheet.rowHeight(row + 2, rowPoints(wrappedLines(tile.note, both)));
    sheet.rowHeight(row + 3, rowPoints(wrappedLines(tileChange(tile, model), second)));
  });
  return firstRow + Math.ceil(tiles.length / TILES_PER_ROW) * 5;
}

/** The figure columns of "Groups at a glance", by CSV name (their one definition). */
const GLANCE_FIGURES = [
  'target_pct',
  'uptime_pct',
  'status',
  'downtime_min',
  'error_budget_min',
  'budget_used_pct',
  'incidents',
  'mttr_min',
  'longest_min',
  'change_pp',
].map((csv) => FIGURE_COLUMNS.find((c) => c.csv === csv)!);

const GLANCE_COLUMNS: readonly Column[] = [
  { header: 'Group', width: 28, wrap: true },
  // Wide enough for the dates of the title block above, which share this column.
  ...GLANCE_FIGURES.map((c, i) => ({
    header: c.header,
    width: i === 0 ? 18 : 14,
    format: UNIT_FORMAT[c.unit],
    wrap: c.unit === 'text' ? true : undefined,
  })),
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
    ['Data coverage', coverageLine(model.account.data_state, model.account.coverage)],
    ['Period', `${localText(model.period.start, zone)} to ${localText(model.period.end, zone)} (${zone})`],
    ['Compared with', `${model.previousPeriod.label} (${previousData(model.accountPrevious)})`],
    ['Generated at (local)', localWallDate(model.generatedAt, zone), 'datetime'],
    ['Data as of (local)', localWallDate(model.dataAsOf, zone), 'datetime'],
    ['Scope', `${model.scope}: ${model.monitors.length} monitors in ${model.groups.length} groups`],
    ['Default target', figureCell('percent', model.defaultTarget.desired), 'percent'],
    ['SLA based on', slaBasedOnText(model)],
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
  row = writeTiles(sheet, model, row + 1);

  sheet.cell(row, 1, 'Groups at a glance', { bold: true, size: 12 });
  const glanceRows = model.groups.map((g): CellValue[] => [
    g.name,
    ...GLANCE_FIGURES.map((c) => figureCell(c.unit, c.value(g))),
  ]);
  const glance = sheet.table(row + 1, GLANCE_COLUMNS, glanceRows, {
    autoFilter: false,
    freeze: false,
    fit: false,
  });
  model.groups.forEach((g, i) =>
    sheet.cell(
      glance.firstDataRow + i,
      4,
      statusWord(g.status, g.data_state, g.coverage),
      statusStyle(g.status),
    ),
  );

  row = glance.lastRow + 2;
  // The five worst start a printed page: below seven or more groups they were split across two.
  sheet.pageBreakBefore(row);
  sheet.cell(row, 1, 'Five worst monitors (lowest uptime; click a name for its row)', {
    bold: true,
    size: 12,
  });
  const worstColumns: Column[] = [
    // A link does not wrap in every spreadsheet: the column fits the longest name (up to 45).
    {
      header: 'Monitor',
      width: Math.min(45, Math.max(28, ...model.worst.map((r) => r.name.length + 2))),
      wrap: true,
    },
    { header: 'Group', width: 18, wrap: true },
    { header: 'Uptime', width: 14, format: 'percent' },
    { header: 'Status', width: 14 },
    { header: 'Downtime (h:mm)', width: 14, format: 'duration' },
    { header: 'Incidents', width: 14, format: 'count' },
  ];
  const worstRows = model.worst.map((r): CellValue[] => [
    { text: r.name, sheet: SLA_SHEETS.monitors, cell: `B${monitorRows.get(r.monitor_guid ?? '') ?? 1}` },
    r.group_names,
    figureCell('percent', r.uptime_percentage),
    statusWord(r.status, r.data_state, r.coverage),
    figureCell('duration', r.incident_downtime_seconds),
    r.incidents_started,
  ]);
  const worst = sheet.table(row + 1, worstColumns, worstRows, {
    autoFilter: false,
    freeze: false,
    fit: false,
  });
  model.worst.forEach((r, i) =>
    sheet.cell(
      worst.firstDataRow + i,
      4,
      statusWord(r.status, r.data_state, r.coverage),
      statusStyle(r.status),
    ),
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

/** The previous period's data in words, beside "Compared with". */
function previousData(previous: Figure): string {
  if (previous.data_state === 'complete') return 'complete';
  if (previous.data_state === 'incomplete')
    return `incomplete: ${figureText('coverage', previous.coverage)} read, so no change is shown against it`;
  return 'no data: nothing of it was read, so no change is shown';
}
