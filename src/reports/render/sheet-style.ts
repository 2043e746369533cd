/** The parts every sheet shares: its title line, and the fill and words of an SLA status cell. */
import type { SlaStatus } from './figure-format.ts';

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

/** The cell style of a status (`uptrends.sla_status`), or none for no status. */
export function statusStyle(status: string | null): { fill?: string } {
  const fill = status === null ? undefined : STATUS_FILL[status as SlaStatus];
  return fill === undefined ? {} : { fill };
}
