/**
 * The incident workbook: one row per incident, a per-monitor summary, a day x hour heat map of
 * incident starts (account-local), the raw alerts when they fit, and the definitions.
 */
import { writeDefinitionsTable } from '../render/calculation-rules.ts';
import { coverageLine, figureCell } from '../render/figure-format.ts';
import type { IncidentFigure } from '../queries/figures.ts';
import type { ReportRawAlert } from '../queries/report-input.ts';
import {
  columnLetter,
  WorkbookWriter,
  workbookBytes,
  writeWorkbookFile,
  type CellValue,
} from '../render/workbook-writer.ts';
import type { WorkbookSink } from '../render/streaming-workbook.ts';
import { sheetTitle } from '../render/sheet-style.ts';
import {
  INCIDENT_COLUMNS,
  PRINTED_INCIDENT_COLUMNS,
  SUMMARY_COLUMNS,
  workbookColumns,
  workbookRow,
} from './incident-columns.ts';
import { type IncidentModel } from './model.ts';
import { WEEK_DAYS } from '../../time/week-days.ts';
import { monitorNamesOf, RAW_ALERT_COLUMNS, rawAlertRow } from './raw-alert-columns.ts';

/** Sheet names of the incident workbook, in order. */
const INCIDENT_SHEETS = {
  incidents: 'Incidents',
  perMonitor: 'Per monitor',
  heatMap: 'Heat map',
  rawAlerts: 'Raw alerts',
  definitions: 'Definitions',
} as const;

/** Raw alerts for the workbook: the rows when they fit, else where the CSV went. */
export type RawAlertsContent =
  | { readonly kind: 'rows'; readonly alerts: readonly ReportRawAlert[] }
  | { readonly kind: 'csv'; readonly fileName: string; readonly limit: number };

/** Incidents for the workbook: all, or the first ones (oldest first) with where the rest went. */
export interface IncidentRowsContent {
  /** The rows the sheet shows, oldest first. */
  readonly rows: readonly IncidentFigure[];
  /** Every incident of the period (more than `rows.length` when the sheet holds fewer than all). */
  readonly count: number;
  /** The incidents CSV holding every incident, when the sheet holds fewer than all. */
  readonly csvFileName?: string;
}

/** The incident workbook as .xlsx bytes. */
export function renderIncidentXlsx(
  model: IncidentModel,
  rawAlerts: RawAlertsContent,
  incidentRows: IncidentRowsContent,
): Promise<Buffer> {
  return workbookBytes((sink) => fillIncidentWorkbook(model, rawAlerts, incidentRows, sink));
}

/** Writes the incident workbook to `path` as it is zipped (never whole in memory). */
export function writeIncidentXlsx(
  model: IncidentModel,
  rawAlerts: RawAlertsContent,
  incidentRows: IncidentRowsContent,
  path: string,
): Promise<void> {
  return writeWorkbookFile(path, (sink) => fillIncidentWorkbook(model, rawAlerts, incidentRows, sink));
}

async function fillIncidentWorkbook(
  model: IncidentModel,
  rawAlerts: RawAlertsContent,
  incidentRows: IncidentRowsContent,
  sink: WorkbookSink,
): Promise<void> {
  const zone = model.period.zone;
  const title = (sheet: string): string => sheetTitle(sheet, model.period.label, zone);
  const workbook = new WorkbookWriter({
    creator: 'uptrends-etl',
    created: model.generatedAt,
    footer: { report: 'Incident report', period: `${model.period.label} (${zone})` },
    // Streamed: each table's rows are committed as they are written and leave memory (the Per
    // monitor sheet grows with the monitors; the Incidents and Raw alerts sheets hold up to
    // 10,000 rows each). No sheet needs an Excel table or a picture.
    sink,
  });
  const monitorNames = monitorNamesOf(model);
  const coverage = `Data coverage: ${coverageLine(model.account.alerts_data_state, model.account.alerts_coverage)}`;

  const incidents = workbook.sheet(INCIDENT_SHEETS.incidents);
  const start = incidents.title([
    title('Incidents'),
    coverage,
    `Every incident that touches the period, oldest first. Ongoing incidents run to ${model.elapsedEnd.getTime() < model.period.end.getTime() ? 'the time of generation' : 'the period end'}.`,
    ...(incidentRows.rows.length < incidentRows.count
      ? [
          `This sheet shows the first ${incidentRows.rows.length.toLocaleString('en-US')} of ${incidentRows.count.toLocaleString('en-US')} incidents; all of them are in ${incidentRows.csvFileName ?? 'the incidents CSV'} beside this workbook.`,
        ]
      : []),
  ]);
  incidents.table(
    start,
    workbookColumns(INCIDENT_COLUMNS),
    incidentRows.rows.map((r) => workbookRow(INCIDENT_COLUMNS, r, zone)),
    { printColumns: PRINTED_INCIDENT_COLUMNS, commitRows: true },
  );
  await incidents.commit();

  const perMonitor = workbook.sheet(INCIDENT_SHEETS.perMonitor);
  perMonitor.table(
    perMonitor.title([
      title('Per monitor'),
      coverage,
      'Downtime counts overlapping incidents once; MTTR uses incidents resolved in the period; ongoing means open at the end of the period.',
    ]),
    workbookColumns(SUMMARY_COLUMNS),
    model.summary.map((s) => workbookRow(SUMMARY_COLUMNS, s, zone)),
    { commitRows: true },
  );
  await perMonitor.commit();

  const heat = workbook.sheet(INCIDENT_SHEETS.heatMap);
  const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
  const heatPlacement = heat.table(
    heat.title([title('Heat map'), `Incidents started per local weekday and hour (${zone}).`]),
    [
      { header: 'Weekday', width: 12 },
      ...hours.map((h) => ({ header: h, width: 6, format: 'count' as const })),
      { header: 'Total', width: 8, format: 'count' },
    ],
    model.heatMap.map((day, index): CellValue[] => [
      WEEK_DAYS[index]!,
      ...day.hours.map((n) => figureCell('count', n)),
      figureCell('count', day.total),
    ]),
    { autoFilter: false },
  );
  heat.heatScale(`B${heatPlacement.firstDataRow}:${columnLetter(25)}${heatPlacement.lastRow}`);
  await heat.commit();

  const raw = workbook.sheet(INCIDENT_SHEETS.rawAlerts);
  const rawStart = raw.title([
    title('Raw alerts'),
    rawAlerts.kind === 'rows'
      ? 'Every alert of the period (Error, Reminder, Ok), oldest first, for filtering on screen.'
      : `More than ${rawAlerts.limit} alerts: they are in ${rawAlerts.fileName} beside this workbook.`,
    ...(rawAlerts.kind === 'rows'
      ? ['Only this title prints: the incidents are on the Incidents sheet.']
      : []),
  ]);
  if (rawAlerts.kind === 'rows') {
    raw.table(
      rawStart,
      workbookColumns(RAW_ALERT_COLUMNS),
      rawAlerts.alerts.map((a) => workbookRow(RAW_ALERT_COLUMNS, rawAlertRow(a, monitorNames), zone)),
      { maxLines: 3, commitRows: true },
    );
  }
  // Thousands of alerts would print as dozens of pages: the title block prints, the rows do not.
  raw.printTitleOnly(rawStart - 2);
  await raw.commit();

  const definitions = workbook.sheet(INCIDENT_SHEETS.definitions, { orientation: 'portrait' });
  writeDefinitionsTable(definitions, [
    title('Definitions'),
    `Calculation rules version ${model.rulesVersion}. Time zone: ${zone}.`,
  ]);
  await workbook.finish();
}
