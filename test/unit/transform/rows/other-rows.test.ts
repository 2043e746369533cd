import { describe, expect, it } from 'vitest';
import { accountSchema, timezoneSchema } from '../../../../src/extract/schemas/account.ts';
import { monitorGroupSchema } from '../../../../src/extract/schemas/monitor-group.ts';
import { operatorGroupSchema, operatorSchema } from '../../../../src/extract/schemas/operator.ts';
import { publicStatusPageSchema } from '../../../../src/extract/schemas/public-status-page.ts';
import { slaExclusionPeriodSchema, slaSchema } from '../../../../src/extract/schemas/sla.ts';
import { accountRow } from '../../../../src/transform/rows/account-row.ts';
import {
  monitorGroupMemberRow,
  monitorGroupQuotaDailyRow,
  monitorGroupRow,
} from '../../../../src/transform/rows/monitor-group-rows.ts';
import {
  operatorGroupMemberRow,
  operatorGroupRow,
  operatorRow,
} from '../../../../src/transform/rows/operator-rows.ts';
import { publicStatusPageRow } from '../../../../src/transform/rows/public-status-page-row.ts';
import { slaExclusionPeriodRow, slaRow } from '../../../../src/transform/rows/sla-rows.ts';
import { timezoneRow } from '../../../../src/transform/rows/timezone-row.ts';
import { CTX } from './fixtures.ts';

const G1 = 'AAAAAAAA-1111-2222-3333-444444444444';
const G2 = 'bbbbbbbb-1111-2222-3333-444444444444';
const NOW = new Date('2025-06-01T00:00:00Z');

describe('group and membership rows', () => {
  const group = monitorGroupSchema.parse({
    MonitorGroupGuid: G1,
    Description: 'All monitors',
    IsAll: true,
    BasicMonitorQuota: 50,
    UsedBasicMonitorQuota: 12,
  });

  it('monitor group row carries quotas and credits in use', () => {
    expect(monitorGroupRow(group, CTX)).toMatchObject({
      account_id: '123456',
      monitor_group_guid: 'aaaaaaaa-1111-2222-3333-444444444444',
      description: 'All monitors',
      is_all: true,
      basic_monitor_quota: 50,
      used_basic_monitor_quota: 12,
      run_id: 42,
    });
    expect(monitorGroupRow(group, CTX)).not.toHaveProperty('snapshot_date');
  });

  it('daily quota row is keyed by group and account-local date', () => {
    const at = new Date('2025-06-01T21:30:00Z');
    expect(monitorGroupQuotaDailyRow(group, '2025-06-01', at, CTX)).toMatchObject({
      monitor_group_guid: 'aaaaaaaa-1111-2222-3333-444444444444',
      snapshot_date: '2025-06-01',
      used_basic_monitor_quota: 12,
      captured_at: at,
      run_id: 42,
    });
  });

  it('member rows lower-case both GUIDs', () => {
    expect(monitorGroupMemberRow(G1, { MonitorGuid: G2.toUpperCase() }, CTX)).toEqual({
      account_id: '123456',
      monitor_group_guid: 'aaaaaaaa-1111-2222-3333-444444444444',
      monitor_guid: G2,
      run_id: 42,
    });
    expect(operatorGroupMemberRow(G1, { OperatorGuid: G2 }, CTX).operator_guid).toBe(G2);
  });
});

describe('SLA rows', () => {
  it('reads the typo field for the operator response threshold', () => {
    const sla = slaSchema.parse({
      SlaGuid: G1,
      Description: 'Gold',
      UptimeErrorThreshold: 99,
      UptimeWarningThreshold: 99.5,
      OperatorReponseTimeThreshold: 15,
    });
    expect(slaRow(sla, CTX)).toMatchObject({
      description: 'Gold',
      uptime_error_threshold: 99,
      operator_response_time_threshold: 15,
    });
  });

  it('exclusion periods become UTC instants keyed with their SLA', () => {
    const period = slaExclusionPeriodSchema.parse({
      ExclusionPeriodId: 3,
      From: '2025-12-24T00:00:00',
      Until: '2025-12-27T00:00:00',
    });
    expect(slaExclusionPeriodRow(G1, period, CTX)).toMatchObject({
      sla_guid: 'aaaaaaaa-1111-2222-3333-444444444444',
      exclusion_period_id: 3,
      from_at: new Date('2025-12-23T23:00:00Z'),
      from_at_local: '2025-12-24T00:00:00',
      until_at: new Date('2025-12-26T23:00:00Z'),
    });
  });
});

