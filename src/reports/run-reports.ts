/**
 * The programmatic entry point of reporting: query -> model -> files (-> mail). The `report`
 * commands, `nightly` and `demo` all call this one function, so the reports they produce are the
 * same files with the same figures.
 */
import type { Config } from '../config.ts';
import { ConfigError } from '../errors.ts';
import type { Warehouse } from '../load/connection/db.ts';
import type { Logger } from '../logger.ts';
import { systemClock, type Clock } from '../terms.ts';
import { loadIncidentModel, type IncidentModel } from './incidents/model.ts';
import { writeIncidentReport } from './incidents/write-incident-report.ts';
import { sendReportMail, type SendReportMailOptions, type SentReportMail } from './mail/send-report-mail.ts';
import type { ReportFormat } from './render/report-files.ts';
import type { SlaModel } from './sla/model-types.ts';
import { loadSlaModel } from './sla/model.ts';
import { queryReportAccount, type ReportAccount } from './queries/scope.ts';
import { preloadSlaXlsx } from './sla/render-xlsx.ts';
import { writeSlaReport } from './sla/write-sla-report.ts';
import { DEFAULT_REPORT_FORMATS } from './render/report-files.ts';
import { type ReportPeriod } from '../time/periods.ts';
import type { PeriodChoice } from '../time/report-periods.ts';
import { DEFAULT_REPORT_DIR, DEFAULT_SLA_TARGET, REPORT_KINDS } from './report-defaults.ts';

export { DEFAULT_REPORT_DIR, DEFAULT_SLA_TARGET, REPORT_KINDS };

/** One report. */
export type ReportKind = (typeof REPORT_KINDS)[number];

/** What to report. */
export interface RunReportsOptions {
  /** Which reports to write. (Default: ['sla', 'incidents']) */
  readonly reports?: readonly ReportKind[];
  /** The period in the account zone, resolved at the edge, or a checked choice resolved in that zone. */
  readonly period: PeriodChoice | ReportPeriod;
  /** The account. (Default: the only account in the warehouse) */
  readonly accountId?: string | undefined;
  /** The account, resolved at the edge (src/api/report-job.ts). (Default: looked up by `accountId`) */
  readonly account?: ReportAccount | undefined;
  /** Monitor groups by guid or name. (Default: every monitor) */
  readonly monitorGroups?: readonly string[] | undefined;
  /** Monitors by guid or name, besides the groups' members. (Default: none) */
  readonly monitors?: readonly string[] | undefined;
  /** Hold every monitor and group to this target in percent, whatever their own. (Default: their own) */
  readonly targetOverride?: number | undefined;
  /** Output folder (the entry points default it to ./reports). */
  readonly outDir: string;
  /** Files to write. (Default: ['xlsx', 'csv']) */
  readonly formats?: readonly ReportFormat[];
  /** Default SLA target in percent. (Default: 99.9) */
  readonly defaultTarget?: number;
  /** Mail the files after writing them (SMTP_URL, REPORT_MAIL_FROM, REPORT_MAIL_TO). (Default: false) */
  readonly mail?: boolean;
  /** Report a period that has not ended, up to now, labelled "to date". (Default: false: refused) */
  readonly toDate?: boolean;
}

/** Injected services. */
export interface RunReportsDeps {
  /** (Default: the system clock) */
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** Called once every file is written and before the mail goes out, so a failed mail still shows them. */
  readonly onWritten?: (paths: readonly string[]) => void;
  /** (Default: sendReportMail) */
  readonly sendMail?: (options: SendReportMailOptions) => Promise<SentReportMail>;
}

/**
 * The SLA figures a caller can print or put in a notification without opening the workbook: the
 * account's row of `uptrends.figures`, named for the log.
 */
export interface SlaHeadline {
  readonly uptime: number | null;
  readonly uptimeSource: string | null;
  readonly target: number | null;
  readonly status: string | null;
  /** complete, incomplete or no data. */
  readonly data: string;
  readonly monitors: number;
  readonly monitorsMissed: number | null;
  readonly incidents: number | null;
  readonly ongoing: number | null;
  readonly downtimeSeconds: number | null;
}

/** The incident figures of the period. */
export interface IncidentHeadline {
  /** Incidents touching the period. */
  readonly incidents: number | null;
  /** Incidents that started in the period. */
  readonly started: number | null;
  /** Incidents open at the end of the period. */
  readonly ongoing: number | null;
  readonly downtimeSeconds: number | null;
}

/** What `runReports` did. */
export interface ReportsResult {
  readonly accountId: string;
  readonly period: ReportPeriod;
  /** Every file written, SLA files first. */
  readonly paths: readonly string[];
  readonly sla: { readonly model: SlaModel; readonly headline: SlaHeadline } | null;
  readonly incidents: { readonly model: IncidentModel; readonly headline: IncidentHeadline } | null;
  readonly mail: SentReportMail | null;
}

