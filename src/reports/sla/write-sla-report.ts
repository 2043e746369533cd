/**
 * The SLA report end to end after the query: model, workbook, CSVs, files on disk. The CLI only
 * queries, calls this and prints the paths.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ReportError } from '../../errors.ts';
import { throwIfInterrupted } from '../../interruption.ts';
import { DEFAULT_REPORT_FORMATS, reportFileName, type WriteReportOptions } from '../render/report-files.ts';
import type { SlaModel } from './model-types.ts';
import { renderSlaCsv } from './render-csv.ts';
import { writeSlaPdf } from './render-pdf.ts';
import { writeSlaXlsx } from './render-xlsx.ts';
import { collectGarbage } from '../../heap-collection.ts';

/** File name stem of the SLA workbook. */
export const SLA_REPORT_NAME = 'uptrends-sla';

/** What `writeSlaReport` produced. */
export interface WrittenSlaReport {
  readonly model: SlaModel;
  /** The workbook's path, when xlsx was asked for. */
  readonly workbook: string | null;
  /** Every file written, workbook first. */
  readonly paths: readonly string[];
}

/** Writes the requested files of the SLA report `model` into `options.outDir`. */
export async function writeSlaReport(
  model: SlaModel,
  options: WriteReportOptions,
): Promise<WrittenSlaReport> {
  const input = model;
  const formats = options.formats ?? DEFAULT_REPORT_FORMATS;
  try {
    await mkdir(options.outDir, { recursive: true });
    // The model's queries leave their parsed rows behind as garbage (45 MB at 10,000 monitors,
    // V8 keeps it until its limit): collected before the files add theirs on top.
    collectGarbage();
    const paths: string[] = [];
    let workbook: string | null = null;
    if (formats.includes('xlsx')) {
      workbook = join(options.outDir, reportFileName(SLA_REPORT_NAME, input.period, '.xlsx'));
      await writeSlaXlsx(model, workbook);
      paths.push(workbook);
    }
    throwIfInterrupted(options.signal);
    if (formats.includes('csv')) paths.push(...(await renderSlaCsv(model, options.outDir, options.signal)));
    throwIfInterrupted(options.signal);
    if (formats.includes('pdf')) {
      const pdf = join(options.outDir, reportFileName(SLA_REPORT_NAME, input.period, '.pdf'));
      await writeSlaPdf(model, pdf);
      paths.push(pdf);
    }
    throwIfInterrupted(options.signal);
    return { model, workbook, paths };
  } catch (error) {
    if (options.signal?.aborted === true) throw options.signal.reason as Error;
    throw new ReportError(
      `could not write the SLA report: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
        context: { report: 'sla', outDir: options.outDir },
      },
    );
  }
}
