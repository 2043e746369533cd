/**
 * Fills for status cells, following Uptrends' colours (green Met, yellow At risk, red Missed).
 * They are written as static fills next to the status word: the word carries the meaning, the
 * colour only helps the eye, and static fills render in every viewer (unlike table styles).
 */
import type { SlaStatus } from './sla-status.ts';

/** ARGB fill of a status cell. */
export const STATUS_FILL: Readonly<Record<SlaStatus, string>> = {
  Met: 'FFC6EFCE',
  'At risk': 'FFFFEB9C',
  Missed: 'FFFFC7CE',
};

/** The cell style of a status, or none for "no data". */
export function statusStyle(status: SlaStatus | null): { fill?: string } {
  return status === null ? {} : { fill: STATUS_FILL[status] };
}
