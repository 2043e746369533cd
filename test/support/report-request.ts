/**
 * A resolved report request for tests, made the way the API makes one (src/api/report-request.ts):
 * the account looked up, the period placed in its zone at the clock's instant. `target` replaces
 * the defaulted target settings when a test needs an error threshold.
 */
import type { Kysely } from 'kysely';
import {
  deliveryMailSettings,
  reportMailSettings,
  resolveReportRequest,
  type PeriodInput,
  type ReportRequestOptions,
} from '../../src/api/report-request.ts';
import type { Config } from '../../src/config.ts';
import type { ConfigFile } from '../../src/config-file/load-config-file.ts';
import type { ReportPeriod } from '../../src/time/calendar-periods.ts';
import { reportPeriodOf, type PeriodChoice } from '../../src/time/period-choice.ts';
import type { Warehouse } from '../../src/load/connection/db.ts';
import { runReports, type ReportsResult, type RunReportsDeps } from '../../src/reports/run-reports.ts';
import type { Database } from '../../src/load/schema.ts';
import type { TargetSettings } from '../../src/reports/queries/figures.ts';
import type { DeliveryMail, ReportMail, ResolvedReportRequest } from '../../src/reports/report-request.ts';
import { loadIncidentModel, type IncidentModel } from '../../src/reports/incidents/model.ts';
import type { SlaModel } from '../../src/reports/sla/model-types.ts';
import { loadSlaModel } from '../../src/reports/sla/model.ts';
import {
  loadAtRiskModel,
  type AtRiskModel,
  type LoadAtRiskModelOptions,
} from '../../src/reports/at-risk/model.ts';
import { queryReportAccount, type ReportAccount } from '../../src/reports/queries/scope.ts';
import type { Clock, LocalDate } from '../../src/terms.ts';

export interface TestReportRequest extends ReportRequestOptions {
  readonly period: PeriodInput;
  readonly outDir?: string | undefined;
  readonly target?: TargetSettings | undefined;
  readonly mail?: ReportMail | undefined;
}

/** The request of `options` at `clock`'s instant. */
export async function reportRequest(
  db: Kysely<Database>,
  options: TestReportRequest,
  clock: Clock,
): Promise<ResolvedReportRequest> {
  const request = await resolveReportRequest(db, options, clock(), options.mail);
  return options.target === undefined ? request : { ...request, target: options.target };
}

/** The SLA model of `options`, resolved as the API resolves it, read at `options.clock`. */
export async function slaModelOf(
  db: Kysely<Database>,
  options: TestReportRequest & { readonly clock: Clock },
): Promise<SlaModel> {
  return loadSlaModel(db, await reportRequest(db, options, options.clock), options.clock);
}

/** The incident model of `options`, resolved as the API resolves it, read at `options.clock`. */
export async function incidentModelOf(
  db: Kysely<Database>,
  options: TestReportRequest & {
    readonly clock: Clock;
    readonly alertPageSize?: number;
    readonly incidentPageSize?: number;
  },
): Promise<IncidentModel> {
  return loadIncidentModel(db, await reportRequest(db, options, options.clock), options.clock, {
    alertPageSize: options.alertPageSize,
    incidentPageSize: options.incidentPageSize,
  });
}

/** The early warning of the warehouse's only account, looked up as the API looks it up. */
export async function atRiskModelOf(
  db: Kysely<Database>,
  options: Omit<LoadAtRiskModelOptions, 'account'>,
): Promise<AtRiskModel> {
  return loadAtRiskModel(db, { ...options, account: await queryReportAccount(db) });
}

/**
 * `runReports` of the reports layer as the API's report job calls it: the mail settings checked
 * first (`mail: true`), then the request resolved against the warehouse at the clock's instant.
 */
export async function runResolvedReports(
  config: Config,
  warehouse: Pick<Warehouse, 'db'>,
  options: Omit<TestReportRequest, 'mail'> & { readonly mail?: boolean },
  deps: RunReportsDeps & { readonly clock: Clock },
): Promise<ReportsResult> {
  const mail = options.mail === true ? reportMailSettings(config) : undefined;
  const request = await reportRequest(warehouse.db, { ...options, mail }, deps.clock);
  return runReports(warehouse, request, deps);
}

/** Delivery options as a test writes them: the account by id, mail on or off, a period choice. */
export interface TestDeliveryOptions {
  readonly accountId?: string | undefined;
  readonly file?: ConfigFile | undefined;
  /** (Default: true) */
  readonly mail?: boolean;
  readonly choice?: { readonly within?: LocalDate; readonly explicit?: PeriodChoice };
}

/**
 * The options of the delivery pipeline resolved as the API resolves them (subscription-jobs.ts,
 * nightly-job.ts): the account looked up once, the mail settings checked, an explicit period
 * placed in the account zone at the clock's instant.
 */
export async function deliveryOptions<T extends TestDeliveryOptions>(
  config: Config,
  warehouse: Pick<Warehouse, 'db'>,
  options: T,
  clock: Clock = () => new Date(),
): Promise<
  Omit<T, 'accountId' | 'mail' | 'choice'> & {
    account: ReportAccount;
    mail: DeliveryMail;
    choice: { within?: LocalDate; explicit?: ReportPeriod };
  }
> {
  const { accountId, mail: _mail, choice, ...rest } = options;
  const account = await queryReportAccount(warehouse.db, accountId);
  const explicit =
    choice?.explicit === undefined ? undefined : reportPeriodOf(choice.explicit, clock(), account.zone);
  return {
    ...rest,
    account,
    mail:
      (options.mail ?? true)
        ? deliveryMailSettings(config, options.file)
        : (undefined as unknown as DeliveryMail),
    choice: {
      ...(choice?.within === undefined ? {} : { within: choice.within }),
      ...(explicit === undefined ? {} : { explicit }),
    },
  };
}
