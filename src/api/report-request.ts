/**
 * Where a report request is resolved, once: the account looked up, the period placed in its zone
 * (a ready period in another zone refused), the scope, target, output folder and formats
 * defaulted, the mail settings checked with the recipients parsed. The report jobs
 * (report-job.ts), the demo (demo-job.ts) and the tests build their `ResolvedReportRequest` here;
 * the layers below accept nothing else (src/reports/report-request.ts).
 */
import type { Config } from '../config.ts';
import { ConfigError } from '../errors.ts';
import type { Warehouse } from '../load/connection/db.ts';
import { matchName, querySlaNames } from '../load/subscription-directory.ts';
import { queryReportAccount, type ReportAccount } from '../reports/queries/scope.ts';
import { DEFAULT_REPORT_FORMATS, type ReportFormat } from '../reports/render/report-files.ts';
import { DEFAULT_REPORT_DIR, REPORT_KINDS } from '../reports/report-defaults.ts';
import {
  targetSettingsOf,
  type DeliveryMail,
  type ReportKind,
  type ReportMail,
  type ResolvedReportRequest,
} from '../reports/report-request.ts';
import type { ConfigFile } from '../config-file/load-config-file.ts';
import type { ReportPeriod } from '../time/calendar-periods.ts';
import { reportPeriodOf, type PeriodChoice } from '../time/period-choice.ts';

/** What a report request says before it is resolved (every field checked text or a default). */
export interface ReportRequestOptions {
  /** Which reports to write. (Default: ['sla', 'incidents']) */
  readonly reports?: readonly ReportKind[] | undefined;
  /** The account. (Default: the only account in the warehouse) */
  readonly accountId?: string | undefined;
  /** Monitor groups by guid or name. (Default: every monitor) */
  readonly monitorGroups?: readonly string[] | undefined;
  /** Monitors by guid or name, besides the groups' members. (Default: none) */
  readonly monitors?: readonly string[] | undefined;
  /** Hold every monitor and group to this target in percent, whatever their own. (Default: their own) */
  readonly targetOverride?: number | undefined;
  /** Default SLA target in percent. (Default: 99.9) */
  readonly defaultTarget?: number | undefined;
  /** Files to write. (Default: ['xlsx', 'csv']) */
  readonly formats?: readonly ReportFormat[] | undefined;
  /** Report a period that has not ended, up to now, labelled "to date". (Default: false: refused) */
  readonly toDate?: boolean | undefined;
  /** Refuse a period without data (exit 9) instead of writing it with a warning. (Default: false) */
  readonly strict?: boolean | undefined;
  /**
   * The SLA definitions the SLA overview is based on, each by GUID or (case-insensitive) name.
   * (Default: every SLA definition of the account)
   */
  readonly sla?: readonly string[] | undefined;
  /** List what would be written and mailed; write nothing, send nothing. (Default: false) */
  readonly dryRun?: boolean | undefined;
}

/**
 * The mail settings of `report --mail`, or a ConfigError naming every missing variable before any
 * work is done.
 */
export function reportMailSettings(config: Config): ReportMail {
  const missing = [
    config.smtpUrl === undefined ? 'SMTP_URL' : undefined,
    config.mailFrom === undefined ? 'REPORT_MAIL_FROM' : undefined,
    config.mailTo.length === 0 ? 'REPORT_MAIL_TO' : undefined,
  ].filter((name): name is string => name !== undefined);
  if (missing.length > 0 || config.smtpUrl === undefined || config.mailFrom === undefined) {
    throw new ConfigError(
      `cannot mail the reports: set ${missing.join(', ')} (see the README, "Environment variables").`,
      { context: { setting: missing.join(',') } },
    );
  }
  return { smtpUrl: config.smtpUrl, from: config.mailFrom, to: config.mailTo };
}

/** SMTP URL and sender of subscription mail, or a ConfigError naming what is missing. */
export function deliveryMailSettings(config: Config, file: ConfigFile | undefined): DeliveryMail {
  const smtpVar = file?.contents.mail?.smtp_url_env ?? 'SMTP_URL';
  const missing = [
    config.smtpUrl === undefined ? smtpVar : undefined,
    config.mailFrom === undefined ? 'REPORT_MAIL_FROM (or mail.from in the configuration file)' : undefined,
  ].filter((m): m is string => m !== undefined);
  if (config.smtpUrl === undefined || config.mailFrom === undefined) {
    throw new ConfigError(`cannot e-mail report subscriptions: set ${missing.join(' and ')}.`, {
      context: { setting: missing.join(',') },
    });
  }
  return { smtpUrl: config.smtpUrl, from: config.mailFrom };
}

