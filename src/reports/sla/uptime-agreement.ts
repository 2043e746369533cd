/**
 * When a monitor's two uptime figures disagree (issue 41): the Uptrends statistics and the incidents
 * read from the alerts measure the same downtime two ways, and differ by little on a healthy
 * account. Past UPTIME_AGREEMENT_MARGIN percentage points the report says so, with the likely
 * reason in words, so a manager does not take one figure for the other. This reads the two figures
 * as the warehouse gives them and only words their comparison; it computes no figure.
 */
import { figureText } from '../render/figure-format.ts';

/** Percentage points the two uptime figures may differ by before the report marks the row. */
export const UPTIME_AGREEMENT_MARGIN = 0.5;

/** The rule in words, for the Definitions sheet. */
export const UPTIME_AGREEMENT_RULE = `A row whose Uptime (Uptrends) and Uptime (incidents) differ by more than ${UPTIME_AGREEMENT_MARGIN} percentage points says so in "Uptime figures", with the likely reason: lower by the incidents, alerts reported downtime the checks did not count (an incident left open by a missing Ok alert, or alerts from checks the statistics leave out); lower by the statistics, errors the checks counted raised no alert (alerting off or held in a notification-only maintenance window, or alerts not read).`;

/** The note for a row, or null when the figures agree (or one is missing). */
export function uptimeAgreementNote(row: {
  readonly statistics_uptime_percentage: number | null;
  readonly incident_uptime_percentage: number | null;
}): string | null {
  const stats = row.statistics_uptime_percentage;
  const incidents = row.incident_uptime_percentage;
  if (stats === null || incidents === null) return null;
  const gap = stats - incidents;
  if (Math.abs(gap) <= UPTIME_AGREEMENT_MARGIN) return null;
  const points = figureText('points', Math.abs(gap)).replace(/^\+/, '');
  return gap > 0
    ? `Incidents ${points} lower: alerts reported downtime the checks did not count (an incident left open, or alerts of checks the statistics leave out).`
    : `Statistics ${points} lower: errors the checks counted raised no alert (alerting off, notifications held, or alerts not read).`;
}
