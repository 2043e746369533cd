/**
 * `uptrends.account` row: the account, its Uptrends time zone and the IANA zone this run
 * resolved for it. Analysts join on it to read local times; `maintenance_interval()` reads the
 * zone from it.
 */
import type { MappedRow } from '../../load/schema.ts';
import type { Account, AccountSettings, UptrendsTimezone } from '../../extract/schemas/account.ts';
import type { IanaZone } from '../../terms.ts';
import { parseLocalTimestamp } from '../parse-local-timestamp.ts';
import type { RowContext } from '../row-context.ts';
import { rawColumn } from '../raw-column.ts';

/** How the run's zone was chosen (docs/time.md). */
export interface ZoneResolution {
  readonly zone: IanaZone;
  /** False when mapUptrendsTimezone had to guess. */
  readonly exact: boolean;
  readonly reason: string;
  /** `UPTRENDS_TIMEZONE` (setting) or `api` (/Account/Settings + /Timezone/{id}). */
  readonly source: 'UPTRENDS_TIMEZONE' | 'api';
}

/** The records the account row is made of; all optional but the zone. */
export interface AccountInput {
  readonly account?: Account | null;
  readonly settings?: AccountSettings | null;
  readonly timezone?: UptrendsTimezone | null;
  readonly resolution: ZoneResolution;
}

/** Columns of `uptrends.account` written by the mapper (the run adds the configuration's name). */
export type AccountRow = Omit<MappedRow<'account'>, 'account_name'>;

/** Maps the account's records; the account id is the run's (ctx), not AccountId of /Account. */
export function accountRow(input: AccountInput, ctx: RowContext): AccountRow {
  const { account, settings, timezone, resolution } = input;
  const expiration = parseLocalTimestamp(account?.ExpirationDate, resolution.zone, {
    stream: ctx.stream ?? 'account',
    field: 'ExpirationDate',
    recordId: ctx.accountId,
  });
  const monitorQuota = account?.MonitorQuota;
  const operatorQuota = account?.OperatorQuota;
  return {
    account_id: ctx.accountId,
    timezone_id: settings?.TimezoneId ?? timezone?.TimezoneId ?? null,
    timezone_description: timezone?.Description ?? null,
    iana_zone: resolution.zone,
    iana_zone_exact: resolution.exact,
    iana_zone_source: resolution.source,
    iana_zone_reason: resolution.reason,
    expiration_at: expiration?.at ?? null,
    expiration_at_local: expiration?.local ?? null,
    basic_monitors: monitorQuota?.BasicMonitors ?? null,
    basic_monitors_in_use: monitorQuota?.BasicMonitorsInUse ?? null,
    browser_monitors: monitorQuota?.BrowserMonitors ?? null,
    browser_monitors_in_use: monitorQuota?.BrowserMonitorsInUse ?? null,
    transaction_credits: monitorQuota?.TransactionCredits ?? null,
    transaction_credits_in_use: monitorQuota?.TransactionCreditsInUse ?? null,
    api_monitoring_credits: monitorQuota?.ApiMonitoringCredits ?? null,
    api_monitoring_credits_in_use: monitorQuota?.ApiMonitoringCreditsInUse ?? null,
    monitors: monitorQuota?.Monitors ?? null,
    monitors_in_use: monitorQuota?.MonitorsInUse ?? null,
    operators: operatorQuota?.Operators ?? null,
    operators_in_use: operatorQuota?.OperatorsInUse ?? null,
    remaining_message_credits: account?.RemainingMessageCredits ?? null,
    raw: account === null || account === undefined ? null : rawColumn(account),
    settings_raw: settings === null || settings === undefined ? null : rawColumn(settings),
    run_id: ctx.runId,
  };
}
