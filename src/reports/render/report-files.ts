/**
 * The files a report run writes: which formats exist, and how a file is named (report, period and
 * zone in the name, so a folder of reports sorts by period and no two runs of different periods
 * overwrite each other).
 */
import { periodShape, type ReportPeriod } from '../../time/calendar-periods.ts';
import { utcToLocal } from '../../time/zone-clock.ts';

import { REPORT_FORMATS, type ReportFormat } from '../../report-formats.ts';

export { REPORT_FORMATS, type ReportFormat };

/** The formats written when none are chosen (the PDF is asked for explicitly, or by a subscription). */
export const DEFAULT_REPORT_FORMATS: readonly ReportFormat[] = ['xlsx', 'csv'];

/** Options shared by `writeSlaReport` and `writeIncidentReport`. */
export interface WriteReportOptions {
  /** Folder to write into; created when missing. */
  readonly outDir: string;
  /** Which files to write. (Default: DEFAULT_REPORT_FORMATS, xlsx and csv) */
  readonly formats?: readonly ReportFormat[];
  /** "Now", for ongoing incidents and a running period. */
  readonly clock: () => Date;
  /** Stops the writing between files and at the next pause of a long loop (SIGINT/SIGTERM). */
  readonly signal?: AbortSignal | undefined;
}

/** File-safe period part: `2025-10`, `2025-10-01_2025-10-14`, or local start/end minutes. */
export function periodSlug(period: ReportPeriod): string {
  const shape = periodShape(period);
  if (shape.kind === 'month') return shape.month;
  if (shape.kind === 'days')
    return shape.firstDay === shape.lastDay ? shape.firstDay : `${shape.firstDay}_${shape.lastDay}`;
  const stamp = (d: Date): string => utcToLocal(d, period.zone).slice(0, 16).replace(':', '');
  return `${stamp(period.start)}_${stamp(period.end)}`;
}

/** `<report>_<period>_<zone><suffix>`, with `/` of the zone replaced by `-`. */
export function reportFileName(report: string, period: ReportPeriod, suffix: string): string {
  const zone = period.zone.replace(/[^A-Za-z0-9_+-]+/g, '-');
  return `${report}_${periodSlug(period)}_${zone}${suffix}`;
}

/**
 * The zone as part of a CSV column name (`started_local_Europe_Amsterdam`): letters, digits and
 * underscores only, so the name needs no quoting in SQL or a dataframe.
 */
export function zoneColumn(zone: string): string {
  return zone.replace(/[^A-Za-z0-9_]+/g, '_');
}
