/**
 * The incident report end to end after the query: model, workbook, CSVs. Raw alerts go into the
 * workbook when there are at most `rawAlertRowLimit` of them (a sheet of more is no use to read),
 * else only into a streamed CSV beside it. Incidents are read once, in pages,
 * into the incidents CSV; the workbook shows the first `incidentRowLimit` of them.
 */
import { mkdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ReportError } from '../../errors.ts';
import { throwIfInterrupted } from '../../interruption.ts';
import { DEFAULT_REPORT_FORMATS, reportFileName, type WriteReportOptions } from '../render/report-files.ts';
import type { ReportRawAlert } from '../queries/report-input.ts';
import type { IncidentModel } from './model.ts';
import { monitorNamesOf } from './raw-alert-columns.ts';
import { writeIncidentSummaryCsv, writeIncidentsCsv, writeRawAlertsCsv } from './render-csv.ts';
import { IncidentDigester } from './incident-digest.ts';
import { writeIncidentPdf } from './render-pdf.ts';
import { writeIncidentXlsx, type RawAlertsContent } from './render-xlsx.ts';

/** File name stem of the incident workbook. */
export const INCIDENT_REPORT_NAME = 'uptrends-incidents';

import { DEFAULT_INCIDENT_ROW_LIMIT, DEFAULT_RAW_ALERT_ROW_LIMIT } from '../report-defaults.ts';

export { DEFAULT_RAW_ALERT_ROW_LIMIT };

/** Options of `writeIncidentReport`. */
export interface WriteIncidentReportOptions extends WriteReportOptions {
  /** Most raw alerts put in the workbook; more go to a CSV only. (Default: 10,000) */
  readonly rawAlertRowLimit?: number;
  /** Most incidents put in the workbook; all are always in the incidents CSV. (Default: 10,000) */
  readonly incidentRowLimit?: number;
}

/** What `writeIncidentReport` produced. */
export interface WrittenIncidentReport {
  readonly model: IncidentModel;
  readonly workbook: string | null;
  /** True when the raw alerts did not fit in the workbook and went to the CSV only. */
  readonly rawAlertsInCsvOnly: boolean;
  readonly paths: readonly string[];
}

/** Reads at most `limit + 1` alerts; stopping early closes the query's iterator (its cursor). */
async function firstAlerts(alerts: AsyncIterable<ReportRawAlert>, limit: number): Promise<ReportRawAlert[]> {
  const taken: ReportRawAlert[] = [];
  for await (const alert of alerts) {
    taken.push(alert);
    if (taken.length > limit) break;
  }
  return taken;
}

/** Writes the requested files of the incident report `model` into `options.outDir`. */
export async function writeIncidentReport(
  model: IncidentModel,
  options: WriteIncidentReportOptions,
): Promise<WrittenIncidentReport> {
  const input = model;
  const formats = options.formats ?? DEFAULT_REPORT_FORMATS;
  const limit = options.rawAlertRowLimit ?? DEFAULT_RAW_ALERT_ROW_LIMIT;
  const csvPath = (name: string): string => join(options.outDir, reportFileName(name, input.period, '.csv'));
  const alertsCsv = csvPath('uptrends-alerts');
  try {
    await mkdir(options.outDir, { recursive: true });
    const paths: string[] = [];
    let workbook: string | null = null;
    let rawAlertsInCsvOnly = false;
    const incidentLimit = options.incidentRowLimit ?? DEFAULT_INCIDENT_ROW_LIMIT;
    const incidentsCsv = csvPath(INCIDENT_REPORT_NAME);
    // One read of the incidents: the CSV is written as they come, and the digest keeps what the
    // workbook and the PDF show. Over the limit, the incidents CSV is kept even when only the
    // workbook was asked for; so it is written in that read whenever the workbook is, and removed
    // when every incident fits the sheet.
    const digester = new IncidentDigester(incidentLimit);
    const csvWritten = formats.includes('csv') || formats.includes('xlsx');
    if (csvWritten) {
      const rows = digester.through(model.incidents());
      await writeIncidentsCsv(rows, input.period.zone, incidentsCsv, options.signal);
    } else {
      for await (const row of model.incidents()) digester.add(row);
    }
    const incidents = digester.digest();
    const incidentsInCsv = formats.includes('xlsx') && incidents.count > incidentLimit;
    if (csvWritten && !formats.includes('csv') && !incidentsInCsv) await rm(incidentsCsv, { force: true });
    throwIfInterrupted(options.signal);
    if (formats.includes('xlsx')) {
      const first = await firstAlerts(input.rawAlerts(), limit);
      rawAlertsInCsvOnly = first.length > limit;
      const content: RawAlertsContent = rawAlertsInCsvOnly
        ? { kind: 'csv', fileName: basename(alertsCsv), limit }
        : { kind: 'rows', alerts: first };
      workbook = join(options.outDir, reportFileName(INCIDENT_REPORT_NAME, input.period, '.xlsx'));
      await writeIncidentXlsx(
        model,
        content,
        { rows: incidents.first, count: incidents.count, csvFileName: basename(incidentsCsv) },
        workbook,
      );
      paths.push(workbook);
    }
    throwIfInterrupted(options.signal);
    if (formats.includes('csv') || incidentsInCsv) paths.push(incidentsCsv);
    if (formats.includes('csv')) {
      const summary = csvPath('uptrends-incidents-summary');
      await writeIncidentSummaryCsv(model, summary, options.signal);
      paths.push(summary);
    }
    throwIfInterrupted(options.signal);
    if (formats.includes('pdf')) {
      const pdf = join(options.outDir, reportFileName(INCIDENT_REPORT_NAME, input.period, '.pdf'));
      await writeIncidentPdf(model, incidents, pdf);
      paths.push(pdf);
    }
    throwIfInterrupted(options.signal);
    if (formats.includes('csv') || rawAlertsInCsvOnly) {
      const names = monitorNamesOf(model);
      await writeRawAlertsCsv(input.rawAlerts(), names, input.period.zone, alertsCsv, options.signal);
      paths.push(alertsCsv);
    }
    throwIfInterrupted(options.signal);
    return { model, workbook, rawAlertsInCsvOnly, paths };
  } catch (error) {
    if (options.signal?.aborted === true) throw options.signal.reason as Error;
    throw new ReportError(
      `could not write the incident report: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
        context: { report: 'incidents', outDir: options.outDir },
      },
    );
  }
}
