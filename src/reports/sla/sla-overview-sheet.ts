/**
 * The SLA overview sheet: Uptrends' SLA overview, in its column order and words, once per SLA
 * definition (every definition of the account: Uptrends computes each for every monitor), the
 * account's row under its monitors and the exclusion periods that applied listed beneath. Figures
 * come from `uptrends.sla_figures` through the model; a figure without statistics says so in its
 * cell, never 0.
 */
import {
  rowsOf,
  type CellStyle,
  type Column,
  type CellValue,
  type SheetWriter,
} from '../render/workbook-writer.ts';
import { sheetTitle, statusStyle } from '../render/sheet-style.ts';
import type { SlaOverviewFigure, SlaOverviewSection } from '../queries/sla-overview.ts';
import type { SlaModel } from './model-types.ts';
import { rowPoints, wrappedLines } from '../render/print-layout.ts';
import { SLA_SHEETS } from './sheet-names.ts';

/** Uptrends' SLA overview columns, in its order, each with its unit. */
export const SLA_OVERVIEW_COLUMNS: readonly Column[] = [
  { header: 'Monitor', width: 28 },
  { header: 'SLA target uptime', width: 11, format: 'percent' },
  { header: 'SLA uptime', width: 11, format: 'percent' },
  { header: 'SLA target total time (s)', width: 12, format: 'decimal' },
  { header: 'SLA total time (s)', width: 12, format: 'decimal' },
  { header: 'SLA operator response time target (min)', width: 14, format: 'minutes' },
  { header: 'SLA operator response time (min)', width: 14, format: 'minutes' },
  { header: 'Confirmed errors', width: 10, format: 'count' },
  { header: 'Downtime (min)', width: 11, format: 'minutes' },
  { header: 'Downtime %', width: 10, format: 'percent' },
  { header: 'Uptime status', width: 14 },
  { header: 'Total time status', width: 12 },
  { header: 'Response time status', width: 12 },
  { header: 'Excluded (h)', width: 10, format: 'hours' },
  { header: 'Uptime % (incidents)', width: 12, format: 'percent' },
  { header: 'Coverage', width: 10, format: 'percent1' },
];

const fraction = (p: number | null): number | null => (p === null ? null : p / 100);

/** The word of a met/warning/error status; without one, why (never colour alone). */
export function overviewStatusWord(status: string | null, dataState: string | null): string {
  if (status === 'met') return 'Met';
  if (status === 'warning') return 'Warning';
  if (status === 'error') return 'Error';
  return dataState === 'no data' ? 'No data' : 'Incomplete data';
}

/** A load-time or response-time verdict: Met, Error, or what is missing. */
function verdict(
  status: string | null,
  value: number | null,
  threshold: number | null,
  missing: string,
): string {
  if (threshold === null) return 'No target';
  if (value === null) return missing;
  return status === 'met' ? 'Met' : 'Error';
}

/** What a missing load or response time means, said in its cell. */
function missingTotalTime(f: SlaOverviewFigure): string {
  return (f.statistics_buckets ?? 0) === 0 ? 'no statistics' : 'no load times';
}
function missingResponseTime(f: SlaOverviewFigure): string {
  return (f.statistics_buckets ?? 0) === 0 ? 'no statistics' : 'no alerts';
}

/** The CSV header of the overview (uptrends-sla-overview.csv), in the sheet's order. */
export const SLA_OVERVIEW_CSV_HEADER = [
  'sla_guid',
  'sla_name',
  'grain',
  'monitor_guid',
  'monitor_name',
  'sla_target_uptime_pct',
  'sla_uptime_pct',
  'sla_target_total_time_s',
  'sla_total_time_s',
  'sla_operator_response_time_target_min',
  'sla_operator_response_time_min',
  'confirmed_errors',
  'downtime_min',
  'downtime_pct',
  'uptime_status',
  'total_time_status',
  'response_time_status',
  'excluded_h',
  'uptime_incidents_pct',
  'data_coverage_pct',
];

const rounded = (value: number | null, decimals: number): number | null =>
  value === null ? null : Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * One CSV row: the sheet's figures rounded as the sheet shows them (percentages 0-100 to 3
 * decimals, seconds to 3, minutes and hours to 1); a missing figure is empty, and its status column
 * says why.
 */
