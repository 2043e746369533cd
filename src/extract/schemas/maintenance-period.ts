/**
 * `GET /Monitor/{guid}/MaintenancePeriod`: one-time or recurring maintenance of one monitor.
 * Fields that do not apply to the schedule mode are left out by the service.
 */
import { z } from 'zod';
import { enumText, type KnownValues, int32, localTimestampText } from './lenient.ts';
import { WEEK_DAYS, type WeekDayName } from '../../time/week-days.ts';

/** ScheduleMode values. */
export const KNOWN_SCHEDULE_MODES = ['OneTime', 'Daily', 'Weekly', 'Monthly'] as const;

/** MaintenanceType values; only DisableMonitoring removes time from uptime figures. */
export const KNOWN_MAINTENANCE_TYPES = ['DisableMonitoring', 'DisableNotifications'] as const;

/** WeekDay values (.NET DayOfWeek names): the week days, Sunday first as DayOfWeek numbers them. */
export const KNOWN_WEEK_DAYS: readonly WeekDayName[] = [WEEK_DAYS[6], ...WEEK_DAYS.slice(0, 6)];

/** One maintenance period; Id, ScheduleMode and MaintenanceType are required (Swagger). */
export const maintenancePeriodSchema = z.looseObject({
  Id: int32,
  ScheduleMode: enumText,
  MaintenanceType: enumText,
  StartDateTime: localTimestampText.nullish(),
  EndDateTime: localTimestampText.nullish(),
  StartTime: z.string().nullish(),
  EndTime: z.string().nullish(),
  WeekDay: enumText.nullish(),
  MonthDay: int32.nullish(),
  Description: z.string().nullish(),
});

/** A parsed maintenance period. */
export type MaintenancePeriod = z.infer<typeof maintenancePeriodSchema>;

/** The enum-like fields of a maintenance period, with the values known. */
export const MAINTENANCE_PERIOD_VALUES: KnownValues = {
  ScheduleMode: KNOWN_SCHEDULE_MODES,
  MaintenanceType: KNOWN_MAINTENANCE_TYPES,
  WeekDay: KNOWN_WEEK_DAYS,
};
