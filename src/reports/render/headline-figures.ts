/**
 * The headline figures a reader sees first, in words and numbers, shared by the e-mail body and
 * the PDFs so both say exactly the same: uptime against the target, the previous period, downtime
 * against the error budget, incidents, repair times, monitors that missed, maintenance excluded.
 * Statuses get a colour, always shown beside the word (readable in black and white).
 */
import type { IncidentModel } from '../incidents/model.ts';
import type { SlaStatus } from '../model/sla-status.ts';
import type { SlaModel } from '../sla/model-types.ts';
import { coverageLine, statusWord } from '../model/data-coverage.ts';
import { accountDowntimeMs } from '../sla/kpi-tiles.ts';
import { durationText } from './cell-values.ts';

/** Percent with three decimals, or "n/a". */
export function percentText(value: number | null): string {
  return value === null ? 'n/a' : `${value.toFixed(3)}%`;
}

/** Minutes with one decimal, or "n/a". */
export function minutesText(ms: number | null): string {
  return ms === null ? 'n/a' : `${(ms / 60_000).toFixed(1)} min`;
}

/** Colour of a status (and of "no data"). */
export const STATUS_COLOUR: Readonly<Record<SlaStatus | 'none', string>> = {
  Met: '#1a7f37',
  'At risk': '#9a6700',
  Missed: '#cf222e',
  none: '#57606a',
};

/** The colour of `status`, grey for no data. */
export function statusColour(status: SlaStatus | null): string {
  return STATUS_COLOUR[status ?? 'none'];
}

/** `Uptime 99.712% against a target of 99.000%: Met`, the line under the big figure. */
export function targetLine(sla: SlaModel): string {
  const o = sla.overall;
  return `uptime against a target of ${percentText(o.target.desired)}: ${statusWord(o)}`;
}

/** The account's downtime, time-weighted (not summed over monitors), and the error budget used. */
function downtimeText(sla: SlaModel): string {
  const o = sla.overall;
  const account = accountDowntimeMs(o, sla.elapsedEnd.getTime() - sla.period.start.getTime());
  const budget =
    o.budgetUsed === null
      ? 'no error budget'
      : `${(100 * o.budgetUsed).toFixed(1)}% of the error budget used`;
  return account === null ? 'n/a' : `${durationText(account)} (h:mm) for the account as a whole; ${budget}`;
}

/** The SLA headline figures as (name, value) rows. */
export function slaFigureRows(sla: SlaModel): [string, string][] {
  const o = sla.overall;
  return [
    ['Uptime', `${percentText(o.uptime)} (target ${percentText(o.target.desired)}: ${statusWord(o)})`],
    ['Previous period', percentText(sla.overallPrevious.uptime)],
    ['Downtime', downtimeText(sla)],
    ['Incidents', `${o.incidents} started, ${o.ongoing} ongoing`],
    [
      'MTTR',
      `${minutesText(o.mttrMs)} (median ${minutesText(o.medianTtrMs)}, longest ${minutesText(o.longestMs)})`,
    ],
    ['Monitors missing SLA', `${o.missedCount} of ${sla.monitors.length}`],
    ['Maintenance excluded', minutesText(o.maintenanceExcludedMs)],
  ];
}

/** The incident headline figures as (name, value) rows. */
export function incidentFigureRows(model: IncidentModel): [string, string][] {
  const started = model.summary.reduce((sum, s) => sum + s.incidentsStarted, 0);
  const ongoing = model.rows.filter((r) => r.ongoing).length;
  const downtime = model.summary.reduce((sum, s) => sum + s.downtimeMs, 0);
  const affected = model.summary.filter((s) => s.incidentsStarted > 0 || s.ongoing > 0).length;
  return [
    ...(model.overall.complete ? [] : [['Data coverage', coverageLine(model.overall)] as [string, string]]),
    ['Incidents', `${model.rows.length} touched the period, ${started} started in it, ${ongoing} ongoing`],
    ['Downtime', `${minutesText(downtime)} over all monitors`],
    ['Monitors affected', `${affected} of ${model.summary.length}`],
  ];
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;

/**
 * Untrusted text for a mail body or a PDF, where nothing is ever evaluated (no formula guard is
 * needed): control characters removed, line breaks folded to spaces, at most `max` characters.
 */
export function plainText(text: string | null | undefined, max = 300): string {
  const clean = (text ?? '').replace(CONTROL, '').replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}
