/**
 * Conversions from model units to cell units, in one place so every sheet and CSV agrees:
 * percentages become fractions (Excel's percent format multiplies by 100), durations become
 * minutes or hours, local times become "wall-clock" dates (Excel has no time zones: a cell shows
 * the UTC fields of the serial it holds, so a local column stores the instant shifted by the
 * zone's offset at that instant).
 */
import type { IanaZone } from '../../terms.ts';
import { utcToLocal, zoneOffsetMs } from '../../time/zone-clock.ts';

/** Percent (0-100) to a fraction for a percent-formatted cell; null stays null. */
export function fraction(percent: number | null): number | null {
  return percent === null ? null : percent / 100;
}

/** Milliseconds to minutes; null stays null. */
export function minutes(ms: number | null): number | null {
  return ms === null ? null : ms / 60_000;
}

/** Milliseconds to hours; null stays null. */
export function hours(ms: number | null): number | null {
  return ms === null ? null : ms / 3_600_000;
}

/** Milliseconds to days, the unit of an Excel duration cell (`[h]:mm`); null stays null. */
export function duration(ms: number | null): number | null {
  return ms === null ? null : ms / 86_400_000;
}

/** Milliseconds as `h:mm` text (rounded to the minute), as an Excel `[h]:mm` cell shows it. */
export function durationText(ms: number): string {
  const totalMinutes = Math.round(Math.abs(ms) / 60_000);
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  return `${ms < 0 ? '-' : ''}${h}:${String(m).padStart(2, '0')}`;
}

/** Difference in percentage points, when both sides exist. */
export function pointsBetween(current: number | null, previous: number | null): number | null {
  return current === null || previous === null ? null : current - previous;
}

/** The Date whose UTC fields are the wall-clock time of `instant` in `zone` (for local columns). */
export function localWallDate(instant: Date, zone: IanaZone): Date {
  const ms = instant.getTime();
  return new Date(ms + zoneOffsetMs(ms, zone));
}

/** `yyyy-MM-dd HH:mm:ss` in `zone`: the local-time column of CSVs and title blocks. */
export function localText(instant: Date, zone: IanaZone): string {
  return utcToLocal(instant, zone).replace('T', ' ');
}
