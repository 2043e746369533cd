/**
 * The programmatic entry point of reporting: query -> model -> files (-> mail). The `report`
 * commands, `nightly` and `demo` all call this one function, so the reports they produce are the
 * same files with the same figures.
 */
import type { Config } from '../config.ts';
import { ConfigError } from '../errors.ts';
import type { Warehouse } from '../load/db.ts';
import type { Logger } from '../logger.ts';
import { systemClock, type Clock } from '../terms.ts';
import { loadIncidentReportInput } from './queries/incident-input.ts';
import type { IncidentModel } from './incidents/model.ts';
import { writeIncidentReport } from './incidents/write-incident-report.ts';
import { sendReportMail, type SendReportMailOptions, type SentReportMail } from './mail/send-report-mail.ts';
import type { PeriodOptions } from '../time/period-options.ts';
import type { ReportFormat } from './render/report-files.ts';
import type { SlaStatus } from './model/sla-status.ts';
import type { SlaModel } from './sla/model-types.ts';
import type { UptimeSource } from './sla/monitor-figures.ts';
import { queryReportAccount } from './queries/scope.ts';
import { loadStreamedSlaReportInput } from './queries/sla-input.ts';
import { writeSlaReport } from './sla/write-sla-report.ts';
import { type ReportPeriod } from '../time/periods.ts';
import { DEFAULT_REPORT_DIR, DEFAULT_SLA_TARGET, REPORT_KINDS } from './report-defaults.ts';

export { DEFAULT_REPORT_DIR, DEFAULT_SLA_TARGET, REPORT_KINDS };

/** One report. */
export type ReportKind = (typeof REPORT_KINDS)[number];

/** What to report. */
export interface RunReportsOptions {
  /** Which reports to write. (Default: ['sla', 'incidents']) */
  readonly reports?: readonly ReportKind[];
  /** The period: options resolved in the account zone, or a period in that zone. (Default: PreviousMonth) */
  readonly period?: PeriodOptions | ReportPeriod;
  /** The account. (Default: the only account in the warehouse) */
  readonly accountId?: string | undefined;
  /** Monitor groups by guid or name. (Default: every monitor) */
  readonly monitorGroups?: readonly string[] | undefined;
  /** Monitors by guid or name, besides the groups' members. (Default: none) */
  readonly monitors?: readonly string[] | undefined;
  /** Hold every monitor and group to this target in percent, whatever their own. (Default: their own) */
  readonly targetOverride?: number | undefined;
  /** Output folder. (Default: ./reports) */
  readonly outDir?: string;
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

/** The SLA figures a caller can print or put in a notification without opening the workbook. */
export interface SlaHeadline {
  readonly uptime: number | null;
  readonly uptimeSource: UptimeSource;
  readonly target: number;
  readonly status: SlaStatus | null;
  readonly monitors: number;
  readonly monitorsMissed: number;
  readonly incidents: number;
  readonly ongoing: number;
  readonly downtimeMinutes: number;
}

/** The incident figures of the period. */
export interface IncidentHeadline {
  /** Incidents touching the period. */
  readonly incidents: number;
  /** Incidents that started in the period. */
  readonly started: number;
  readonly ongoing: number;
  readonly downtimeMinutes: number;
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

const minutes = (ms: number): number => ms / 60_000;

function slaHeadline(model: SlaModel): SlaHeadline {
  const o = model.overall;
  return {
    uptime: o.uptime,
    uptimeSource: o.uptimeSource,
    target: o.target.desired,
    status: o.status,
    monitors: o.memberCount,
    monitorsMissed: o.missedCount,
    incidents: o.incidents,
    ongoing: o.ongoing,
    downtimeMinutes: minutes(o.downtimeMs),
  };
}

function incidentHeadline(model: IncidentModel): IncidentHeadline {
  return {
    incidents: model.rows.length,
    started: model.summary.reduce((sum, s) => sum + s.incidentsStarted, 0),
    ongoing: model.rows.filter((r) => r.ongoing).length,
    downtimeMinutes: minutes(model.summary.reduce((sum, s) => sum + s.downtimeMs, 0)),
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
  const outDir = options.outDir ?? DEFAULT_REPORT_DIR;
  // Resolved once up front: an empty warehouse fails before anything is written, and both
  // reports are certain to cover the same account.
  const { accountId } = await queryReportAccount(warehouse.db, options.accountId);
  const common = {
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
    const input = await loadStreamedSlaReportInput(warehouse.db, {
      ...common,
      defaultTarget:
        options.targetOverride === undefined
          ? { desired: options.defaultTarget ?? DEFAULT_SLA_TARGET }
          : { desired: options.targetOverride, overrides: true },
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
    const input = await loadIncidentReportInput(warehouse.db, common);
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
