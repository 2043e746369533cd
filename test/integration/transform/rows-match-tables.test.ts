/**
 * Contract between the row mappers and the warehouse: each mapper writes exactly the columns of
 * its table as the migrated database has them (information_schema), except the columns the loader
 * or the database fill (seen stamps, soft deletes, insert-time defaults). The Kysely types check
 * names and value types at compile time; this checks that no column is left out, and that no
 * table has a password column. The tables come from the stream registry (every table a stream
 * says it writes, its `also` and after-load tables included), so a new stream's tables are
 * checked as soon as it is registered: a table without a sample row below fails by name.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertSchema } from '../../../src/extract/schemas/alert.ts';
import {
  alertDefinitionMemberSchema,
  alertDefinitionSchema,
  escalationLevelIntegrationSchema,
  escalationLevelMemberSchema,
  escalationLevelSchema,
} from '../../../src/extract/schemas/alert-definition.ts';
import { checkpointRegionSchema, checkpointSchema } from '../../../src/extract/schemas/checkpoint.ts';
import { STREAMS } from '../../../src/pipeline/streams/index.ts';
import { checkpointRegionRow, checkpointRow } from '../../../src/transform/rows/checkpoint-rows.ts';
import {
  alertDefinitionMemberRow,
  alertDefinitionRow,
  alertEscalationLevelIntegrationRow,
  alertEscalationLevelMemberRow,
  alertEscalationLevelRow,
} from '../../../src/transform/rows/alert-definition-rows.ts';
import { infraDeviceSchema } from '../../../src/extract/schemas/infra-device-group-data.ts';
import { maintenancePeriodSchema } from '../../../src/extract/schemas/maintenance-period.ts';
import { monitorGroupSchema } from '../../../src/extract/schemas/monitor-group.ts';
import { statisticsSchema } from '../../../src/extract/schemas/statistics.ts';
import { accountRow } from '../../../src/transform/rows/account-row.ts';
import { alertRow } from '../../../src/transform/rows/alert-row.ts';
import {
  infraDataFeedValueRows,
  infraDeviceGroupRow,
  infraDeviceRow,
  infraDeviceUptimeDailyRow,
} from '../../../src/transform/rows/infra-rows.ts';
import { maintenancePeriodRow } from '../../../src/transform/rows/maintenance-period-row.ts';
import {
  monitorErrorConditionRows,
  monitorHistoryRow,
  monitorRow,
} from '../../../src/transform/rows/monitor-rows.ts';
import {
  monitorGroupMemberRow,
  monitorGroupQuotaDailyRow,
  monitorGroupRow,
} from '../../../src/transform/rows/monitor-group-rows.ts';
import { monitorStatisticsRow } from '../../../src/transform/rows/monitor-statistics-row.ts';
import {
  operatorGroupMemberRow,
  operatorGroupRow,
  operatorRow,
} from '../../../src/transform/rows/operator-rows.ts';
import { publicStatusPageRow } from '../../../src/transform/rows/public-status-page-row.ts';
import { slaExclusionPeriodRow, slaRow } from '../../../src/transform/rows/sla-rows.ts';
import { timezoneRow } from '../../../src/transform/rows/timezone-row.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { CTX, MONITOR } from '../../unit/transform/rows/fixtures.ts';

/** Columns a mapper does not write: the loader stamps them, or the database defaults them. */
// account_name comes from the configuration file (src/load/account-names.ts), not from the API.
const NOT_MAPPED = new Set(['first_seen_at', 'last_seen_at', 'deleted_at', 'loaded_at', 'account_name']);

const G = 'aaaaaaaa-1111-2222-3333-444444444444';
const now = new Date('2025-06-01T00:00:00Z');
const group = monitorGroupSchema.parse({ MonitorGroupGuid: G, IsAll: false });
const device = infraDeviceSchema.parse({ Id: 1, DataFeeds: [{ Id: 'f', Value: '1' }] });
const alert = {
  Id: 'AFD846BE-DDBF-49E1-AD15-2EEE5F6D7544',
  Attributes: {
    AlertType: 'Error',
    MonitorGuid: G,
    Timestamp: '2025-01-02T02:30:46',
    FirstError: '2024-12-11T20:11:01',
    MonitorCheckId: 2,
    FirstErrorMonitorCheckId: 1,
    IncidentKey: 'k',
  },
};
const bucket = {
  Id: '10/13/2025 8:00:00 PM',
  Attributes: {
    StartDateTime: '2025-10-13T20:00:00',
    EndDateTime: '2025-10-13T21:00:00',
    Uptime: 3600,
    Downtime: 0,
  },
};