export function slaOverviewCsvRow(f: SlaOverviewFigure): (string | number | null)[] {
  const cells = slaOverviewCells(f);
  const number = (i: number): number | null => (typeof cells[i] === 'number' ? cells[i] : null);
  return [
    f.sla_guid,
    f.sla_name,
    f.grain,
    f.monitor_guid,
    f.name,
    rounded(f.uptime_warning_threshold, 3),
    rounded(f.sla_uptime_percentage, 3),
    rounded(number(3), 3),
    rounded(number(4), 3),
    rounded(number(5), 1),
    rounded(number(6), 1),
    f.confirmed_errors,
    rounded(number(8), 1),
    rounded(f.downtime_percentage, 3),
    cells[10] as string,
    cells[11] as string,
    cells[12] as string,
    rounded(number(13), 1),
    rounded(f.incident_uptime_percentage, 3),
    f.coverage === null ? null : rounded(f.coverage * 100, 1),
  ];
}

/** One row of the overview, as the sheet shows it (the CSV writes the raw figures). */
export function slaOverviewCells(f: SlaOverviewFigure): CellValue[] {
  // Ten decimals, far below what the formats show: a binary remainder such as 6.669999999999999
  // never reaches a cell, nor a long tail a reader would take for one (the demo-readable scan).
  return overviewRow(f).map((v) => (typeof v === 'number' ? Number(v.toFixed(10)) : v));
}

function overviewRow(f: SlaOverviewFigure): CellValue[] {
  return [
    f.name,
    fraction(f.uptime_warning_threshold),
    fraction(f.sla_uptime_percentage),
    f.total_time_threshold ?? 'none set',
    f.average_total_time ?? missingTotalTime(f),
    f.operator_response_time_threshold ?? 'none set',
    f.operator_response_time ?? missingResponseTime(f),
    f.confirmed_errors,
    f.downtime_seconds === null ? null : f.downtime_seconds / 60,
    fraction(f.downtime_percentage),
    overviewStatusWord(f.status, f.data_state),
    verdict(f.total_time_status, f.average_total_time, f.total_time_threshold, missingTotalTime(f)),
    verdict(
      f.operator_response_status,
      f.operator_response_time,
      f.operator_response_time_threshold,
      missingResponseTime(f),
    ),
    f.excluded_seconds === null ? null : f.excluded_seconds / 3600,
    fraction(f.incident_uptime_percentage),
    f.coverage,
  ];
}

/** The report's status word (and so its colour) for Uptrends' three levels. */
export const OVERVIEW_FILL: Readonly<Record<string, string>> = {
  met: 'Met',
  warning: 'At risk',
  error: 'Missed',
};

/** The heading of a definition's block: "SLA based on: NAME". */
export function sectionHeading(s: SlaOverviewSection): string {
  return `SLA based on: ${s.slaName}`;
}

/** The thresholds of a definition's block, beside its heading. */
export function sectionThresholds(s: SlaOverviewSection): string {
  const f = s.account ?? s.monitors[0];
  if (f === undefined) return '';
  return [
    `desired uptime ${f.uptime_warning_threshold ?? '-'} %, error below ${f.uptime_error_threshold ?? '-'} %`,
    f.total_time_threshold === null ? 'no load time target' : `load time ${f.total_time_threshold} s`,
    f.operator_response_time_threshold === null
      ? 'no response time target'
      : `operator response ${f.operator_response_time_threshold} min`,
  ].join('; ');
}

/** The exclusion periods of a block, one line each (or that none applied). */
export function exclusionLines(s: SlaOverviewSection): string[] {
  if (s.exclusions.length === 0) return ['Exclusion periods that applied: none.'];
  return [
    'Exclusion periods that applied (account time; left out of SLA uptime, downtime and confirmed errors):',
    ...s.exclusions.map(
      (e) =>
        `${e.fromLocal} to ${e.untilLocal}: ${e.description === '' ? '(no description)' : e.description} (${(
          e.seconds / 3600
        ).toFixed(1)} h in the period)`,
    ),
  ];
}