/** The mail settings, or a ConfigError naming every missing variable before any work is done. */
export function mailSettings(config: Config): { smtpUrl: string; from: string; to: readonly string[] } {
  const missing = [
    config.smtpUrl === undefined ? 'SMTP_URL' : undefined,
    config.mailFrom === undefined ? 'REPORT_MAIL_FROM' : undefined,
    config.mailTo.length === 0 ? 'REPORT_MAIL_TO' : undefined,
  ].filter((name): name is string => name !== undefined);
  if (missing.length > 0 || config.smtpUrl === undefined || config.mailFrom === undefined) {
    throw new ConfigError(
      `cannot mail the reports: set ${missing.join(', ')} (see the README, "Environment variables").`,
      {
        context: { setting: missing.join(',') },
      },
    );
  }
  return { smtpUrl: config.smtpUrl, from: config.mailFrom, to: config.mailTo };
}

function slaHeadline(model: SlaModel): SlaHeadline {
  const a = model.account;
  return {
    uptime: a.uptime_percentage,
    uptimeSource: a.uptime_source,
    target: a.target_percentage,
    status: a.status,
    data: a.data_state,
    monitors: model.monitors.length,
    monitorsMissed: a.members_missed,
    incidents: a.incidents_started,
    ongoing: a.ongoing_at_end,
    downtimeSeconds: a.incident_downtime_seconds,
  };
}

function incidentHeadline(model: IncidentModel): IncidentHeadline {
  const a = model.account;
  return {
    incidents: a.incidents_overlapping,
    started: a.incidents_started,
    ongoing: a.ongoing_at_end,
    downtimeSeconds: a.incident_downtime_seconds,
  };
}

/** Writes the requested reports for one period and scope, and mails them when asked. */
export async function runReports(
  config: Config,
  warehouse: Pick<Warehouse, 'db'>,
  options: RunReportsOptions,
  deps: RunReportsDeps = {},
): Promise<ReportsResult> {
  const mail = options.mail === true ? mailSettings(config) : undefined;
  const clock = deps.clock ?? systemClock;
  const reports = options.reports ?? REPORT_KINDS;
  const outDir = options.outDir;
  // Resolved once up front: an empty warehouse fails before anything is written, and both
  // reports are certain to cover the same account.
  const account = options.account ?? (await queryReportAccount(warehouse.db, options.accountId));
  const accountId = account.accountId;
  const common = {
    account,
    accountId,
    period: options.period,
    monitorGroups: options.monitorGroups,
    monitors: options.monitors,
    clock,
    toDate: options.toDate,
  };
  const write = { outDir, formats: options.formats, clock };
  const paths: string[] = [];
  let sla: ReportsResult['sla'] = null;
  let incidents: ReportsResult['incidents'] = null;
  let period: ReportPeriod | undefined;
  if (reports.includes('sla')) {
    if ((options.formats ?? DEFAULT_REPORT_FORMATS).includes('xlsx')) preloadSlaXlsx();
    const input = await loadSlaModel(warehouse.db, {
      ...common,
      target:
        options.targetOverride === undefined
          ? { desired: options.defaultTarget ?? DEFAULT_SLA_TARGET }
          : { desired: options.targetOverride, override: true },
    });
    period = input.period;
    const written = await writeSlaReport(input, write);
    paths.push(...written.paths);
    sla = { model: written.model, headline: slaHeadline(written.model) };
    deps.logger?.info(
      { report: 'sla', period: input.period.label, ...sla.headline },
      `SLA report ${input.period.label} written`,
    );
  }
  if (reports.includes('incidents')) {
    const input = await loadIncidentModel(warehouse.db, common);
    period = input.period;
    const written = await writeIncidentReport(input, write);
    paths.push(...written.paths);
    incidents = { model: written.model, headline: incidentHeadline(written.model) };
    deps.logger?.info(
      { report: 'incidents', period: input.period.label, ...incidents.headline },
      `incident report ${input.period.label} written`,
    );
  }
  if (period === undefined) throw new ConfigError('no report chosen: give sla, incidents or both.');
  deps.onWritten?.(paths);
  let sent: SentReportMail | null = null;
  if (mail !== undefined) {
    sent = await (deps.sendMail ?? sendReportMail)({
      ...mail,
      sla: sla?.model,
      incidents: incidents?.model,
      files: paths,
    });
    deps.logger?.info(
      { accepted: sent.accepted.length, attached: sent.attached.length, omitted: sent.omitted.length },
      'report mail sent',
    );
  }
  return { accountId, period, paths, sla, incidents, mail: sent };
}
