/**
 * The `subscriptions:` section: which reports go to whom, when, for which period and scope.
 *
 * ```yaml
 * subscriptions:
 *   - name: eu-weekly                 # letters, digits, . _ -; unique; used in file names and the ledger
 *     reports: [sla, incidents]       # (Default: both)
 *     schedule: { every: week, on: monday }
 *     period: PreviousWeek            # (Default: the unit the schedule repeats by)
 *     scope: { monitor_groups: [EU webshops], monitors: [Checkout API] }   # (Default: every monitor)
 *     formats: [pdf, xlsx]            # xlsx, csv, pdf (Default: pdf, xlsx)
 *     recipients: { addresses: [eu-lead@example.com], operator_groups: [EU operations] }
 *     subject: "EU availability {period}: {uptime}"   # placeholders: src/subject-placeholders.ts (Default: the figures)
 *     sla_target: 99.95               # hold every monitor and group to this target (Default: theirs)
 *     sla: [Premium SLA]              # SLA definitions the SLA overview is based on, by name or
 *                                     # GUID (Default: every definition of the account)
 *     catch_up: 14                    # most missed periods sent after an outage (Default: 14)
 *     accounts: [acme]                # accounts of the accounts: section it reports on, each
 *                                     # in its own report (Default: every account)
 *   - name: checkout-early-warning    # the SLA early warning (issue 34): mails only on a change
 *     reports: [at-risk]              # alone; checked daily, no period (the running month)
 *     schedule: daily
 *     thresholds: { at_risk_within_days: 3 }   # (Default: 3)
 *     notify: [at risk, breached]     # states whose entry and exit are mailed (Default: these two)
 *     recipients: { addresses: [web-lead@example.com] }
 * ```
 *
 * Schedule forms, the same grammar as `nightly --report-on` (src/time/schedule-grammar.ts): a text
 * (`daily`, `weekly`, `monthly`, `quarterly`, `yearly`, `1,15`, `mon,thu`, `never`) or
 * `{ every: day|week|month|quarter|year, on: ... }`. What the schedule means: src/time/schedule.ts.
 * Names of groups, monitors and operator groups are checked against the warehouse when used.
 */
import {
  DEFAULT_AT_RISK_WITHIN_DAYS,
  DEFAULT_NOTIFY,
  MAX_AT_RISK_WITHIN_DAYS,
  NOTIFIABLE_STATES,
  type NotifiableState,
} from '../terms.ts';
import { REPORT_FORMATS, type ReportFormat } from '../report-formats.ts';
import { checkSubject } from '../subject-placeholders.ts';
import { z } from 'zod';
import type { Schedule } from '../time/schedule.ts';
import { defaultPresetFor, SCHEDULED_PRESETS, type ScheduledPreset } from '../time/schedule.ts';
import { readScheduleObject, readScheduleText } from '../time/schedule-grammar.ts';
import { emailAddress } from './mail-section.ts';

/** The reports a subscription can send (the same names as the `report` commands). */
export const SUBSCRIPTION_REPORTS = ['sla', 'incidents', 'at-risk'] as const;

/** The reports a subscription sends unless told: both reports of a period. */
const DEFAULT_SUBSCRIPTION_REPORTS = ['sla', 'incidents'] as const;

/** Default attachments: the PDF to read on a phone, the workbook to dig in (any of REPORT_FORMATS). */
export const DEFAULT_SUBSCRIPTION_FORMATS: readonly ReportFormat[] = ['pdf', 'xlsx'];

/** Default number of missed periods a run catches up on. */
export const DEFAULT_CATCH_UP = 14;

/** One value or a list of them (`sla: Gold` or `sla: [Gold, Shop]`). */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v: unknown): unknown => (Array.isArray(v) ? (v as unknown[]) : [v]),
    z.array(item).min(1, { error: 'give at least one' }),
  );

