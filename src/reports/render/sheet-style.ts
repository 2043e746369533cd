/** The parts every sheet shares: its title line, and the fill and words of an SLA status cell. */
import type { SlaStatus } from '../model/sla-status.ts';

/** `<sheet> - <period> (<zone>)`. */
export function sheetTitle(sheet: string, periodLabel: string, zone: string): string {
  return `${sheet} - ${periodLabel} (${zone})`;
}

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
