/**
 * Output formats of the report commands (`--format xlsx,csv`).
 */

/** Every output format, in the order files are written. */
export const REPORT_FORMATS = ['xlsx', 'csv'] as const;

/** One output format. */
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Options shared by `writeSlaReport` and `writeIncidentReport`. */
export interface WriteReportOptions {
  /** Folder to write into; created when missing. */
  readonly outDir: string;
  /** Which files to write. (Default: ['xlsx', 'csv']) */
  readonly formats?: readonly ReportFormat[];
  /** "Now", for ongoing incidents and a running period. */
  readonly clock: () => Date;
}
