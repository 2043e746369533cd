/**
 * The headline figures a reader sees first, in words and numbers, shared by the e-mail body and
 * the PDFs so both say exactly the same: uptime against the target, the previous period, downtime
 * against the error budget, incidents, repair times, monitors that missed, maintenance excluded.
 * Every number is a column of the account's row of `uptrends.figures`, written by figure-format.ts.
 * Statuses get a colour, always shown beside the word (readable in black and white).
 */
import type { IncidentModel } from '../incidents/model.ts';
import type { SlaDigest } from '../sla/model-types.ts';
import {
  budgetUseText,
  comparisonText,
  coverageLine,
  figureText,
  previousText,
  statusWord,
  type SlaStatus,
} from './figure-format.ts';

/** Colour of a status (and of "no data"). */
export const STATUS_COLOUR: Readonly<Record<SlaStatus | 'none', string>> = {
  Met: '#1a7f37',
  'At risk': '#9a6700',
  Missed: '#cf222e',
  none: '#57606a',
};

/** The colour of `status`, grey for no status. */
export function statusColour(status: string | null): string {
  return STATUS_COLOUR[(status ?? 'none') as SlaStatus | 'none'] ?? STATUS_COLOUR.none;
}

/** `uptime against a target of 99.900%: Met`, the line under the big figure. */
export function targetLine(sla: SlaDigest): string {
  const a = sla.account;
  return `uptime against a target of ${figureText('percent', a.target_percentage)}: ${statusWord(a.status, a.data_state, a.coverage)}`;
}

/**
 * What a figure of the whole scope is "for": `the account as a whole`, or the groups and monitors
 * the report was scoped to (`Websites as a whole`), never the account when it is not.
 */
export function scopeWhole(sla: Pick<SlaDigest, 'scope' | 'scopeRestricted'>): string {
  return sla.scopeRestricted ? `${plainText(sla.scope)} as a whole` : 'the account as a whole';
}

/**
 * The previous period beside this one: its figure, then the comparison. A previous period read
 * in part or not at all says so once, in its figure: the comparison then only says there is none.
 */
function previousPeriodText(sla: SlaDigest, change: string): string {
  const p = sla.accountPrevious;
  const previous = previousText('percent', p.uptime_percentage, p.data_state, p.coverage);
  return p.data_state === 'complete' ? `${previous}; ${change}` : `${previous}; no comparison`;
}

/** The SLA headline figures as (name, value) rows. */
export function slaFigureRows(sla: SlaDigest): [string, string][] {
  const a = sla.account;
  const p = sla.accountPrevious;
  const budget = budgetUseText(a.budget_used, a.over_budget_seconds);
  const change = comparisonText({
    unit: 'percent',
    current: a.uptime_percentage,
    previous: p.uptime_percentage,
    currentState: a.data_state,
    previousState: p.data_state,
    previousCoverage: p.coverage,
    higherIsBetter: true,
    change: a.change_pp,
  });
  return [
    ...(a.data_state === 'complete'
      ? []
      : [['Data coverage', coverageLine(a.data_state, a.coverage)] as [string, string]]),
    [
      'Uptime',
      `${figureText('percent', a.uptime_percentage)} (target ${figureText('percent', a.target_percentage)}: ${statusWord(a.status, a.data_state, a.coverage)})`,
    ],
    ['Previous period', previousPeriodText(sla, change)],
    [
      'Downtime',
      a.period_downtime_seconds === null
        ? 'n/a'
        : `${figureText('duration', a.period_downtime_seconds)} (h:mm) for ${scopeWhole(sla)}; ${budget}`,
    ],
    [
      'Incidents',
      `${figureText('count', a.incidents_started)} started, ${figureText('count', a.ongoing_at_end)} ongoing at the end`,
    ],
    [
      'MTTR (h:mm)',
      `${figureText('duration', a.mttr_seconds)} (median ${figureText('duration', a.median_ttr_seconds)}, longest ${figureText('duration', a.longest_ttr_seconds)})`,
    ],
    ['Monitors missing SLA', `${figureText('count', a.members_missed)} of ${figureText('count', a.members)}`],
    ['Maintenance excluded (h:mm)', figureText('duration', a.maintenance_seconds)],
  ];
}

/** The incident headline figures as (name, value) rows. */
export function incidentFigureRows(model: IncidentModel): [string, string][] {
  const a = model.account;
  return [
    ...(a.alerts_data_state === 'complete'
      ? []
      : [['Data coverage', coverageLine(a.alerts_data_state, a.alerts_coverage)] as [string, string]]),
    [
      'Incidents',
      `${figureText('count', a.incidents_overlapping)} touched the period, ${figureText('count', a.incidents_started)} started in it, ${figureText('count', a.ongoing_at_end)} ongoing at the end`,
    ],
    ['Downtime (h:mm)', `${figureText('duration', a.incident_downtime_seconds)} summed over the monitors`],
    ['Monitors affected', `${figureText('count', a.members_affected)} of ${figureText('count', a.members)}`],
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
