import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  expandMaintenancePeriods,
  type MaintenancePeriodDefinition,
} from '../../../src/transform/expand-maintenance-periods.ts';

const AMS = 'Europe/Amsterdam';
const range = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });
const spans = (periods: MaintenancePeriodDefinition[], r: { start: Date; end: Date }) =>
  expandMaintenancePeriods(periods, r, AMS).map((o) => [
    o.start.toISOString().slice(0, 16),
    o.end.toISOString().slice(0, 16),
  ]);

describe('expandMaintenancePeriods', () => {
  it('takes a OneTime period as given (local times, minutes-only form accepted) and clips it to the range', () => {
    const p: MaintenancePeriodDefinition = {
      Id: 1,
      ScheduleMode: 'OneTime',
      MaintenanceType: 'DisableMonitoring',
      StartDateTime: '2025-03-10T22:00',
      EndDateTime: '2025-03-11T01:30:00',
    };
    expect(spans([p], range('2025-03-01T00:00Z', '2025-04-01T00:00Z'))).toEqual([
      ['2025-03-10T21:00', '2025-03-11T00:30'],
    ]);
    expect(spans([p], range('2025-03-10T23:00Z', '2025-03-11T00:00Z'))).toEqual([
      ['2025-03-10T23:00', '2025-03-11T00:00'],
    ]);
    expect(spans([p], range('2025-03-12T00:00Z', '2025-03-13T00:00Z'))).toEqual([]);
  });

  it('drops a OneTime period whose end is not after its start (the KB example has equal times)', () => {
    const p: MaintenancePeriodDefinition = {
      Id: 124,
      ScheduleMode: 'OneTime',
      MaintenanceType: 'DisableMonitoring',
      StartDateTime: '2018-09-24T22:00',
      EndDateTime: '2018-09-24T22:00',
    };
    expect(spans([p], range('2018-09-01T00:00Z', '2018-10-01T00:00Z'))).toEqual([]);
  });

  it('runs a Daily period whose EndTime is before its StartTime into the next day', () => {
    const p: MaintenancePeriodDefinition = {
      Id: 2,
      ScheduleMode: 'Daily',
      MaintenanceType: 'DisableNotifications',
      StartTime: '23:30',
      EndTime: '00:15',
    };
    // Range: local 2025-01-10 00:00 to 2025-01-13 00:00 (CET, UTC+1).
    expect(spans([p], range('2025-01-09T23:00Z', '2025-01-12T23:00Z'))).toEqual([
      ['2025-01-09T23:00', '2025-01-09T23:15'], // yesterday's occurrence, clipped at the range start
      ['2025-01-10T22:30', '2025-01-10T23:15'],
      ['2025-01-11T22:30', '2025-01-11T23:15'],
      ['2025-01-12T22:30', '2025-01-12T23:00'], // clipped at the range end
    ]);
  });

  it('repeats a Weekly period on its weekday only', () => {
    const p: MaintenancePeriodDefinition = {
      Id: 3,
      ScheduleMode: 'Weekly',
      MaintenanceType: 'DisableNotifications',
      WeekDay: 'Thursday',
      StartTime: '22:00',
      EndTime: '22:30',
    };
    const out = expandMaintenancePeriods([p], range('2024-12-31T23:00Z', '2025-01-31T23:00Z'), AMS);
    // Thursdays of January 2025: 2, 9, 16, 23, 30.
    expect(out.map((o) => o.start.toISOString().slice(0, 10))).toEqual([
      '2025-01-02',
      '2025-01-09',
      '2025-01-16',
      '2025-01-23',
      '2025-01-30',
    ]);
    expect(out.every((o) => o.end.getTime() - o.start.getTime() === 30 * 60_000)).toBe(true);
  });

  it('skips months without the MonthDay of a Monthly period', () => {
    const p: MaintenancePeriodDefinition = {
      Id: 4,
      ScheduleMode: 'Monthly',
      MaintenanceType: 'DisableMonitoring',
      MonthDay: 31,
      StartTime: '02:00',
      EndTime: '04:00',
    };
    const out = expandMaintenancePeriods([p], range('2024-12-31T23:00Z', '2025-07-31T22:00Z'), AMS);
    expect(out.map((o) => o.start.toISOString().slice(0, 10))).toEqual([
      '2025-01-31',
      '2025-03-31',
      '2025-05-31',
      '2025-07-31',
    ]);
    expect(out[0]!.id).toBe(4);
    expect(out[0]!.maintenanceType).toBe('DisableMonitoring');
  });

  it('follows the DST policy: a window over the spring gap is an hour shorter, over the autumn overlap an hour longer', () => {
    const p: MaintenancePeriodDefinition = {
      Id: 5,
      ScheduleMode: 'Daily',
      MaintenanceType: 'DisableMonitoring',
      StartTime: '01:00',
      EndTime: '04:00',
    };
    expect(spans([p], range('2025-03-29T23:00Z', '2025-03-30T22:00Z'))).toEqual([
      ['2025-03-30T00:00', '2025-03-30T02:00'],
    ]);
    expect(spans([p], range('2025-10-25T22:00Z', '2025-10-26T23:00Z'))).toEqual([
      ['2025-10-25T23:00', '2025-10-26T03:00'],
    ]);
  });

  it('sorts occurrences of several periods by start and skips unreadable definitions', () => {
    const periods: MaintenancePeriodDefinition[] = [
      {
        Id: 7,
        ScheduleMode: 'Daily',
        MaintenanceType: 'DisableMonitoring',
        StartTime: '12:00',
        EndTime: '13:00',
      },
      {
        Id: 6,
        ScheduleMode: 'Daily',
        MaintenanceType: 'DisableNotifications',
        StartTime: '06:00',
        EndTime: '07:00',
      },
      {
        Id: 8,
        ScheduleMode: 'Daily',
        MaintenanceType: 'DisableMonitoring',
        StartTime: 'noon',
        EndTime: '13:00',
      },
      {
        Id: 9,
        ScheduleMode: 'Yearly',
        MaintenanceType: 'DisableMonitoring',
        StartTime: '01:00',
        EndTime: '02:00',
      },
    ];
    const out = expandMaintenancePeriods(periods, range('2025-06-01T22:00Z', '2025-06-02T22:00Z'), AMS);
    expect(out.map((o) => o.id)).toEqual([6, 7]);
  });

  it('keeps every occurrence inside the range and non-empty (property)', () => {
    const clock = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    const period = fc.record({
      mode: fc.constantFrom('Daily', 'Weekly', 'Monthly'),
      start: clock,
      end: clock,
      day: fc.integer({ min: 1, max: 31 }),
      weekday: fc.constantFrom('Monday', 'Tuesday', 'Sunday'),
    });
    fc.assert(
      fc.property(
        period,
        fc.date({ min: new Date('2020-01-01Z'), max: new Date('2030-01-01Z'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 60 }),
        (p, start, days) => {
          const def: MaintenancePeriodDefinition = {
            Id: 1,
            ScheduleMode: p.mode,
            MaintenanceType: 'DisableMonitoring',
            StartTime: p.start,
            EndTime: p.end,
            WeekDay: p.weekday,
            MonthDay: p.day,
          };
          const r = { start, end: new Date(start.getTime() + days * 86_400_000) };
          for (const o of expandMaintenancePeriods([def], r, AMS)) {
            expect(o.start.getTime()).toBeGreaterThanOrEqual(r.start.getTime());
            expect(o.end.getTime()).toBeLessThanOrEqual(r.end.getTime());
            expect(o.end.getTime()).toBeGreaterThan(o.start.getTime());
          }
          if (p.mode === 'Daily' && p.start !== p.end) {
            // A daily period occurs at least once in any full week-long range.
            if (days >= 7) expect(expandMaintenancePeriods([def], r, AMS).length).toBeGreaterThanOrEqual(6);
          }
        },
      ),
    );
  });
});
