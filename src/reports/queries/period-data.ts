/**
 * Whether a report period has any data at all (issue 40, item 10): `report sla --month 2024-01`
 * on a warehouse that holds nothing for it used to write a full workbook of "No data" with exit 0.
 * The judgement is the warehouse's (uptrends.figures, account grain): the period has no data when
 * no monitor in scope was monitored in it (required_seconds 0) or nothing of what they needed was
 * read (data_state 'no data'). The report commands say so (stderr, JSON), `--strict` refuses to
 * write it, and every subscription holds it (subscriptions/coverage-gate.ts).
 */
import type { ReportPeriod } from '../../time/calendar-periods.ts';
import type { Figure } from './figures.ts';

/** Why the account row of a period shows no data, or null when it has some. */
export function noDataReason(account: Figure | undefined, period: ReportPeriod): string | null {
  if (account === undefined || Number(account.required_seconds ?? 0) <= 0) {
    return `the warehouse holds no monitor that was monitored in ${period.label}`;
  }
  if (account.data_state === 'no data') {
    return `the warehouse holds no data for ${period.label}: none of its monitored time was read (run uptrends-etl sync --from/--to over the period)`;
  }
  return null;
}
