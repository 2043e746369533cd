/**
 * The programmatic entry point of reporting: query -> model -> files (-> mail), from a resolved
 * request (report-request.ts). The `report` commands and `demo` call `runReports`, the
 * subscriptions its two halves (`loadReportModels`, then their coverage gate, then
 * `writeReportFiles`), so the reports they produce are the same files with the same figures.
 */
import { ConfigError, NoDataError, ReportError } from '../errors.ts';
import { noDataReason } from './queries/period-data.ts';
import { throwIfInterrupted, untilInterrupted } from '../interruption.ts';
import { withReportSet } from './render/report-set.ts';
import { previewReportFiles } from './mail/mail-preview.ts';
import type { Warehouse } from '../load/connection/db.ts';
import type { Logger } from '../logger.ts';
import { systemClock, type Clock } from '../terms.ts';
import { loadIncidentModel, type IncidentModel } from './incidents/model.ts';
import { writeIncidentReport } from './incidents/write-incident-report.ts';
import { sendReportMail, type SendReportMailOptions, type SentReportMail } from './mail/send-report-mail.ts';
import type { SlaModel } from './sla/model-types.ts';
import { slaDigest, type SlaDigest } from './sla/sla-digest.ts';
import type { Figure } from './queries/figures.ts';
import { loadSlaModel } from './sla/model.ts';
import { preloadSlaXlsx } from './sla/render-xlsx.ts';
import { writeSlaReport } from './sla/write-sla-report.ts';
import { type ReportPeriod } from '../time/calendar-periods.ts';
import type { ReportKind, ResolvedReportRequest } from './report-request.ts';

export type { ReportKind };

