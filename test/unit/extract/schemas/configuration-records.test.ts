import { describe, expect, it } from 'vitest';
import {
  accountSchema,
  accountSettingsSchema,
  timezoneSchema,
} from '../../../../src/extract/schemas/account.ts';
import { maintenancePeriodSchema } from '../../../../src/extract/schemas/maintenance-period.ts';
import {
  monitorGroupMemberSchema,
  monitorGroupSchema,
} from '../../../../src/extract/schemas/monitor-group.ts';
import {
  operatorGroupMemberSchema,
  operatorGroupSchema,
  operatorSchema,
} from '../../../../src/extract/schemas/operator.ts';
import { publicStatusPageSchema } from '../../../../src/extract/schemas/public-status-page.ts';
import { slaExclusionPeriodSchema, slaSchema } from '../../../../src/extract/schemas/sla.ts';

const G1 = '36fad910-6e9f-4886-b1a7-9b4637362cb8';
const G2 = 'd2782d76-62e7-4946-a41c-fc7f86c96300';

describe('configuration record schemas', () => {
  it('account settings need TimezoneId; account fields are all optional, AccountId read as text', () => {
    expect(accountSettingsSchema.parse({ TimezoneId: 56 }).TimezoneId).toBe(56);
    expect(accountSettingsSchema.safeParse({}).success).toBe(false);
    expect(accountSchema.parse({ AccountId: 123456 }).AccountId).toBe('123456');
    expect(accountSchema.parse({}).MonitorQuota).toBeUndefined();
  });

  it('time zones: the KB list parses, DaylightSavingOffset absent without DST', () => {
    const zones = [
      {
        TimezoneId: 1,
        Description: 'GMT-04:00# Brazil West, Chile, Paraguay',
        OffsetFromUtc: -240,
        HasDaylightSaving: true,
        DaylightSavingOffset: 60,
      },
      {
        TimezoneId: 3,
        Description: 'GMT+01:00 West Central Africa',
        OffsetFromUtc: 60,
        HasDaylightSaving: false,
      },
    ].map((z) => timezoneSchema.parse(z));
    expect(zones[1]?.DaylightSavingOffset).toBeUndefined();
    expect(timezoneSchema.safeParse({ TimezoneId: 1, OffsetFromUtc: 0 }).success).toBe(false);
  });

  it('monitor groups need the GUID and IsAll; Used* quotas are read', () => {
    const group = monitorGroupSchema.parse({
      MonitorGroupGuid: G1,
      Description: 'All',
      IsAll: true,
      UsedBasicMonitorQuota: 12,
    });
    expect(group.UsedBasicMonitorQuota).toBe(12);
    expect(monitorGroupSchema.safeParse({ MonitorGroupGuid: G1 }).success).toBe(false);
  });

  it('member entries are {MonitorGuid} / {OperatorGuid} objects', () => {
    expect(monitorGroupMemberSchema.parse({ MonitorGuid: G1 }).MonitorGuid).toBe(G1);
    expect(monitorGroupMemberSchema.safeParse(G1).success).toBe(false);
    expect(operatorGroupMemberSchema.parse({ OperatorGuid: G2 }).OperatorGuid).toBe(G2);
  });

  it('SLA keeps the wire typo field; exclusion periods need their id', () => {
    expect(
      slaSchema.parse({ SlaGuid: G1, OperatorReponseTimeThreshold: 15 }).OperatorReponseTimeThreshold,
    ).toBe(15);
    expect(
      slaExclusionPeriodSchema.parse({ ExclusionPeriodId: 3, From: '2025-01-01T00:00:00' }).ExclusionPeriodId,
    ).toBe(3);
    expect(slaExclusionPeriodSchema.safeParse({ From: '2025-01-01T00:00:00' }).success).toBe(false);
  });

  it('maintenance periods: the four KB examples parse; Id, ScheduleMode, MaintenanceType required', () => {
    const examples = [
      {
        Id: 125,
        ScheduleMode: 'Monthly',
        MonthDay: 24,
        StartTime: '22:00',
        EndTime: '22:30',
        MaintenanceType: 'DisableNotifications',
      },
      {
        Id: 123,
        ScheduleMode: 'Weekly',
        WeekDay: 'Thursday',
        StartTime: '22:00',
        EndTime: '22:30',
        MaintenanceType: 'DisableNotifications',
      },
      {
        Id: 123,
        ScheduleMode: 'Daily',
        StartTime: '22:00',
        EndTime: '22:30',
        MaintenanceType: 'DisableNotifications',
      },
      {
        Id: 124,
        ScheduleMode: 'OneTime',
        StartDateTime: '2018-09-24T22:00',
        EndDateTime: '2018-09-24T22:00',
        MaintenanceType: 'DisableMonitoring',
      },
    ];
    for (const example of examples) expect(maintenancePeriodSchema.safeParse(example).success).toBe(true);
    expect(maintenancePeriodSchema.safeParse({ Id: 1, ScheduleMode: 'Daily' }).success).toBe(false);
  });

  it('operators: the KB example parses (CultureName and TimeZoneId optional)', () => {
    const first = operatorSchema.parse({
      OperatorGuid: G1,
      FullName: 'First Operator',
      Email: 'FirstOperator@acme.com',
      IsAccountAdministrator: true,
      SmsProvider: 'UseAccountSetting',
      PhoneProvider: 'UseAccountSetting',
    });
    expect(first.TimeZoneId).toBeUndefined();
    expect(operatorSchema.parse({ OperatorGuid: G2, TimeZoneId: 56, CultureName: '' }).TimeZoneId).toBe(56);
  });

  it('operator groups accept both spellings of the administrators flag', () => {
    expect(
      operatorGroupSchema.parse({ OperatorGroupGuid: G1, IsAdministratorsGroup: true }).IsAdministratorsGroup,
    ).toBe(true);
    expect(
      operatorGroupSchema.parse({ OperatorGroupGuid: G1, IsAdministratorGroup: true }).IsAdministratorGroup,
    ).toBe(true);
  });

  it('status pages: GUID lists and customization parse; a malformed GUID in the list is an error', () => {
    const page = publicStatusPageSchema.parse({
      PublicDashboardGuid: G1,
      Name: 'Status',
      MonitorGuids: [G2],
      MonitorGroupGuids: [],
      CustomizationInfo: { SortRowsProperty: 'ByStatus', SortColumnsNewToOld: true },
    });
    expect(page.MonitorGuids).toEqual([G2]);
    expect(page.CustomizationInfo?.SortRowsProperty).toBe('ByStatus');
    expect(publicStatusPageSchema.safeParse({ PublicDashboardGuid: G1, MonitorGuids: ['x'] }).success).toBe(
      false,
    );
  });
});
