/**
 * The file formats a report can be written in: one list for the `report` commands (--format), the
 * subscriptions of the configuration file (`formats:`) and the writers (reports/render).
 */

/** Every output format, in the order files are written. */
export const REPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;

/** One output format. */
export type ReportFormat = (typeof REPORT_FORMATS)[number];
