/**
 * `uptrends.timezone` row: one Uptrends time zone (reference data, per account because the ids
 * are Uptrends' own integers) with the IANA zone mapUptrendsTimezone gives it, so analysts can
 * read an operator's TimeZoneId as a real zone.
 */
import type { MappedRow } from '../../load/schema.ts';
import { EtlError } from '../../errors.ts';
import type { UptrendsTimezone } from '../../extract/schemas/account.ts';
import { mapUptrendsTimezone } from '../map-uptrends-timezone.ts';
import { parseLocalTimestamp } from '../parse-local-timestamp.ts';
import type { RowContext } from '../row-context.ts';
import { rawColumn } from '../raw-column.ts';

/** Columns of `uptrends.timezone` written by the mapper. */
export type TimezoneRow = MappedRow<'timezone'>;

function hemisphereOf(description: string | null | undefined): 'north' | 'south' | null {
  const marker = /^\s*(?:GMT|UTC)[^*#\s]*\s*([*#])/i.exec(description ?? '')?.[1];
  return marker === '*' ? 'north' : marker === '#' ? 'south' : null;
}

/**
 * Maps a parsed time zone; `now` anchors the IANA mapping (zone rules change over the years).
 * A zone nothing fits gets a null IANA zone here: reference data must not fail the stream,
 * only the account's own zone must resolve.
 */
export function timezoneRow(
  tz: UptrendsTimezone,
  ctx: RowContext,
  now: Date,
  original?: unknown,
): TimezoneRow {
  const stream = ctx.stream ?? 'timezone';
  // The DST dates are wall-clock reference values: kept as written, not converted.
  const start = parseLocalTimestamp(tz.DaylightSavingStart, 'UTC', {
    stream,
    field: 'DaylightSavingStart',
    recordId: tz.TimezoneId,
  });
  const end = parseLocalTimestamp(tz.DaylightSavingEnd, 'UTC', {
    stream,
    field: 'DaylightSavingEnd',
    recordId: tz.TimezoneId,
  });
  let mapping: { zone: string; exact: boolean } | null = null;
  try {
    mapping = mapUptrendsTimezone(tz, now);
  } catch (error) {
    if (!(error instanceof EtlError)) throw error;
  }
  return {
    account_id: ctx.accountId,
    timezone_id: tz.TimezoneId,
    description: tz.Description ?? null,
    offset_from_utc_minutes: tz.OffsetFromUtc,
    has_daylight_saving: tz.HasDaylightSaving,
    daylight_saving_offset_minutes: tz.DaylightSavingOffset ?? null,
    daylight_saving_start_local: start?.local ?? null,
    daylight_saving_end_local: end?.local ?? null,
    dst_hemisphere: tz.HasDaylightSaving ? hemisphereOf(tz.Description) : null,
    iana_zone: mapping?.zone ?? null,
    iana_zone_exact: mapping?.exact ?? null,
    raw: rawColumn(original ?? tz),
    run_id: ctx.runId,
  };
}
