/**
 * The subscriptions a run works with: the configuration file's `subscriptions:` section, or the
 * `default` subscription built from the nightly options (`reportOn`, `reportPeriod`, `formats`).
 * The one place those options are checked and defaulted, for `nightly`, `report send`,
 * `report subscriptions` and the API's `runNightly`.
 */
import type { ConfigFile } from '../config-file/load-config-file.ts';
import { ConfigError } from '../errors.ts';
import {
  defaultSubscription,
  fileSubscriptions,
  type Subscription,
} from '../pipeline/subscriptions/subscriptions.ts';
import { DEFAULT_REPORT_FORMATS, type ReportFormat } from '../reports/render/report-files.ts';
import { DEFAULT_REPORT_PRESET, parsePreset } from '../time/parse-period-options.ts';
import { SCHEDULED_PRESETS, type Schedule, type ScheduledPreset } from '../time/schedule.ts';
import { readScheduleText } from '../time/schedule-grammar.ts';

/** When `nightly` reports unless told: on the 1st, for the previous month's workbooks. */
export const DEFAULT_REPORT_ON = '1';

/** `--report-on`, read by the grammar of the file's `schedule:`, its problems named after the flag. */
function reportOnSchedule(text: string): Schedule {
  const reading = readScheduleText(text);
  if (reading.ok) return reading.schedule;
  throw new ConfigError(`--report-on: ${reading.problems.map((p) => p.message).join('; ')}.`, {
    context: { setting: '--report-on' },
  });
}

/** The options that shape the default subscription (ignored when the file has subscriptions). */
export interface DefaultSubscriptionRequest {
  /**
   * When to report, in the grammar of the file's `schedule:` text: `1,15`, `last`, `mon,thu`,
   * `weekly`, `daily` or `never` (src/time/schedule-grammar.ts). (Default: `1`, the 1st of the month)
   */
  readonly reportOn?: string | undefined;
  /** The finished period the reports cover. (Default: PreviousMonth) */
  readonly reportPeriod?: string | undefined;
  /** (Default: xlsx and csv) */
  readonly formats?: readonly ReportFormat[] | undefined;
}

/** The default subscription of `request`, its recipients `mailTo` (REPORT_MAIL_TO). */
export function defaultSubscriptionOf(
  request: DefaultSubscriptionRequest,
  mailTo: readonly string[],
): Subscription {
  const preset = parsePreset(request.reportPeriod ?? DEFAULT_REPORT_PRESET);
  if (!(SCHEDULED_PRESETS as readonly string[]).includes(preset)) {
    throw new ConfigError(
      `--report-period ${preset} is not a finished period; scheduled reports use one of ${SCHEDULED_PRESETS.join(', ')}.`,
      { context: { setting: '--report-period' } },
    );
  }
  return defaultSubscription({
    schedule: reportOnSchedule(request.reportOn ?? DEFAULT_REPORT_ON),
    period: preset as ScheduledPreset,
    formats: request.formats ?? DEFAULT_REPORT_FORMATS,
    mailTo,
  });
}

/** The file's subscriptions, or the default one; `fromFile` says which. */
export function subscriptionListOf(
  file: ConfigFile | undefined,
  mailTo: readonly string[],
  request: DefaultSubscriptionRequest = {},
): { readonly list: readonly Subscription[]; readonly fromFile: boolean } {
  // The default subscription is checked even when the file replaces it: a typo in --report-on is
  // an error whatever the file says.
  const fallback = defaultSubscriptionOf(request, mailTo);
  const fromFile = fileSubscriptions(file);
  return fromFile === undefined ? { list: [fallback], fromFile: false } : { list: fromFile, fromFile: true };
}
