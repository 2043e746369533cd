/**
 * The SLA workbook, sheet by sheet as the reporting guide lists them. The model holds every
 * figure; this file only orders the sheets and renders the charts.
 */
import { preloadChartRenderer, renderChartPng, type ChartImage } from '../render/chart-png.ts';
import type { WorkbookSink } from '../render/streaming-workbook.ts';
import {
  preloadWorkbookWriter,
  workbookBytes,
  WorkbookWriter,
  writeWorkbookFile,
} from '../render/workbook-writer.ts';
import { dailyUptimeChart, downtimePerGroupChart } from './charts.ts';
import { writeDailySheet, writeInfraSheet, writeTrendSheet } from './daily-sheets.ts';
import type { SlaModel } from './model-types.ts';
import { writeGroupsSheet, writeMonitorsSheet } from './monitors-sheet.ts';
import {
  writeDefinitionsSheet,
  writeMaintenanceSheet,
  writeSlaDefinitionsSheet,
} from './reference-sheets.ts';
import { SLA_SHEETS } from './sheet-names.ts';
import { writeSlaOverviewSheet } from './sla-overview-sheet.ts';
import { writeSummarySheet } from './summary-sheet.ts';

/** Options of `renderSlaXlsx`. */
export interface RenderSlaXlsxOptions {
  /** Render the Summary charts. (Default: true; tests of layout may turn them off for speed.) */
  readonly charts?: boolean;
}

/**
 * Loads the workbook and chart libraries ahead of `renderSlaXlsx`: called while the model waits
 * for its facts, their loading takes time the main thread would otherwise spend idle.
 */
export function preloadSlaXlsx(options: RenderSlaXlsxOptions = {}): void {
  if (options.charts ?? true) preloadChartRenderer();
  setImmediate(() => {
    try {
      preloadWorkbookWriter();
    } catch {
      // A failure surfaces where the workbook is written.
    }
  });
}

/** The SLA workbook as .xlsx bytes. */
export function renderSlaXlsx(model: SlaModel, options: RenderSlaXlsxOptions = {}): Promise<Buffer> {
  return workbookBytes((sink) => fillSlaWorkbook(model, options, sink));
}

/** Writes the SLA workbook to `path` as it is zipped (never whole in memory). */
export function writeSlaXlsx(
  model: SlaModel,
  path: string,
  options: RenderSlaXlsxOptions = {},
): Promise<void> {
  return writeWorkbookFile(path, (sink) => fillSlaWorkbook(model, options, sink));
}

async function fillSlaWorkbook(
  model: SlaModel,
  options: RenderSlaXlsxOptions,
  sink: WorkbookSink,
): Promise<void> {
  const wantCharts = options.charts ?? true;
  const [dailyUptime, downtimePerGroup]: (ChartImage | null)[] = wantCharts
    ? await Promise.all([
        model.daily.days.length > 0 ? renderChartPng(dailyUptimeChart(model)) : Promise.resolve(null),
        model.groups.length > 0 ? renderChartPng(downtimePerGroupChart(model)) : Promise.resolve(null),
      ])
    : [null, null];

  // Streamed: the Monitors, SLA overview and Daily sheets grow with the account, and their rows
  // leave memory as they are written (docs/reports.md, "Large accounts").
  const workbook = new WorkbookWriter({
    creator: 'uptrends-etl',
    created: model.generatedAt,
    footer: { report: 'SLA report', period: `${model.period.label} (${model.period.zone})` },
    sink,
  });
  // Sheets are added in reading order first, then filled: the Summary links need the Monitors rows.
  const summary = workbook.sheet(SLA_SHEETS.summary);
  const slaOverview = workbook.sheet(SLA_SHEETS.slaOverview);
  const groups = workbook.sheet(SLA_SHEETS.groups);
  const monitors = workbook.sheet(SLA_SHEETS.monitors);
  const daily = workbook.sheet(SLA_SHEETS.daily);
  const trend = workbook.sheet(SLA_SHEETS.trend);
  const maintenance = workbook.sheet(SLA_SHEETS.maintenance);
  const slaDefinitions = workbook.sheet(SLA_SHEETS.slaDefinitions);
  const definitions = workbook.sheet(SLA_SHEETS.definitions, { orientation: 'portrait' });
  const infra = model.infra === null ? null : workbook.sheet(SLA_SHEETS.infra);

  // Each sheet is committed when written: the next one's rows are not held behind it.
  const monitorRows = await writeMonitorsSheet(monitors, model);
  await monitors.commit();
  writeSummarySheet(summary, model, monitorRows, {
    dailyUptime: dailyUptime ?? null,
    downtimePerGroup: downtimePerGroup ?? null,
  });
  await summary.commit();
  await writeSlaOverviewSheet(slaOverview, model);
  await slaOverview.commit();
  writeGroupsSheet(groups, model);
  await groups.commit();
  await writeDailySheet(daily, model);
  await daily.commit();
  writeTrendSheet(trend, model);
  await trend.commit();
  await writeMaintenanceSheet(maintenance, model);
  await maintenance.commit();
  writeSlaDefinitionsSheet(slaDefinitions, model);
  await slaDefinitions.commit();
  writeDefinitionsSheet(definitions, model);
  await definitions.commit();
  if (infra !== null) {
    writeInfraSheet(infra, model);
    await infra.commit();
  }
  await workbook.finish();
}
