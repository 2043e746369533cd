/**
 * SLA status words. A status is always a word next to any colour, so the workbook stays readable
 * in black and white and for colour-blind readers.
 */

/** Met at or above the desired threshold, At risk between the thresholds, Missed below the error one. */
export type SlaStatus = 'Met' | 'At risk' | 'Missed';

/** Where a target came from, in the order they are tried (an override, when set, wins over all). */
export type TargetSource = 'Override' | 'Statistics' | 'Group SLA' | 'Default';

/** The thresholds a monitor or group is held to, in percent. */
export interface SlaTarget {
  /** Desired (warning) threshold: the target. Met at or above it. */
  readonly desired: number;
  /** Error threshold: Missed below it. Never above `desired`. */
  readonly error: number;
  readonly source: TargetSource;
  /** The SLA definition's description, when one is known. */
  readonly slaName: string | null;
}

// Uptime is a quotient of milliseconds; 100 * (1 - d/m) can land a hair under an exactly met
// target (99.89999999999999 for 99.9). A nano-percent tolerance is far below any shown precision.
const TOLERANCE = 1e-9;

/** The status of `uptime` (percent) against `target`; null when there is no uptime to judge. */
export function slaStatus(uptime: number | null, target: SlaTarget): SlaStatus | null {
  if (uptime === null) return null;
  if (uptime + TOLERANCE >= target.desired) return 'Met';
  if (uptime + TOLERANCE >= target.error) return 'At risk';
  return 'Missed';
}
