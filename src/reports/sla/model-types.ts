/**
 * The SLA report model: the rows of the warehouse's figure functions the SLA workbook, its CSVs,
 * its PDF and the mail lay out, chosen and ordered, never computed (docs/reports.md, "Figures").
 */
import type { LocalDate } from '../../terms.ts';
import type { Figure, MaintenanceFigure } from '../queries/figures.ts';
import type { ReportSlaDefinition } from '../queries/report-input.ts';
import type { SlaFigureDefinition, SlaOverviewSection } from '../queries/sla-overview.ts';
import type { ReportPeriod } from '../../time/calendar-periods.ts';
import type { DailyDays } from './daily-matrix.ts';

/** One group (or the account) in one Trend month. */
export interface TrendRow {
  /** `yyyy-MM` of the month. */
  readonly month: string;
  readonly monthLabel: string;
  readonly figure: Figure;
}

/** One distinct target in use, with the monitors held to it. */
export interface TargetRow {
  readonly source: string;
  readonly slaName: string | null;
  readonly desired: number;
  readonly error: number;
  readonly monitorNames: readonly string[];
}

/** An SLA definition of the account and the groups held to it. */
export interface SlaDefinitionRow {
  readonly definition: ReportSlaDefinition;
  readonly groupNames: string;
}

/** Daily device uptime of the Infra API, with the device's figure over the period. */
export interface InfraDeviceRow {
  readonly deviceId: string;
  readonly deviceName: string;
  readonly values: readonly (number | null)[];
  /** Uptime weighted by day length over the days with data (uptrends.infra_device_figures). */
  readonly uptime: number | null;
  readonly daysWithData: number;
}

export type { DailyFigure } from './daily-matrix.ts';

/** The whole SLA report. */
export interface SlaModel {
  readonly period: ReportPeriod;
  readonly previousPeriod: ReportPeriod;
  /** The end of the elapsed part of the period (period end, or now for a running period). */
  readonly elapsedEnd: Date;
  readonly generatedAt: Date;
  readonly dataAsOf: Date;
  readonly scope: string;
  /** True when the report covers picked groups or monitors, not the whole account. */
  readonly scopeRestricted: boolean;
  readonly rulesVersion: string;
  /** The target of groups without an SLA and of the account. */
  readonly defaultTarget: { readonly desired: number; readonly error: number };
  /** Every Production monitor in scope, compared with the previous period. */
  readonly account: Figure;
  /** The account in the previous period (the KPI tiles' second line). */
  readonly accountPrevious: Figure;
  /** Production monitors in scope, by group names then name. */
  readonly monitors: readonly Figure[];
  /** Groups, All Monitors first, then by name. */
  readonly groups: readonly Figure[];
  /** Up to five monitors with the lowest uptime (only those with downtime or under 100 %). */
  readonly worst: readonly Figure[];
  readonly daily: {
    readonly days: readonly LocalDate[];
    /** Per monitor (in `monitors` order), its figures of each day (null: it did not exist). */
    readonly rows: readonly { readonly monitor: Figure; readonly days: DailyDays }[];
    /** The account's figures of each day. */
    readonly account: DailyDays;
  };
  readonly trend: { readonly months: readonly ReportPeriod[]; readonly rows: readonly TrendRow[] };
  readonly maintenance: readonly MaintenanceFigure[];
  readonly targets: readonly TargetRow[];
  /** The SLA overview (Uptrends' columns) per SLA definition of the account, by name. */
  readonly slaOverview: readonly SlaOverviewSection[];
  /** True when `--sla` or a subscription's `sla:` chose the definitions (false: every one). */
  readonly slaChosen: boolean;
  /** The SLA overview's terms and rules (uptrends.sla_figure_description), for the Definitions sheet. */
  readonly slaFigureDefinitions: readonly SlaFigureDefinition[];
  readonly slaDefinitions: readonly SlaDefinitionRow[];
  readonly infra: { readonly days: readonly LocalDate[]; readonly rows: readonly InfraDeviceRow[] } | null;
}

/**
 * The SLA model's parts that outlive its files (sla-digest.ts): what the mail, the log's headline
 * and a program calling `runReports` read. An SlaModel is one; the mail's builders take this type,
 * so they cannot come to depend on a part the digest leaves out.
 */
export interface SlaDigest extends Pick<
  SlaModel,
  | 'period'
  | 'previousPeriod'
  | 'generatedAt'
  | 'dataAsOf'
  | 'scope'
  | 'scopeRestricted'
  | 'rulesVersion'
  | 'defaultTarget'
  | 'account'
  | 'accountPrevious'
  | 'groups'
  | 'worst'
  | 'slaChosen'
> {
  /** The days and the account's figure of each (no monitor's). */
  readonly daily: Pick<SlaModel['daily'], 'days' | 'account'>;
  /**
   * Every definition with its account row; of its monitors only those that missed a target
   * (the mail names them), in the model's order.
   */
  readonly slaOverview: readonly SlaOverviewSection[];
}