/** A period as given: a choice (placed in the account zone) or a period already placed. */
export type PeriodInput = PeriodChoice | ReportPeriod;

function isReportPeriod(period: PeriodInput): period is ReportPeriod {
  return 'start' in period && period.start instanceof Date;
}

/** The period in the account zone; a ready-made period in another zone would mislabel every day. */
export function periodIn(period: PeriodInput, now: Date, account: ReportAccount): ReportPeriod {
  if (!isReportPeriod(period)) return reportPeriodOf(period, now, account.zone);
  if (period.zone !== account.zone) {
    throw new ConfigError(
      `the report period is in ${period.zone} but account ${account.accountId} is in ${account.zone}.`,
      { context: { setting: 'period' } },
    );
  }
  return period;
}

/**
 * The GUIDs of the SLA definitions `wanted` names (each a GUID or a case-insensitive name), or
 * null (every definition) when it names none. An unknown value, or a name two definitions share,
 * is a ConfigError naming it and the definitions there are. Definitions removed before `period`
 * are not offered.
 */
export async function resolveSlaChoice(
  db: Warehouse['db'],
  account: ReportAccount,
  period: ReportPeriod,
  wanted: readonly string[] | undefined,
  setting = '--sla',
): Promise<readonly string[] | null> {
  if (wanted === undefined || wanted.length === 0) return null;
  const known = await querySlaNames(db, account.accountId, period.start);
  const chosen: string[] = [];
  for (const value of wanted) {
    const match = matchName(value, known);
    if (match.kind === 'many') {
      throw new ConfigError(
        `${setting} "${value}" names ${match.entities.length} SLA definitions of account ${account.accountId}; give the GUID of the one you mean: ${match.entities.map((e) => e.guid).join(', ')}.`,
        { context: { setting } },
      );
    }
    if (match.kind === 'none') {
      const list = known.map((e) => `${e.name} (${e.guid})`).join(', ');
      throw new ConfigError(
        `${setting} "${value}" is not an SLA definition of account ${account.accountId}; its definitions: ${list === '' ? '(none: sync the slas stream)' : list}. Give a name (any case) or a GUID.`,
        { context: { setting } },
      );
    }
    if (!chosen.includes(match.entity.guid)) chosen.push(match.entity.guid);
  }
  return chosen;
}

/**
 * The request of `account`'s reports over `period`, every part defaulted; `slaGuids` is the SLA
 * choice as resolveSlaChoice resolved it.
 */
export function reportRequestOf(
  account: ReportAccount,
  period: ReportPeriod,
  options: ReportRequestOptions & { readonly outDir?: string | undefined },
  mail: ReportMail | undefined,
  slaGuids: readonly string[] | null,
): ResolvedReportRequest {
  return {
    account,
    period,
    toDate: options.toDate === true,
    scope: { monitorGroups: options.monitorGroups ?? [], monitors: options.monitors ?? [] },
    target: targetSettingsOf(options.targetOverride, options.defaultTarget),
    slaGuids,
    output: {
      reports: options.reports ?? REPORT_KINDS,
      outDir: options.outDir ?? DEFAULT_REPORT_DIR,
      formats: options.formats ?? DEFAULT_REPORT_FORMATS,
      strict: options.strict === true,
      dryRun: options.dryRun === true,
    },
    mail,
  };
}

/**
 * Resolves a report request against the warehouse: looks the account up (once), places the
 * period in its zone at `now` and defaults the rest. Files only (no mail) unless `mail` is given.
 */
export async function resolveReportRequest(
  db: Warehouse['db'],
  options: ReportRequestOptions & {
    readonly period: PeriodInput;
    readonly outDir?: string | undefined;
  },
  now: Date,
  mail?: ReportMail,
): Promise<ResolvedReportRequest> {
  const account = await queryReportAccount(db, options.accountId);
  const period = periodIn(options.period, now, account);
  const slaGuids = await resolveSlaChoice(db, account, period, options.sla);
  return reportRequestOf(account, period, options, mail, slaGuids);
}
