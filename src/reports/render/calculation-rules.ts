/**
 * The rules the reports compute with, in words, and their version. The Definitions sheet, the
 * mail footer and docs/reports.md all state these, so a figure can be defended when someone
 * compares it with the Uptrends UI. Change the version whenever a rule changes.
 */
import { UPTIME_AGREEMENT_RULE } from '../sla/uptime-agreement.ts';
import type { SheetWriter } from './workbook-writer.ts';

/** Version of the calculation rules; shown in every workbook. */
export const REPORT_RULES_VERSION = '1.2 (November 2026)';

/** One term and its rule. */
export interface Definition {
  readonly term: string;
  readonly rule: string;
}

/** The definitions shared by both workbooks. */
export const REPORT_DEFINITIONS: readonly Definition[] = [
  {
    term: 'Report period',
    rule: 'From the start of the first day to the start of the day after the last, in the account time zone named in every sheet title. Days start at local midnight, so a day on which daylight saving changes has 23 or 25 hours. A period that has not ended is only reported on request and is then labelled "to date": only the time up to the moment the report was generated counts.',
  },
  {
    term: 'Data coverage',
    rule: "The share of a monitor's time in the period (from its creation, if later, to its deletion, if earlier) for which the alerts were read from Uptrends, and for the Uptrends figure also the statistics. Groups, the account and trend months add up their members' times. The Summary opens with a line on it.",
  },
  {
    term: 'No data / Incomplete',
    rule: 'No data: nothing of the time was read, so there is no figure at all (never 100 %). Incomplete (n % covered): only part of it was read; the figures describe that part and are not judged against the SLA (no Met, At risk or Missed). A sync over the missing days completes them.',
  },
  {
    term: 'Availability (account)',
    rule: "The time-weighted uptime of all monitors in scope: 1 - (sum of their downtime / sum of their monitored time). Downtime (account) on the Summary is the same figure as time: (1 - availability) x the period's length, so ten monitors down for an hour each count as one hour, not ten.",
  },
  {
    term: 'Durations',
    rule: 'Shown as hours and minutes (h:mm; 30:15 is thirty hours and fifteen minutes). The CSV files give them in minutes or hours, as their column names say.',
  },
  {
    term: 'Change vs previous',
    rule: "This period's uptime minus the previous period's, in percentage points (pp): +0.120 pp means the uptime rose from, say, 99.800% to 99.920%. Shown only when both periods were read in full; against a period read in part the report says so and draws no change.",
  },
  {
    term: 'Incident',
    rule: 'All alerts of one monitor that share an IncidentKey. It starts at the earliest FirstError and ends at the Timestamp of its Ok alert; it is ongoing when it is still open at the end of the period. Reminders add to the alert count and never start a new incident.',
  },
  {
    term: 'Monitored time',
    rule: "The period, from the monitor's creation (if later) until its deletion (if earlier), minus planned maintenance that pauses monitoring (Uptrends type DisableMonitoring). Maintenance that only silences notifications (DisableNotifications) is not subtracted: the monitor keeps checking and its errors count, as in Uptrends.",
  },
  {
    term: 'Downtime (incidents)',
    rule: "The union of the monitor's incident intervals, ongoing ones ending at the period end or at generation time, limited to its monitored time. Overlapping incidents count once.",
  },
  { term: 'Uptime % (incidents)', rule: '100 x (1 - downtime / monitored time).' },
  {
    term: 'Uptime % (Uptrends)',
    rule: "From the Uptrends statistics, read per local day: for each day of the monitor's life in the period, the finest buckets that cover the whole day (its hours when they all exist, else the longest buckets of that day; never a month); uptime seconds divided by uptime plus downtime seconds over those days. This is the figure the Uptrends UI shows; short errors that never raised an alert lower it but not the incident figure.",
  },
  { term: 'Uptime figures', rule: UPTIME_AGREEMENT_RULE },
  {
    term: 'Uptime % (headline)',
    rule: 'The Uptrends figure where statistics exist, else the incident figure; the Uptime source column says which (Statistics or Incidents). A group or overall figure uses the Uptrends figure only when every member with monitored time has statistics.',
  },
  {
    term: 'SLA target',
    rule: "The monitor's SlaTarget from statistics when present, else the SLA definition configured for its monitor group (groups taken in order of name), else the configured default. Met: uptime at or above the desired threshold. At risk: at or above the error threshold but below the desired one. Missed: below the error threshold. A statistics SlaTarget takes its error threshold from the SLA definition with the same desired threshold, else there is no At risk band.",
  },
  {
    term: 'Error budget',
    rule: '(1 - target) x monitored time. Budget used % = incident downtime / error budget; above 100% the budget is spent.',
  },
  {
    term: 'Counting rule',
    rule: 'Downtime is split between the periods an incident touches; an incident is counted in the period in which it started; MTTR uses the incidents resolved in the period, with their full durations.',
  },
  {
    term: 'MTTR',
    rule: 'Mean time to recovery: the mean duration (FirstError to Ok) of the incidents resolved in the period. The median and the longest are shown beside it. MTTA is left out: the API gives no acknowledgement data.',
  },
  {
    term: 'MTBF',
    rule: 'Mean time between failures: monitored time / number of incidents that started in the period. Empty when there were none.',
  },
  {
    term: 'Group and overall figures',
    rule: 'Time-weighted over the member monitors: 100 x (1 - sum of downtime / sum of monitored time), never an average of percentages. The overall figure is held to the configured default target; a group to its configured SLA definition, else the default.',
  },
  {
    term: 'Maintenance excluded',
    rule: 'Time of planned maintenance that pauses monitoring (recurring schedules expanded in the account time zone) that fell in the period while the monitor existed. It is not downtime and is not monitored time.',
  },
  {
    term: 'Daily uptime',
    rule: 'The incident figure computed per local day; empty where the monitor was not monitored that day.',
  },
  {
    term: 'Text from monitored sites',
    rule: 'Names and error texts are shown as received, with control characters removed and cut at 32,767 characters; a workbook cell holding text is never run as a formula. In the CSV files such text gets a leading apostrophe when it starts with =, +, -, @, tab or carriage return, so a spreadsheet opening the CSV does not run it.',
  },
];

/**
 * The Definitions sheet of every workbook (the SLA and incident rules unless told others): a two-column table, term and rule, both wrapped, each
 * row as tall as its rule needs; it prints portrait, one page wide.
 */
export function writeDefinitionsTable(
  sheet: SheetWriter,
  titleLines: readonly string[],
  definitions: readonly Definition[] = REPORT_DEFINITIONS,
): void {
  sheet.table(
    sheet.title(titleLines),
    [
      { header: 'Term', width: 24, wrap: true },
      { header: 'Rule', width: 80, wrap: true },
    ],
    definitions.map((d) => [d.term, d.rule]),
    { autoFilter: false, maxLines: 30 },
  );
}