/** Tables a stream writes without a row mapper, and what writes them instead. */
const WRITTEN_IN_SQL: Record<string, string> = { incident: 'uptrends.refresh_incidents(), from the alerts' };

/** Tables with a row mapper that no stream writes, and who writes them. */
const NOT_A_STREAM: Record<string, string> = { account: 'the run, when it identifies the account' };

/** One sample row of every table with a row mapper. */
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
  alert: alertRow(alertSchema.parse(alert), CTX, alert),
  monitor_statistics: monitorStatisticsRow(G, statisticsSchema.parse(bucket), CTX, bucket),
  infra_device_group: infraDeviceGroupRow(
    { id: 'all', name: 'All devices', parentId: null, depth: 0, status: null, raw: null },
    CTX,
  ),
  infra_device: infraDeviceRow(device, ['all'], CTX, device),
  infra_device_uptime_daily: infraDeviceUptimeDailyRow(
    device,
    '2025-01-01',
    '20250101-20250101',
    CTX,
    device,
  ),
  infra_data_feed_value: infraDataFeedValueRows(device, device, new Date(0), CTX).rows[0] ?? {},
  checkpoint: checkpointRow(checkpointSchema.parse({ Id: 1 }), CTX),
  checkpoint_region: checkpointRegionRow(checkpointRegionSchema.parse({ Id: 1 }), CTX),
  alert_definition: alertDefinitionRow(alertDefinitionSchema.parse({ AlertDefinitionGuid: G }), CTX),
  alert_definition_member: alertDefinitionMemberRow(
    G,
    alertDefinitionMemberSchema.parse({ MonitorGroupGuid: G }),
    CTX,
  ),
  alert_escalation_level: alertEscalationLevelRow(G, escalationLevelSchema.parse({ Id: 1 }), CTX),
  alert_escalation_level_member: alertEscalationLevelMemberRow(
    G,
    1,
    escalationLevelMemberSchema.parse({ OperatorGuid: G }),
    CTX,
  ),
  alert_escalation_level_integration: alertEscalationLevelIntegrationRow(
    G,
    1,
    escalationLevelIntegrationSchema.parse({ IntegrationGuid: G }),
    CTX,
  ),
};

/** Every table the registry's streams write, in registry order, and the mapped tables of no stream. */
const STREAM_TABLES = [...new Set(STREAMS.flatMap((s) => s.tables))];
const CHECKED = [...STREAM_TABLES.filter((t) => !(t in WRITTEN_IN_SQL)), ...Object.keys(NOT_A_STREAM)];

let tdb: TestDatabase;
let columns: Map<string, string[]>;
beforeAll(async () => {
  tdb = await createTestDatabase();
  const result = await sql<{ table: string; column: string }>`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = 'uptrends' order by 1, 2`.execute(tdb.warehouse.db);
  columns = new Map();
  for (const r of result.rows) columns.set(r.table, [...(columns.get(r.table) ?? []), r.column]);
});
afterAll(() => tdb.drop());

describe('row mappers write exactly the columns of their tables', () => {
  it('the registry names every table a sample row is kept for, and every one exists', () => {
    expect(STREAM_TABLES.length).toBeGreaterThan(20);
    expect(Object.keys(ROWS).sort()).toEqual([...CHECKED].sort());
    for (const table of [...STREAM_TABLES, ...Object.keys(NOT_A_STREAM)])
      expect(columns.has(table), table).toBe(true);
  });

  it.each(CHECKED)('%s', (table) => {
    const row = ROWS[table];
    expect(row, `no sample row of ${table}: add one to ROWS`).toBeDefined();
    const expected = (columns.get(table) ?? []).filter((c) => !NOT_MAPPED.has(c)).sort();
    expect(expected.length).toBeGreaterThan(2);
    expect(Object.keys(row ?? {}).sort()).toEqual(expected);
  });

  it('no table or view has a password column', () => {
    const all = [...columns.values()].flat();
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((c) => /password/i.test(c))).toEqual([]);
  });
});
