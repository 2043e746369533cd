/**
 * What a report run receives: a request whose every part is resolved. The account is looked up,
 * the period placed in the account zone, the scope, target, output and mail settings defaulted
 * and checked, the recipients parsed. It is built at the edge (src/api/report-request.ts for the
 * `report` commands, the demo and tests; the delivery session of the subscriptions from its own
 * resolved parts), and everything below (run-reports.ts, queries/common-input.ts, the models)
 * accepts only it: no layer below the API resolves an option again (issue 44;
 * test/unit/architecture.test.ts checks the signatures).
 */
import type { Recipients } from '../email-address.ts';
import type { ReportPeriod } from '../time/calendar-periods.ts';
import type { TargetSettings } from './queries/figures.ts';
import type { ReportAccount, ReportScope } from './queries/scope.ts';
import type { ReportFormat } from './render/report-files.ts';
import { DEFAULT_SLA_TARGET, type REPORT_KINDS } from './report-defaults.ts';

/** One report. */
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The monitors a report covers: the groups and monitors picked, by guid or name; none: every one. */
export interface ReportScopeChoice {
  readonly monitorGroups: readonly string[];
  readonly monitors: readonly string[];
}

/** Where the files go and which. */
export interface ReportOutput {
  /** Which reports to write. */
  readonly reports: readonly ReportKind[];
  /** The folder, account sub-folder included. */
  readonly outDir: string;
  readonly formats: readonly ReportFormat[];
  /** Refuse (NoDataError) a period without data instead of writing it with a warning. (Default: false) */
  readonly strict?: boolean;
  /**
   * A dry run: list the files and the mail the run would write and send, writing the files into a
   * temporary folder only (mail/mail-preview.ts); nothing is left in `outDir` or sent. (Default: false)
   */
  readonly dryRun?: boolean;
}

/** The SMTP server, sender and recipients of a report mail, every one checked. */
export interface ReportMail {
  readonly smtpUrl: string;
  readonly from: string;
  readonly to: Recipients;
}

/** The SMTP server and sender of subscription mail (each subscription has its own recipients). */
export type DeliveryMail = Omit<ReportMail, 'to'>;

/** A report run, resolved. */
export interface ResolvedReportRequest {
  readonly account: ReportAccount;
  /** In the account zone. */
  readonly period: ReportPeriod;
  /** Report a period that has not ended, up to now, labelled "to date" (else it is refused). */
  readonly toDate: boolean;
  readonly scope: ReportScopeChoice;
  /** The target of groups without an SLA and of the account, or an override of every target. */
  readonly target: TargetSettings;
  /**
   * The SLA definitions the SLA overview shows, by GUID, as Uptrends' "SLA based on" (`--sla`, a
   * subscription's `sla:`); null: every definition of the account.
   */
  readonly slaGuids: readonly string[] | null;
  readonly output: ReportOutput;
  /** Mail the files once written; undefined: files only. */
  readonly mail: ReportMail | undefined;
}

/** The target settings of a default target (Default: 99.9) and an optional override of every target. */
export function targetSettingsOf(targetOverride: number | undefined, defaultTarget?: number): TargetSettings {
  return targetOverride === undefined
    ? { desired: defaultTarget ?? DEFAULT_SLA_TARGET }
    : { desired: targetOverride, override: true };
}

/** True when the report covers picked groups or monitors, not every monitor of the account. */
export function isRestricted(scope: ReportScopeChoice): boolean {
  return scope.monitorGroups.length > 0 || scope.monitors.length > 0;
}

/**
 * The guid filters of the figure functions for a scope: null (every monitor, every group) when
 * the report is not restricted, else the monitors and groups the scope resolved to.
 */
export function scopeFilters(
  choice: ReportScopeChoice,
  scope: Pick<ReportScope, 'monitors' | 'groups'>,
): { readonly monitorGuids: string[] | null; readonly groupGuids: string[] | null } {
  if (!isRestricted(choice)) return { monitorGuids: null, groupGuids: null };
  return {
    monitorGuids: scope.monitors.map((m) => m.monitor_guid),
    groupGuids: scope.groups.map((g) => g.monitor_group_guid),
  };
}