/** Injected services. */
export interface RunReportsDeps {
  /** (Default: the system clock) */
  readonly clock?: Clock;
  readonly logger?: Logger;
  /** Called once every file is written and before the mail goes out, so a failed mail still shows them. */
  readonly onWritten?: (paths: readonly string[]) => void;
  /**
   * Stops the run (SIGINT/SIGTERM): a query waited on is abandoned, rendering stops at its next
   * pause, and no file of the set is published. (Default: never)
   */
  readonly signal?: AbortSignal;
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
  /** Its name in the warehouse (the `accounts:` section's, or `default`); null when none was recorded. */
  readonly accountName: string | null;
  readonly period: ReportPeriod;
  /** Every file written, SLA files first. */
  readonly paths: readonly string[];
  /** The SLA report's digest (its account-level figures) and headline; the model is let go once written. */
  readonly sla: { readonly digest: SlaDigest; readonly headline: SlaHeadline } | null;
  readonly incidents: { readonly model: IncidentModel; readonly headline: IncidentHeadline } | null;
  readonly mail: SentReportMail | null;
  /** Why the period holds no data (the files say "No data" throughout), or null when it has some. */
  readonly noData: string | null;
  /**
   * A dry run (`output.dryRun`): `paths` are the files the run would write, nothing was; this is
   * the mail it would send (null: files only).
   */
  readonly wouldMail?: {
    readonly to: readonly string[];
    readonly attached: readonly string[];
    readonly omitted: readonly string[];
  } | null;
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

/**
 * The models of the requested reports, each handed over once to the writer of its files. The SLA
 * model is read first (its account row is what the gates judge); when both reports are asked
 * for, the incident model is read only once the SLA files are written and that model is let go
 * (only its digest is kept), so the two never share the heap: at 10,000 monitors each is tens
 * of megabytes (docs/reports.md, "Large accounts"). A ReportModels is written once.
 */
export interface ReportModels {
  readonly period: ReportPeriod;
  /** The account's row of uptrends.figures: the SLA model's, else the incident model's. */
  readonly account: Figure;
  readonly sla: (() => Promise<SlaModel>) | null;
  readonly incidents: (() => Promise<IncidentModel>) | null;
}

/** `value`, handed over by the first call; a second call is a programming error. */
function handedOnce<T>(value: T, what: string): () => Promise<T> {
  let held: T | null = value;
  return () => {
    const model = held;
    if (model === null)
      throw new ReportError(`the ${what} model was already written: a ReportModels is written once`);
    held = null;
    return Promise.resolve(model);
  };
}

/** Reads what the gates need before anything is written: the first model of the run. */
export async function loadReportModels(
  db: Warehouse['db'],
  request: ResolvedReportRequest,
  clock: Clock,
): Promise<ReportModels> {
  const { reports } = request.output;
  if (reports.length === 0) throw new ConfigError('no report chosen: give sla, incidents or both.');
  if (reports.includes('sla') && request.output.formats.includes('xlsx')) preloadSlaXlsx();
  const readIncidents = (): Promise<IncidentModel> => loadIncidentModel(db, request, clock);
  if (reports.includes('sla')) {
    const sla = await loadSlaModel(db, request, clock);
    return {
      period: sla.period,
      account: sla.account,
      sla: handedOnce(sla, 'SLA'),
      incidents: reports.includes('incidents') ? readIncidents : null,
    };
  }
  const incidents = await readIncidents();
  return {
    period: incidents.period,
    account: incidents.account,
    sla: null,
    incidents: handedOnce(incidents, 'incident'),
  };
}

/** Writes the files of loaded models; every path, SLA files first. */
export async function writeReportFiles(
  models: ReportModels,
  request: ResolvedReportRequest,
  deps: Pick<RunReportsDeps, 'clock' | 'logger' | 'signal'> = {},
): Promise<Pick<ReportsResult, 'paths' | 'sla' | 'incidents'>> {
  // Every file goes to a staging folder first and is published only once the whole set is written.
  return withReportSet(request.output.outDir, deps.signal, (dir) => writeSet(models, request, dir, deps));
}

/**
 * Writes the SLA files and keeps their digest. A function of its own: a variable of the caller
 * that held the written model would keep it alive (an async function's frame holds its block's
 * variables until it returns) while the incident report is written.
 */
async function writeSlaFiles(
  model: SlaModel,
  write: Parameters<typeof writeSlaReport>[1],
  paths: string[],
): Promise<NonNullable<ReportsResult['sla']>> {
  const written = await writeSlaReport(model, write);
  paths.push(...written.paths);
  return { digest: slaDigest(written.model), headline: slaHeadline(written.model) };
}

async function writeSet(
  models: ReportModels,
  request: ResolvedReportRequest,
  dir: string,
  deps: Pick<RunReportsDeps, 'clock' | 'logger' | 'signal'>,
): Promise<Pick<ReportsResult, 'paths' | 'sla' | 'incidents'>> {
  const write = {
    outDir: dir,
    formats: request.output.formats,
    clock: deps.clock ?? systemClock,
    signal: deps.signal,
  };
  const paths: string[] = [];
  let sla: ReportsResult['sla'] = null;
  let incidents: ReportsResult['incidents'] = null;
  if (models.sla !== null) {
    sla = await writeSlaFiles(await models.sla(), write, paths);
    deps.logger?.info(
      { report: 'sla', period: models.period.label, ...sla.headline },
      `SLA report ${models.period.label} written`,
    );
  }
  if (models.incidents !== null) {
    const written = await writeIncidentReport(await untilInterrupted(deps.signal, models.incidents()), write);
    paths.push(...written.paths);
    incidents = { model: written.model, headline: incidentHeadline(written.model) };
    deps.logger?.info(
      { report: 'incidents', period: models.period.label, ...incidents.headline },
      `incident report ${models.period.label} written`,
    );
  }
  return { paths, sla, incidents };
}

/** Writes the requested reports for one resolved request, and mails them when it has mail settings. */
export async function runReports(
  warehouse: Pick<Warehouse, 'db'>,
  request: ResolvedReportRequest,
  deps: RunReportsDeps = {},
): Promise<ReportsResult> {
  const clock = deps.clock ?? systemClock;
  const signal = deps.signal;
  const models = await untilInterrupted(signal, loadReportModels(warehouse.db, request, clock));
  // Said once, from the account row of the first report, before any file is written.
  const noData = noDataReason(models.account, models.period);
  if (noData !== null) {
    if (request.output.strict === true) {
      throw new NoDataError(`${noData}; --strict: nothing is written or sent.`, {
        context: { period: models.period.label, accountId: request.account.accountId },
      });
    }
    deps.logger?.warn(
      { period: models.period.label, noData: true },
      `report ${models.period.label}: ${noData}`,
    );
  }
  if (request.output.dryRun === true) {
    const preview = await previewReportFiles(request.output.outDir, async (dir) => {
      const scratch = { ...request, output: { ...request.output, outDir: dir } };
      return (await writeReportFiles(models, scratch, { clock, signal })).paths;
    });
    return {
      accountId: request.account.accountId,
      accountName: request.account.name,
      period: models.period,
      paths: preview.files,
      sla: null,
      incidents: null,
      mail: null,
      noData,
      wouldMail:
        request.mail === undefined
          ? null
          : { to: request.mail.to, attached: preview.attached, omitted: preview.omitted },
    };
  }
  const { paths, sla, incidents } = await writeReportFiles(models, request, {
    clock,
    logger: deps.logger,
    signal,
  });
  deps.onWritten?.(paths);
  throwIfInterrupted(signal);
  let sent: SentReportMail | null = null;
  if (request.mail !== undefined) {
    sent = await (deps.sendMail ?? sendReportMail)({
      ...request.mail,
      sla: sla?.digest,
      incidents: incidents?.model,
      files: paths,
    });
    deps.logger?.info(
      { accepted: sent.accepted.length, attached: sent.attached.length, omitted: sent.omitted.length },
      'report mail sent',
    );
  }
  return {
    accountId: request.account.accountId,
    accountName: request.account.name,
    period: models.period,
    paths,
    sla,
    incidents,
    mail: sent,
    noData,
  };
}
