/**
 * Terminology used across the code, the warehouse comments and the docs.
 *
 * - account: one Uptrends account (AccountId). Every warehouse row carries `account_id`, so one
 *   warehouse can hold several accounts.
 * - stream: one kind of record read from the API and loaded into one set of tables (monitors,
 *   alerts, statistics, ...). Streams are declared as data in `src/pipeline/streams/` and run by
 *   the list engine or the window engine (`src/pipeline/engine/`; docs/adding-a-stream.md).
 * - partition: the sub-unit of a stream that keeps its own state (a monitor for statistics, a
 *   monitor group for alerts, `-` when the stream has one).
 * - window: a half-open interval [start, end) of account-local time that a stream reads in one go.
 *   A window is complete only when every page of it has been read; its rows are merged in bounded
 *   batches as the pages arrive, and only a complete window moves the watermark.
 * - page: one HTTP response of a stream (up to 100 alerts; a whole list for configuration).
 * - cursor: the opaque string the service returns to fetch the next page of a window.
 * - run: one invocation of `sync` (or `nightly`), recorded in `etl_run` with its status and counts.
 * - watermark: the end of the last completed window of a stream partition (of the longest run of
 *   completed windows from the first of the plan), committed in the same transaction as the window's
 *   last batch of rows. Never the newest timestamp seen.
 * - coverage: the time a stream partition has been read, window by window (`etl_coverage`): unlike
 *   the watermark it has gaps, and a figure over time outside it is unknown, never 100 %.
 * - lookback: how far before the watermark a nightly run starts re-reading, so late alerts and
 *   the Ok alert that closes an incident are picked up.
 * - incident: the alerts of one monitor sharing an IncidentKey; it starts at the earliest
 *   FirstError and ends at the Timestamp of its Ok alert (ongoing while there is none).
 * - subscription: a named set of reports, scope, schedule, period and recipients in the
 *   configuration file; due on the account-local dates its schedule names, each due date reporting
 *   one period. A delivery is one attempt to e-mail one subscription's reports for one period,
 *   recorded in the delivery ledger (`report_delivery`), which makes each period go out once.
 * - report period: the account-local interval a report covers (a month, a date range, or a preset).
 *   Every period, window and day is a half-open `Interval` of instants (`src/time/intervals.ts`);
 *   account-local calendar arithmetic lives in `src/time/` and nowhere else.
 */

/** An IANA time-zone name such as `Europe/Amsterdam`. */
export type IanaZone = string;

/** An account-local wall-clock time `yyyy-MM-ddTHH:mm:ss` (no offset). */
export type LocalDateTime = string;

/** A calendar date `yyyy-MM-dd`. */
export type LocalDate = string;

/** A clock, injected wherever code needs "now", so tests can fix it. */
export type Clock = () => Date;

/** The system clock. */
export const systemClock: Clock = () => new Date();

/** Every PresetPeriod literal of API v4, in the spec's order. */
export const PRESET_PERIODS = [
  'CurrentDay',
  'CurrentWeek',
  'CurrentMonth',
  'CurrentQuarter',
  'CurrentYear',
  'PreviousDay',
  'PreviousWeek',
  'PreviousMonth',
  'PreviousQuarter',
  'PreviousYear',
  'Last2Hours',
  'Last6Hours',
  'Last12Hours',
  'Last24Hours',
  'Last48Hours',
  'Last7Days',
  'Last30Days',
  'Last60Days',
  'Last90Days',
  'Last365Days',
  'Last3Months',
  'Last6Months',
  'Last12Months',
  'Last24Months',
] as const;

/** One PresetPeriod literal. */
export type PresetPeriod = (typeof PRESET_PERIODS)[number];

// The SLA early warning's vocabulary and defaults, shared by the configuration file, the CLI, the
// reports and the pipeline (the states are computed by uptrends.sla_burn: docs/reports.md).

/** The states of `uptrends.sla_burn`, mildest first. */
export const BURN_STATES = ['ok', 'watch', 'at risk', 'breached'] as const;

/** One state. */
export type BurnState = (typeof BURN_STATES)[number];

/** The states an at-risk subscription can mail about (`notify:`). */
export const NOTIFIABLE_STATES = ['watch', 'at risk', 'breached'] as const;

/** One of them. */
export type NotifiableState = (typeof NOTIFIABLE_STATES)[number];

/** What an at-risk subscription mails about unless told otherwise: entering or leaving these. */
export const DEFAULT_NOTIFY: readonly NotifiableState[] = ['at risk', 'breached'];

/**
 * At risk when the 1- and 3-day burn rates would both spend the remaining error budget within this
 * many days (`p_at_risk_within_days`). (Default: 3)
 */
export const DEFAULT_AT_RISK_WITHIN_DAYS = 3;

/** Largest at-risk horizon accepted: a month. */
export const MAX_AT_RISK_WITHIN_DAYS = 31;
