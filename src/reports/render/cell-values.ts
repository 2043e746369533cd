/**
 * Local times for cells and text. Excel has no time zones: a cell shows the UTC fields of the
 * serial it holds, so a local column stores the instant shifted by the zone's offset at that
 * instant. (Figures are written by figure-format.ts.)
 */
import type { IanaZone } from '../../terms.ts';
import { utcToLocal, zoneOffsetMs } from '../../time/zone-clock.ts';

/** The Date whose UTC fields are the wall-clock time of `instant` in `zone` (for local columns). */
export function localWallDate(instant: Date, zone: IanaZone): Date {
  const ms = instant.getTime();
  return new Date(ms + zoneOffsetMs(ms, zone));
}

/** `yyyy-MM-dd HH:mm:ss` in `zone`: the local-time column of CSVs and title blocks. */
export function localText(instant: Date, zone: IanaZone): string {
  return utcToLocal(instant, zone).replace('T', ' ');
}