describe('operator rows', () => {
  it('keeps the password out and treats an empty culture as the account default', () => {
    const operator = operatorSchema.parse({
      OperatorGuid: G1,
      FullName: 'Third Operator',
      Email: 't@acme.com',
      CultureName: '',
      TimeZoneId: 56,
      Password: 'pw',
      MobilePhone: '+316',
    });
    const row = operatorRow(operator, CTX);
    expect(row).toMatchObject({
      full_name: 'Third Operator',
      email: 't@acme.com',
      culture_name: null,
      time_zone_id: 56,
    });
    expect(JSON.stringify(row)).not.toContain('"pw"');
    expect(row.raw).toMatchObject({ MobilePhone: '+316' });
  });

  it('operator groups accept either administrators flag', () => {
    expect(
      operatorGroupRow(operatorGroupSchema.parse({ OperatorGroupGuid: G1, IsAdministratorGroup: true }), CTX)
        .is_administrators_group,
    ).toBe(true);
    expect(
      operatorGroupRow(operatorGroupSchema.parse({ OperatorGroupGuid: G1, IsEveryone: true }), CTX),
    ).toMatchObject({
      is_everyone: true,
      is_administrators_group: null,
    });
  });
});

describe('publicStatusPageRow', () => {
  it('stores distinct lower-case GUID arrays and no SLA for the empty GUID', () => {
    const page = publicStatusPageSchema.parse({
      PublicDashboardGuid: G1,
      Name: 'Status',
      IsPublished: true,
      SlaGuid: '00000000-0000-0000-0000-000000000000',
      MonitorGuids: [G2.toUpperCase(), G2],
    });
    expect(publicStatusPageRow(page, CTX)).toMatchObject({
      public_status_page_guid: 'aaaaaaaa-1111-2222-3333-444444444444',
      sla_guid: null,
      monitor_guids: [G2],
      monitor_group_guids: [],
    });
    const withSla = publicStatusPageSchema.parse({
      PublicDashboardGuid: G1,
      SlaGuid: G2,
      SlaGuidSpecified: true,
    });
    expect(publicStatusPageRow(withSla, CTX).sla_guid).toBe(G2);
    const unspecified = publicStatusPageSchema.parse({
      PublicDashboardGuid: G1,
      SlaGuid: G2,
      SlaGuidSpecified: false,
    });
    expect(publicStatusPageRow(unspecified, CTX).sla_guid).toBeNull();
  });
});

describe('accountRow and timezoneRow', () => {
  it('account row holds the resolved zone and the quotas', () => {
    const row = accountRow(
      {
        account: accountSchema.parse({
          AccountId: '123456',
          ExpirationDate: '2026-01-01T00:00:00',
          MonitorQuota: { BasicMonitors: 10, BasicMonitorsInUse: 4 },
        }),
        settings: { TimezoneId: 56 },
        timezone: timezoneSchema.parse({
          TimezoneId: 56,
          Description: 'GMT+01:00* Amsterdam',
          OffsetFromUtc: 60,
          HasDaylightSaving: true,
          DaylightSavingOffset: 60,
        }),
        resolution: { zone: 'Europe/Amsterdam', exact: true, reason: 'verified', source: 'api' },
      },
      CTX,
    );
    expect(row).toMatchObject({
      account_id: '123456',
      timezone_id: 56,
      timezone_description: 'GMT+01:00* Amsterdam',
      iana_zone: 'Europe/Amsterdam',
      iana_zone_exact: true,
      iana_zone_source: 'api',
      expiration_at: new Date('2025-12-31T23:00:00Z'),
      basic_monitors: 10,
      basic_monitors_in_use: 4,
      operators: null,
      settings_raw: { TimezoneId: 56 },
    });
  });

  it('account row needs only the resolution (UPTRENDS_TIMEZONE set, nothing fetched)', () => {
    const row = accountRow(
      { resolution: { zone: 'Asia/Tokyo', exact: true, reason: 'set', source: 'UPTRENDS_TIMEZONE' } },
      CTX,
    );
    expect(row).toMatchObject({ timezone_id: null, iana_zone: 'Asia/Tokyo', raw: null, expiration_at: null });
  });

  it('timezone row maps the zone, keeps DST dates as written, and survives an unmappable zone', () => {
    const chicago = timezoneSchema.parse({
      TimezoneId: 56,
      Description: 'GMT-06:00* Central time',
      OffsetFromUtc: -360,
      HasDaylightSaving: true,
      DaylightSavingOffset: 60,
      DaylightSavingStart: '2025-03-09T02:00:00',
    });
    expect(timezoneRow(chicago, CTX, NOW)).toMatchObject({
      timezone_id: 56,
      offset_from_utc_minutes: -360,
      dst_hemisphere: 'north',
      daylight_saving_start_local: '2025-03-09T02:00:00',
      iana_zone: 'America/Chicago',
      iana_zone_exact: true,
    });
    const cocos = timezoneSchema.parse({
      TimezoneId: 2,
      Description: 'GMT+06:00# Cocos Islands',
      OffsetFromUtc: 360,
      HasDaylightSaving: true,
      DaylightSavingOffset: 60,
    });
    expect(timezoneRow(cocos, CTX, NOW)).toMatchObject({
      dst_hemisphere: 'south',
      iana_zone: null,
      iana_zone_exact: null,
    });
  });
});
