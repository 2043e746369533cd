/**
 * The defaults and limits of reporting, in a module that loads no library (only root constants), so
 * the CLI's help can state them from the same constants the reports use without loading the
 * reporting libraries.
 */

/** The two reports of a period. */
export const REPORT_KINDS = ['sla', 'incidents'] as const;

/** Files of the at-risk report when none are chosen: the workbook and the one-page PDF. */
export const DEFAULT_AT_RISK_FORMATS = ['xlsx', 'pdf'] as const;

export { DEFAULT_AT_RISK_WITHIN_DAYS } from '../terms.ts';

/** Default output folder of the report files. */
export const DEFAULT_REPORT_DIR = './reports';

/** Default SLA target in percent for monitors and groups without a statistics or group SLA. */
export const DEFAULT_SLA_TARGET = 99.9;

/** Default most raw alerts written into the workbook. */
// A sheet to read, not an export (every raw alert is in the CSV). When workbooks were built in
// exceljs's document mode a row cost ~12 KB: a year of alerts at 50,000 measured 1.3 GB RSS.
export const DEFAULT_RAW_ALERT_ROW_LIMIT = 10_000;

/**
 * Most incidents written into the incident workbook; all of them are always in the incidents CSV.
 * A month with 333,000 incidents (a flapping monitor) ran out of memory at 4.7 GB (exceljs's
 * document mode, issue 17 #9) before this bound; the streamed sheet keeps it as a sheet to read.
 */
export const DEFAULT_INCIDENT_ROW_LIMIT = 10_000;

/** Default limit on the total size of attachments: 15 MB (about 21 MB once base64-encoded). */
export const DEFAULT_MAX_ATTACHMENT_BYTES = 15 * 1024 * 1024;
