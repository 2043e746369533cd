/**
 * Resolves alert timestamps that fall in the repeated autumn hour, where a naive local time such
 * as 02:36 means two instants an hour apart. The API sorts an ascending alert stream by the true
 * time, so order tells what the text cannot: once local times step back into the repeated hour, the
 * second occurrence is meant. FirstError, which is not sorted, takes the latest meaning that is not
 * after the alert itself (a first error is never later than the alert it raised).
 *
 * What stays ambiguous: a window whose only alerts in the repeated hour belong to its second
 * occurrence, with no earlier alert of that hour to step back from. Those keep the documented
 * default (the earlier instant; docs/time.md).
 */
import type { IanaZone } from '../terms.ts';
import { localToUtcCandidates, nearTransition } from '../time/zone-clock.ts';

/** The timestamp columns of an alert row this function may correct. */
export interface AlertTimes {
  raised_at: Date;
  raised_at_local: string;
  first_error_at: Date | null;
  first_error_at_local: string | null;
}

/**
 * Returns the rows (given in the API's ascending order) with repeated-hour timestamps resolved.
 * `floor` is the window start: no alert of the window is earlier.
 */
export function disambiguateAlertTimes<T extends AlertTimes>(
  rows: readonly T[],
  zone: IanaZone,
  floor: Date,
): T[] {
  let latest = floor.getTime();
  return rows.map((row) => {
    // Nearly every timestamp is far from a transition, with one meaning: only those near one are
    // read again for their candidates.
    let raised = row.raised_at;
    const raisedCandidates = nearTransition(raised, zone)
      ? localToUtcCandidates(row.raised_at_local, zone)
      : undefined;
    if (raisedCandidates !== undefined && raisedCandidates.length === 2) {
      const [first, second] = raisedCandidates as [Date, Date];
      raised = first.getTime() >= latest ? first : second;
    }
    latest = Math.max(latest, raised.getTime());
    let firstError = row.first_error_at;
    if (
      row.first_error_at_local !== null &&
      row.first_error_at !== null &&
      nearTransition(row.first_error_at, zone)
    ) {
      const candidates = localToUtcCandidates(row.first_error_at_local, zone);
      if (candidates !== undefined && candidates.length === 2) {
        const notAfter = candidates.filter((c) => c.getTime() <= raised.getTime());
        firstError = notAfter.at(-1) ?? candidates[0]!;
      }
    }
    if (raised === row.raised_at && firstError === row.first_error_at) return row;
    return { ...row, raised_at: raised, first_error_at: firstError };
  });
}
