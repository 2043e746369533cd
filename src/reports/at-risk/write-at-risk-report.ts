/**
 * The at-risk report end to end after the query: workbook, CSV and PDF on disk. File names carry
 * the month and the as-of instant (`uptrends-at-risk_2025-10_as-of-2025-10-24T0000_Europe-Amsterdam.xlsx`),
 * so replays of several instants of one month sit side by side.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ReportError } from '../../errors.ts';
import { throwIfInterrupted } from '../../interruption.ts';
import { utcToLocal } from '../../time/zone-clock.ts';
import { periodSlug, zoneColumn, type ReportFormat } from '../render/report-files.ts';
import { writeCsv } from '../render/write-csv.ts';
import { DEFAULT_AT_RISK_FORMATS } from '../report-defaults.ts';
import { csvHeader, csvRow } from './burn-columns.ts';
import type { AtRiskModel } from './model.ts';
import { writeAtRiskPdf } from './render-pdf.ts';
import { writeAtRiskXlsx } from './render-xlsx.ts';

/** File name stem of the at-risk report. */
export const AT_RISK_REPORT_NAME = 'uptrends-at-risk';

/** `<name>_<month>_as-of-<local yyyy-MM-ddTHHmm>_<zone><suffix>`. */
export function atRiskFileName(model: AtRiskModel, suffix: string): string {
  const stamp = utcToLocal(model.asOf, model.period.zone).slice(0, 16).replace(':', '');
  const zone = model.period.zone.replace(/[^A-Za-z0-9_+-]+/g, '-');
  return `${AT_RISK_REPORT_NAME}_${periodSlug(model.period)}_as-of-${stamp}_${zone}${suffix}`;
}

/** Writes the requested files of the at-risk report into `outDir`; returns their paths. */
export async function writeAtRiskReport(
  model: AtRiskModel,
  options: {
    readonly outDir: string;
    readonly formats?: readonly ReportFormat[] | undefined;
    readonly signal?: AbortSignal | undefined;
  },
): Promise<string[]> {
  const formats = options.formats ?? DEFAULT_AT_RISK_FORMATS;
  try {
    await mkdir(options.outDir, { recursive: true });
    const paths: string[] = [];
    if (formats.includes('xlsx')) {
      const path = join(options.outDir, atRiskFileName(model, '.xlsx'));
      await writeAtRiskXlsx(model, path);
      paths.push(path);
    }
    throwIfInterrupted(options.signal);
    if (formats.includes('csv')) {
      const path = join(options.outDir, atRiskFileName(model, '.csv'));
      const zone = model.period.zone;
      await writeCsv(
        path,
        csvHeader(zoneColumn(zone)),
        model.services.map((s) => csvRow(s, zone)),
        options.signal,
      );
      paths.push(path);
    }
    throwIfInterrupted(options.signal);
    if (formats.includes('pdf')) {
      const path = join(options.outDir, atRiskFileName(model, '.pdf'));
      await writeAtRiskPdf(model, path);
      paths.push(path);
    }
    throwIfInterrupted(options.signal);
    return paths;
  } catch (error) {
    if (options.signal?.aborted === true) throw options.signal.reason as Error;
    throw new ReportError(
      `could not write the at-risk report: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error, context: { report: 'at-risk', outDir: options.outDir } },
    );
  }
}