/**
 * Columns the sheet's text (explanation, block headings, exclusion notes) spans: those that print
 * on the first page of the two the sheet is wide (Monitor to Confirmed errors, with room for a
 * widened Monitor column), so no line runs across the page edge.
 */
const TEXT_COLUMNS = 8;
const TEXT_WIDTH = SLA_OVERVIEW_COLUMNS.slice(0, TEXT_COLUMNS).reduce((sum, c) => sum + (c.width ?? 10), 0);

/** Writes the SLA overview sheet: one block per definition. */
export async function writeSlaOverviewSheet(sheet: SheetWriter, model: SlaModel): Promise<void> {
  sheet.title([sheetTitle(SLA_SHEETS.slaOverview, model.period.label, model.period.zone)]);
  let row =
    sheet.note(2, TEXT_COLUMNS, [
      'As the Uptrends SLA overview: every SLA definition for every monitor, after its exclusion periods. SLA uptime from the Uptrends statistics (every confirmed error); Uptime % (incidents) from the alerts beside it.',
    ]) + 1;
  if (model.slaOverview.length === 0) {
    sheet.note(row, TEXT_COLUMNS, ['The account has no SLA definition.']);
    return;
  }
  for (const [index, section] of model.slaOverview.entries()) {
    // Each definition on its own printed page; the first block's header (the same columns for
    // every block) repeats on every page.
    if (index > 0) sheet.pageBreakBefore(row);
    // The name in column A, which prints on both pages of the block (the thresholds beside it
    // print on the left one).
    const heading = sectionHeading(section);
    const thresholds = sectionThresholds(section);
    sheet.cell(row, 1, heading, { bold: true, size: 12, wrap: true });
    sheet.cell(row, 2, thresholds, { wrap: true });
    sheet.merge(row, 2, row, TEXT_COLUMNS);
    // A bold 12 pt character is about 1.3 width units.
    sheet.rowHeight(
      row,
      Math.max(
        rowPoints(wrappedLines(heading, (SLA_OVERVIEW_COLUMNS[0]!.width ?? 28) / 1.3), 12),
        rowPoints(wrappedLines(thresholds, TEXT_WIDTH - (SLA_OVERVIEW_COLUMNS[0]!.width ?? 28))),
      ),
    );
    const rows = [...section.monitors, ...(section.account === null ? [] : [section.account])];
    const placement = await sheet.streamTable(
      row + 1,
      SLA_OVERVIEW_COLUMNS,
      () => rowsOf(rows, slaOverviewCells),
      {
        freeze: index === 0,
        autoFilter: false,
        restyle: (i) => {
          const f = rows[i]!;
          const extra: { column: number; value: CellValue; style: CellStyle }[] = [
            {
              column: 11,
              value: overviewStatusWord(f.status, f.data_state),
              style: statusStyle(OVERVIEW_FILL[f.status ?? ''] ?? null),
            },
          ];
          if (f.grain === 'account') extra.push({ column: 1, value: f.name, style: { bold: true } });
          // A word in a number column ("no alerts") sits at the right like the numbers: left-aligned
          // it touched the number of the column before ("30.0no alerts") when printed.
          slaOverviewCells(f).forEach((value, c) => {
            if (typeof value === 'string' && SLA_OVERVIEW_COLUMNS[c]?.format !== undefined)
              extra.push({ column: c + 1, value, style: { align: 'right' } });
          });
          return extra;
        },
      },
    );
    // In column A, wrapped: it prints whole on both pages of the block (merged wider, the right
    // page showed it cut at the column's edge).
    row = placement.lastRow + 1;
    for (const line of exclusionLines(section)) {
      sheet.cell(row, 1, line, { wrap: true, size: 9, color: 'FF57606A' });
      sheet.rowHeight(row, rowPoints(wrappedLines(line, SLA_OVERVIEW_COLUMNS[0]!.width ?? 28), 9));
      row += 1;
    }
    row += 1;
  }
  // Sixteen columns on one landscape page printed at 5 pt: two pages wide at a readable size,
  // the monitor's name repeated on the second (three at 100 % would print a block on six pages),
  // each left page followed by its right one.
  sheet.printAcross(1, 2, true);
}
