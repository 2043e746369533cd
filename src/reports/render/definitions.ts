/**
 * The rules the reports compute with, in words, and their version. The Definitions sheet, the
 * mail footer and docs/reports.md all state these, so a figure can be defended when someone
 * compares it with the Uptrends UI. Change the version whenever a rule changes.
 */

/** Version of the calculation rules; shown in every workbook. */
export const REPORT_RULES_VERSION = 'rules 1.0 (2026-11)';

/** One term and its rule. */
export interface Definition {
  readonly term: string;
  readonly rule: string;
}

/** The definitions shared by both workbooks. */
export const REPORT_DEFINITIONS: readonly Definition[] = [
  {
    term: 'Report period',
    rule: 'A half-open interval [start, end) of the account time zone named in every sheet title. Days start at local midnight, so a day on which daylight saving changes has 23 or 25 hours. For a period that has not ended yet, only the time up to the moment the report was generated counts.',
  },
  {
    term: 'Incident',
    rule: 'All alerts of one monitor that share an IncidentKey. It starts at the earliest FirstError and ends at the Timestamp of its Ok alert; without an Ok alert it is ongoing. Reminders add to the alert count and never start a new incident.',
  },
  {
    term: 'Monitored time',
    rule: "The period, from the monitor's creation (if later) until its deletion (if earlier), minus its maintenance of type DisableMonitoring. Maintenance of type DisableNotifications is not subtracted: the monitor keeps checking and its errors count (as in Uptrends).",
  },
  {
    term: 'Downtime (incidents)',
    rule: "The union of the monitor's incident intervals, ongoing ones ending at the period end or at generation time, limited to its monitored time. Overlapping incidents count once.",
  },
  { term: 'Uptime % (incidents)', rule: '100 x (1 - downtime / monitored time).' },
  {
    term: 'Uptime % (Uptrends)',
    rule: 'From the Statistics API: the sum of Uptime seconds divided by the sum of Uptime plus Downtime seconds over the buckets that start in the period. This is the figure the Uptrends UI shows; short errors that never raised an alert lower it but not the incident figure.',
  },
  {
    term: 'Uptime % (headline)',
    rule: 'The Uptrends figure where statistics exist, else the incident figure; the Source column says which. A group or overall figure uses the Uptrends figure only when every member with monitored time has statistics.',
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
    rule: 'Minutes of DisableMonitoring maintenance (recurring schedules expanded in the account time zone) that fell in the period while the monitor existed.',
  },
  {
    term: 'Daily uptime',
    rule: 'The incident figure computed per local day; empty where the monitor was not monitored that day.',
  },
  {
    term: 'Untrusted text',
    rule: 'Names and error texts have control characters removed, are cut at 32,767 characters, and get a leading apostrophe when they start with =, +, -, @, tab or carriage return, so no spreadsheet runs them as a formula.',
  },
];
