/**
 * The at-risk workbook: "Early warning" (the title block, the count per state, the services
 * breached, at risk or on watch with their budget bars, and the budget chart; one printed page
 * when few services are warned), "All services" (every monitor and group, a filtered range with a
 * frozen header for analysts) and "Definitions". The model holds every figure; this file lays it
 * out, in a streamed workbook: the rows of All services leave memory as they are written.
 */
import { renderChartPng } from '../render/chart-png.ts';
import { writeDefinitionsTable } from '../render/calculation-rules.ts';
import {
  columnLetter,
  WorkbookWriter,
  workbookBytes,
  writeWorkbookFile,
  type SheetWriter,
} from '../render/workbook-writer.ts';
import type { WorkbookSink } from '../render/streaming-workbook.ts';
import {
  BRIEF_COLUMNS,
  BURN_COLUMNS,
  sheetColumns,
  sheetRow,
  stateWord,
  type BurnColumn,
} from './burn-columns.ts';
import { budgetChart, hasBudgetChart } from './charts.ts';
import { earlyWarningDefinitions, stateRuleLine, targetRuleLine } from './early-warning-rules.ts';
import type { AtRiskModel, ServiceBurn } from './model.ts';
import { countsLine, moreLine, titleLine, timesLine } from './report-text.ts';
import type { ChartImage } from '../render/chart-png.ts';

/** Sheet names of the at-risk workbook. */
export const AT_RISK_SHEETS = {
  warning: 'Early warning',
  all: 'All services',
  definitions: 'Definitions',
} as const;

/** ARGB fill of a state cell. */
const STATE_FILL: Readonly<Record<string, string>> = {
  breached: 'FFFFC7CE',
  'at risk': 'FFFCD5B4',
  watch: 'FFFFEB9C',
  ok: 'FFC6EFCE',
  unknown: 'FFEAEEF2',
};

/**
 * Writes a table of `rows` with budget bars in its "Budget used" column; returns its last row.
 * Each row's state word goes on the colour of its state as the row is written, so a streamed
 * sheet can commit it (`commitRows`) and let it go.
 */
function burnTable(
  sheet: SheetWriter,
  startRow: number,
  columns: readonly BurnColumn[],
  rows: readonly ServiceBurn[],
  model: AtRiskModel,
  options: { readonly commitRows?: boolean } = {},
): number {
  // The state word on the colour of its state (never the colour alone).
  const state = columns.findIndex((c) => c.csv === 'state');
  const placed = sheet.table(
    startRow,
    sheetColumns(columns),
    rows.map((r) => sheetRow(columns, r, model.period.zone)),
    {
      ...options,
      restyle: (index) => {
        const r = rows[index]!;
        return state < 0
          ? []
          : [
              {
                column: state + 1,
                value: stateWord(r),
                style: { fill: STATE_FILL[r.state ?? 'unknown'], wrap: true },
              },
            ];
      },
    },
  );
  const used = columns.findIndex((c) => c.csv === 'period_budget_used_pct');
  if (used >= 0 && placed.lastRow >= placed.firstDataRow) {
    const letter = columnLetter(used + 1);
    sheet.dataBar(`${letter}${placed.firstDataRow}:${letter}${placed.lastRow}`, 1, 'FFF4A7A0');
  }
  return placed.lastRow;
}

function writeWarningSheet(sheet: SheetWriter, model: AtRiskModel, chart: ChartImage | null): void {
  let row = sheet.title([titleLine(model), timesLine(model), countsLine(model)]);
  if (model.warned.length === 0) {
    sheet.cell(row, 1, 'No service is breached, at risk or on watch.', { bold: true });
    row += 2;
  } else {
    row = burnTable(sheet, row, BRIEF_COLUMNS, model.brief, model) + 1;
    const more = moreLine(model);
    if (more !== null) row = sheet.note(row, BRIEF_COLUMNS.length, [more]);
    row += 1;
  }
  if (chart !== null) {
    sheet.image(chart.png, { col: 0, row: row - 1 }, { width: chart.width, height: chart.height });
    // Rows of 15 points are 20 pixels: the rules go under the chart.
    row += Math.ceil(chart.height / 20) + 1;
  }
  sheet.note(row, BRIEF_COLUMNS.length, [stateRuleLine(model), targetRuleLine(model)]);
}

/** The at-risk workbook as .xlsx bytes. */
export function renderAtRiskXlsx(model: AtRiskModel): Promise<Buffer> {
  return workbookBytes((sink) => fillAtRiskWorkbook(model, sink));
}

/** Writes the at-risk workbook to `path` as it is zipped (never whole in memory). */
export function writeAtRiskXlsx(model: AtRiskModel, path: string): Promise<void> {
  return writeWorkbookFile(path, (sink) => fillAtRiskWorkbook(model, sink));
}

async function fillAtRiskWorkbook(model: AtRiskModel, sink: WorkbookSink): Promise<void> {
  const chart = hasBudgetChart(model) ? await renderChartPng(budgetChart(model)) : null;
  // Streamed (docs/reports.md, "Early warning"): All services holds a row per monitor and group,
  // which in document mode cost an object per cell (180 MB at 10,000 monitors).
  const workbook = new WorkbookWriter({
    creator: 'uptrends-etl',
    created: model.generatedAt,
    footer: { report: 'SLA early warning', period: `${model.period.label} (${model.period.zone})` },
    sink,
  });
  const warning = workbook.sheet(AT_RISK_SHEETS.warning);
  const all = workbook.sheet(AT_RISK_SHEETS.all);
  const definitions = workbook.sheet(AT_RISK_SHEETS.definitions, { orientation: 'portrait' });
  writeWarningSheet(warning, model, chart);
  await warning.commit();
  const first = all.title([`${AT_RISK_SHEETS.all} - ${titleLine(model)}`, timesLine(model)]);
  // A streamed sheet holds no Excel table: a filtered range with a frozen header instead.
  burnTable(all, first, BURN_COLUMNS, model.services, model, { commitRows: true });
  // Every column of every service is too wide for one page at a readable size: printed across
  // pages with the service's name repeated, as the SLA workbook's Daily sheet, and the pages of the
  // same services one after the other, so a service's row is read on consecutive pages.
  all.printAcross(1, Number.POSITIVE_INFINITY, true);
  await all.commit();
  writeDefinitionsTable(
    definitions,
    [
      `${AT_RISK_SHEETS.definitions} - ${titleLine(model)}`,
      `Calculation rules version ${model.rulesVersion}.`,
    ],
    earlyWarningDefinitions(model),
  );
  await workbook.finish();
}
