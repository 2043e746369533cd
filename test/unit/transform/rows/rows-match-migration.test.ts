/**
 * Contract between the row mappers and migration 000003: every mapper writes exactly the columns
 * of its table, except those the generic loader owns (first_seen_at, last_seen_at, deleted_at).
 * A column added to one side only fails here, not in an integration run.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { maintenancePeriodSchema } from '../../../../src/extract/schemas/maintenance-period.ts';
import { monitorGroupSchema } from '../../../../src/extract/schemas/monitor-group.ts';
import { accountRow } from '../../../../src/transform/rows/account-row.ts';
import { maintenancePeriodRow } from '../../../../src/transform/rows/maintenance-period-row.ts';
import { monitorErrorConditionRows } from '../../../../src/transform/rows/monitor-error-condition-rows.ts';
import { monitorGroupMemberRow } from '../../../../src/transform/rows/monitor-group-member-row.ts';
import { monitorGroupQuotaDailyRow } from '../../../../src/transform/rows/monitor-group-quota-daily-row.ts';
import { monitorGroupRow } from '../../../../src/transform/rows/monitor-group-row.ts';
import { monitorHistoryRow } from '../../../../src/transform/rows/monitor-history-row.ts';
import { monitorRow } from '../../../../src/transform/rows/monitor-row.ts';
import { operatorGroupMemberRow } from '../../../../src/transform/rows/operator-group-member-row.ts';
import { operatorGroupRow } from '../../../../src/transform/rows/operator-group-row.ts';
import { operatorRow } from '../../../../src/transform/rows/operator-row.ts';
import { publicStatusPageRow } from '../../../../src/transform/rows/public-status-page-row.ts';
import { slaExclusionPeriodRow } from '../../../../src/transform/rows/sla-exclusion-period-row.ts';
import { slaRow } from '../../../../src/transform/rows/sla-row.ts';
import { timezoneRow } from '../../../../src/transform/rows/timezone-row.ts';
import { CTX, MONITOR } from './fixtures.ts';

const LOADER_OWNED = new Set(['first_seen_at', 'last_seen_at', 'deleted_at']);
const MIGRATION = readFileSync(
  new URL('../../../../sql/migrations/000003_configuration.sql', import.meta.url),
  'utf8',
);

function columnsOf(table: string): string[] {
  const match = new RegExp(`create table uptrends\\.${table} \\(([\\s\\S]*?)\\n\\);`).exec(MIGRATION);
  if (match?.[1] === undefined) throw new Error(`table ${table} not in the migration`);
  return match[1]
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('constraint'))
    .map((line) => line.split(/\s+/)[0] ?? '')
    .filter((name) => !LOADER_OWNED.has(name))
    .sort();
}

const G = 'aaaaaaaa-1111-2222-3333-444444444444';
const group = monitorGroupSchema.parse({ MonitorGroupGuid: G, IsAll: false });
const now = new Date('2025-06-01T00:00:00Z');

const ROWS: Record<string, object> = {
  account: accountRow({ resolution: { zone: 'UTC', exact: true, reason: 'r', source: 'api' } }, CTX),
  timezone: timezoneRow(
    { TimezoneId: 1, OffsetFromUtc: 0, HasDaylightSaving: false, Description: 'UTC' },
    CTX,
    now,
  ),
  monitor: monitorRow(MONITOR, CTX),
  monitor_history: monitorHistoryRow(monitorRow(MONITOR, CTX), now),
  monitor_error_condition: monitorErrorConditionRows(MONITOR, CTX)[0] ?? {},
  monitor_group: monitorGroupRow(group, CTX),
  monitor_group_member: monitorGroupMemberRow(G, { MonitorGuid: G }, CTX),
  monitor_group_quota_daily: monitorGroupQuotaDailyRow(group, '2025-06-01', now, CTX),
  sla: slaRow({ SlaGuid: G }, CTX),
  sla_exclusion_period: slaExclusionPeriodRow(G, { ExclusionPeriodId: 1 }, CTX),
  maintenance_period: maintenancePeriodRow(
    G,
    maintenancePeriodSchema.parse({ Id: 1, ScheduleMode: 'Daily', MaintenanceType: 'DisableMonitoring' }),
    CTX,
  ),
  operator: operatorRow({ OperatorGuid: G }, CTX),
  operator_group: operatorGroupRow({ OperatorGroupGuid: G }, CTX),
  operator_group_member: operatorGroupMemberRow(G, { OperatorGuid: G }, CTX),
  public_status_page: publicStatusPageRow({ PublicDashboardGuid: G }, CTX),
};

describe('row mappers match migration 000003', () => {
  it.each(Object.entries(ROWS))('%s', (table, row) => {
    expect(Object.keys(row).sort()).toEqual(columnsOf(table));
  });

  it('no table has a password column', () => {
    expect(MIGRATION).not.toMatch(/^\s*\w*password\w*\s/im);
  });
});