/** `weekly`, `1,15`, or `{ every: week, on: [monday, thursday] }`: src/time/schedule-grammar.ts reads it. */
const schedule = z
  .union([z.string(), z.strictObject({ every: z.string(), on: z.unknown().optional() })])
  .transform((value, ctx): Schedule => {
    const reading =
      typeof value === 'string' ? readScheduleText(value) : readScheduleObject(value.every, value.on);
    if (reading.ok) return reading.schedule;
    for (const problem of reading.problems)
      ctx.addIssue({ code: 'custom', message: problem.message, path: [...problem.path] });
    return z.NEVER;
  });

const name = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, {
  error: 'a subscription name is 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit',
});

const nonEmptyText = z.string().trim().min(1, { error: 'must not be empty' });

/** One subscription as written in the file. */
const subscription = z
  .strictObject({
    name,
    reports: z.array(z.enum(SUBSCRIPTION_REPORTS)).min(1).optional(),
    schedule,
    period: z
      .enum(SCHEDULED_PRESETS, {
        error: `expected a finished period: ${SCHEDULED_PRESETS.join(', ')} (Current* and Last*Hours are still running or not whole days)`,
      })
      .optional(),
    scope: z
      .strictObject({
        monitor_groups: z.array(nonEmptyText).optional(),
        monitors: z.array(nonEmptyText).optional(),
      })
      .optional(),
    formats: z.array(z.enum(REPORT_FORMATS)).min(1).optional(),
    recipients: z.strictObject({
      addresses: z.array(emailAddress).optional(),
      operator_groups: z.array(nonEmptyText).optional(),
    }),
    subject: z.string().trim().min(1).max(200).optional(),
    sla_target: z
      .number()
      .gt(0)
      .max(100, { error: 'sla_target is a percentage above 0 and at most 100' })
      .optional(),
    sla: listOf(nonEmptyText).optional(),
    catch_up: z.int().min(0).max(366).optional(),
    accounts: z.array(nonEmptyText).min(1).optional(),
    thresholds: z
      .strictObject({
        at_risk_within_days: z
          .number()
          .gt(0)
          .max(MAX_AT_RISK_WITHIN_DAYS, {
            error: `at_risk_within_days is a number of days above 0 and at most ${MAX_AT_RISK_WITHIN_DAYS}`,
          })
          .optional(),
      })
      .optional(),
    notify: z
      .array(z.enum(NOTIFIABLE_STATES, { error: `expected a state: ${NOTIFIABLE_STATES.join(', ')}` }))
      .min(1)
      .optional(),
  })
  .superRefine((s, ctx) => {
    const atRisk = s.reports?.includes('at-risk') === true;
    if (atRisk && s.reports!.length > 1) {
      ctx.addIssue({
        code: 'custom',
        message:
          'at-risk is sent alone, when something changes: give sla and incidents a subscription of their own',
        path: ['reports'],
      });
    }
    if (atRisk && (s.schedule.rules.length !== 1 || s.schedule.rules[0]!.every !== 'day')) {
      ctx.addIssue({
        code: 'custom',
        message: 'an at-risk subscription is checked every day: schedule: daily',
        path: ['schedule'],
      });
    }
    if (atRisk && s.period !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'an at-risk subscription watches the running calendar month: leave period out',
        path: ['period'],
      });
    }
    if (atRisk && s.catch_up !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message:
          'an at-risk subscription checks the day it runs and mails what changed since its last mail: catch_up does not apply',
        path: ['catch_up'],
      });
    }
    if (s.sla !== undefined && !(s.reports ?? DEFAULT_SUBSCRIPTION_REPORTS).includes('sla')) {
      ctx.addIssue({
        code: 'custom',
        message:
          "sla chooses the definitions of the SLA workbook's SLA overview: it applies to subscriptions with reports: [sla]",
        path: ['sla'],
      });
    }
    for (const key of ['thresholds', 'notify'] as const) {
      if (!atRisk && s[key] !== undefined) {
        ctx.addIssue({ code: 'custom', message: `${key} applies to reports: [at-risk] only`, path: [key] });
      }
    }
    if (s.subject !== undefined) {
      const reports = s.reports ?? DEFAULT_SUBSCRIPTION_REPORTS;
      const { unfillable, valid } = checkSubject(s.subject, reports);
      if (unfillable.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `${unfillable.map((p) => `{${p}}`).join(', ')} cannot be filled for the reports ${reports.join(' and ')}; the placeholders of this subscription are ${valid.map((p) => `{${p}}`).join(', ')}`,
          path: ['subject'],
        });
      }
    }
    if ((s.recipients.addresses?.length ?? 0) + (s.recipients.operator_groups?.length ?? 0) === 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'give at least one address or operator group',
        path: ['recipients'],
      });
    }
  })
  .transform((s): SubscriptionConfig => ({
    name: s.name,
    reports: [...new Set(s.reports ?? DEFAULT_SUBSCRIPTION_REPORTS)],
    schedule: s.schedule,
    // An at-risk check judges the day before its due date: that day is its period in the ledger.
    period:
      s.reports?.includes('at-risk') === true ? 'PreviousDay' : (s.period ?? defaultPresetFor(s.schedule)),
    monitorGroups: s.scope?.monitor_groups ?? [],
    monitors: s.scope?.monitors ?? [],
    formats: [...new Set(s.formats ?? DEFAULT_SUBSCRIPTION_FORMATS)],
    addresses: [...new Set(s.recipients.addresses ?? [])],
    operatorGroups: s.recipients.operator_groups ?? [],
    subject: s.subject,
    slaTarget: s.sla_target,
    sla: [...new Set(s.sla ?? [])],
    catchUp: s.catch_up ?? DEFAULT_CATCH_UP,
    accounts: s.accounts === undefined ? undefined : [...new Set(s.accounts)],
    warning:
      s.reports?.includes('at-risk') === true
        ? {
            atRiskWithinDays: s.thresholds?.at_risk_within_days ?? DEFAULT_AT_RISK_WITHIN_DAYS,
            notify: [...new Set(s.notify ?? DEFAULT_NOTIFY)],
          }
        : undefined,
  }));

