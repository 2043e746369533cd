/**
 * The Uptrends time-zone reference list the simulator serves at `/Timezone`. Uptrends identifies
 * zones by its own integer ids and descriptions, not IANA names (`*` marks northern-hemisphere DST,
 * `#` southern). Each entry carries the IANA zone the simulator uses to compute wall-clock times and
 * the DST dates; `iana` is ours and never sent on the wire. The ids are invented (two follow the
 * vendor's KB example: 1 and 3; 56 is the KB's Central time).
 */
import type { IanaZone } from '../../terms.ts';

/** One time zone of the reference list. */
export interface SimulatedTimezone {
  readonly TimezoneId: number;
  readonly Description: string;
  readonly OffsetFromUtc: number;
  readonly HasDaylightSaving: boolean;
  readonly DaylightSavingOffset?: number;
  /** The IANA zone whose rules this entry follows (simulator-internal, not served). */
  readonly iana: IanaZone;
}

/** The id of the zone the simulated account uses (Central European, with DST). */
export const ACCOUNT_TIMEZONE_ID = 80;

/** Every zone `/Timezone` lists, in the order served. */
export const SIMULATED_TIMEZONES: readonly SimulatedTimezone[] = Object.freeze([
  {
    TimezoneId: 1,
    Description: 'GMT-04:00# Brazil West, Chile, Paraguay',
    OffsetFromUtc: -240,
    HasDaylightSaving: true,
    DaylightSavingOffset: 60,
    iana: 'America/Santiago',
  },
  {
    TimezoneId: 3,
    Description: 'GMT+01:00 West Central Africa',
    OffsetFromUtc: 60,
    HasDaylightSaving: false,
    iana: 'Africa/Lagos',
  },
  {
    TimezoneId: 56,
    Description: 'GMT-06:00* Central time',
    OffsetFromUtc: -360,
    HasDaylightSaving: true,
    DaylightSavingOffset: 60,
    iana: 'America/Chicago',
  },
  {
    TimezoneId: 58,
    Description: 'GMT-05:00* Eastern time (US and Canada)',
    OffsetFromUtc: -300,
    HasDaylightSaving: true,
    DaylightSavingOffset: 60,
    iana: 'America/New_York',
  },
  {
    TimezoneId: 62,
    Description: 'GMT-08:00* Pacific time (US and Canada)',
    OffsetFromUtc: -480,
    HasDaylightSaving: true,
    DaylightSavingOffset: 60,
    iana: 'America/Los_Angeles',
  },
  { TimezoneId: 77, Description: 'UTC', OffsetFromUtc: 0, HasDaylightSaving: false, iana: 'Etc/UTC' },
  {
    TimezoneId: 78,
    Description: 'UTC* England, Ireland, Portugal',
    OffsetFromUtc: 0,
    HasDaylightSaving: true,
    DaylightSavingOffset: 60,
    iana: 'Europe/London',
  },
  {
    TimezoneId: 80,
    Description: 'GMT+01:00* Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna',
    OffsetFromUtc: 60,
    HasDaylightSaving: true,
    DaylightSavingOffset: 60,
    iana: 'Europe/Amsterdam',
  },
  {
    TimezoneId: 99,
    Description: 'GMT+05:30 Chennai, Kolkata, Mumbai, New Delhi',
    OffsetFromUtc: 330,
    HasDaylightSaving: false,
    iana: 'Asia/Kolkata',
  },
  {
    TimezoneId: 112,
    Description: 'GMT+09:00 Osaka, Sapporo, Tokyo',
    OffsetFromUtc: 540,
    HasDaylightSaving: false,
    iana: 'Asia/Tokyo',
  },
  {
    TimezoneId: 118,
    Description: 'GMT+10:00# Canberra, Melbourne, Sydney',
    OffsetFromUtc: 600,
    HasDaylightSaving: true,
    DaylightSavingOffset: 60,
    iana: 'Australia/Sydney',
  },
]);
