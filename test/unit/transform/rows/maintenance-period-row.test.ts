import { describe, expect, it } from 'vitest';
import { RecordValidationError } from '../../../../src/errors.ts';
import { maintenancePeriodSchema } from '../../../../src/extract/schemas/maintenance-period.ts';
import { maintenancePeriodRow } from '../../../../src/transform/rows/maintenance-period-row.ts';
import { CTX, MONITOR_GUID } from './fixtures.ts';

const parse = (record: Record<string, unknown>) => maintenancePeriodSchema.parse(record);

describe('maintenancePeriodRow', () => {
  it('stores a one-time period as instants plus local wall clock (minutes-only input)', () => {
    const row = maintenancePeriodRow(
      MONITOR_GUID,
      parse({
        Id: 124,
        ScheduleMode: 'OneTime',
        StartDateTime: '2018-09-24T22:00',
        EndDateTime: '2018-09-25T01:00',
        MaintenanceType: 'DisableMonitoring',
      }),
      CTX,
    );
    expect(row).toMatchObject({
      account_id: '123456',
      monitor_guid: '1d2f5fac-730c-45b0-a077-4ab82aaee14e',
      maintenance_period_id: 124,
      schedule_mode: 'OneTime',
      maintenance_type: 'DisableMonitoring',
      start_at: new Date('2018-09-24T20:00:00Z'),
      start_at_local: '2018-09-24T22:00:00',
      end_at: new Date('2018-09-24T23:00:00Z'),
      start_time: null,
      week_day: null,
    });
  });

  it('stores recurring periods as defined, times as HH:mm:ss', () => {
    const weekly = maintenancePeriodRow(
      MONITOR_GUID,
      parse({
        Id: 123,
        ScheduleMode: 'Weekly',
        WeekDay: 'Thursday',
        StartTime: '22:00',
        EndTime: '2:30',
        MaintenanceType: 'DisableNotifications',
      }),
      CTX,
    );
    expect(weekly).toMatchObject({
      start_time: '22:00:00',
      end_time: '02:30:00',
      week_day: 'Thursday',
      start_at: null,
      month_day: null,
    });
    const monthly = maintenancePeriodRow(
      MONITOR_GUID,
      parse({
        Id: 125,
        ScheduleMode: 'Monthly',
        MonthDay: 31,
        StartTime: '22:00',
        EndTime: '22:30',
        MaintenanceType: 'DisableMonitoring',
      }),
      CTX,
    );
    expect(monthly.month_day).toBe(31);
  });

  it('rejects a clock time that is not HH:mm with the field and record named', () => {
    const bad = parse({
      Id: 9,
      ScheduleMode: 'Daily',
      StartTime: '25:00',
      EndTime: '26:00',
      MaintenanceType: 'DisableMonitoring',
    });
    expect(() => maintenancePeriodRow(MONITOR_GUID, bad, CTX)).toThrow(RecordValidationError);
    try {
      maintenancePeriodRow(MONITOR_GUID, bad, CTX);
    } catch (error) {
      expect((error as RecordValidationError).context).toMatchObject({
        field: 'StartTime',
        recordId: '1d2f5fac-730c-45b0-a077-4ab82aaee14e/9',
      });
    }
  });
});