/** `subscriptions:` a list of subscriptions with unique names. */
export const subscriptionsSection = z.array(subscription).superRefine((list, ctx) => {
  const seen = new Map<string, number>();
  list.forEach((s, index) => {
    const key = s.name.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `the name "${s.name}" is used twice (also subscriptions[${first}])`,
        path: [index, 'name'],
      });
    } else seen.set(key, index);
  });
});

/** One subscription, validated and with every default filled in. */
export interface SubscriptionConfig {
  readonly name: string;
  readonly reports: readonly (typeof SUBSCRIPTION_REPORTS)[number][];
  readonly schedule: Schedule;
  readonly period: ScheduledPreset;
  /** Monitor groups by name or GUID; empty with `monitors` empty: every monitor. */
  readonly monitorGroups: readonly string[];
  /** Monitors by name or GUID. */
  readonly monitors: readonly string[];
  readonly formats: readonly ReportFormat[];
  readonly addresses: readonly string[];
  /** Operator groups by name or GUID, resolved to their operators' e-mail from the warehouse. */
  readonly operatorGroups: readonly string[];
  /** Subject template; undefined: the headline figures. */
  readonly subject: string | undefined;
  /** Target every monitor and group is held to; undefined: their own. */
  readonly slaTarget: number | undefined;
  /**
   * The SLA definitions (name or GUID) the SLA overview is based on, checked against the warehouse
   * when used; empty: every definition of the account.
   */
  readonly sla: readonly string[];
  /** Most missed periods one run sends. */
  readonly catchUp: number;
  /**
   * Names of the accounts (`accounts:` section) the subscription reports on, one report per
   * account; undefined: every account.
   */
  readonly accounts?: readonly string[] | undefined;
  /** The early-warning settings of a `reports: [at-risk]` subscription; undefined for the others. */
  readonly warning?: EarlyWarningSubscription | undefined;
}

/** What an at-risk subscription watches for. */
export interface EarlyWarningSubscription {
  /** At risk when the 1- and 3-day burn rates would spend the remaining budget within this many days. */
  readonly atRiskWithinDays: number;
  /** The states whose entry and exit are mailed. */
  readonly notify: readonly NotifiableState[];
}
