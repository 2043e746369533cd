/**
 * The SLA overview in words, for the Summary, the PDF and the mail: which SLA definitions the
 * overview is based on, and per definition the account row's figures (SLA uptime, status, load
 * time and operator response time against their targets, confirmed errors, downtime) written from
 * the very cells of the SLA overview sheet (slaOverviewCells), so every channel reads the same
 * digits as the sheet and uptrends-sla-overview.csv. A figure without statistics says so, never 0.
 */
import { figureText } from '../render/figure-format.ts';
import type { SlaOverviewFigure } from '../queries/sla-overview.ts';
import type { SlaModel } from './model-types.ts';
import { overviewStatusWord, slaOverviewCells } from './sla-overview-sheet.ts';

export { OVERVIEW_FILL } from './sla-overview-sheet.ts';

/** One definition's overview as text cells. */
export interface SlaOverviewLine {
  readonly definition: string;
  /** `99.933%`, as the sheet's percent cell shows it. */
  readonly uptime: string;
  /** Met, Warning, Error, No data or Incomplete data. */
  readonly status: string;
  /** `3.000 s (target 2.500 s): Error`, or what is missing. */
  readonly loadTime: string;
  /** `20.0 min (target 15.0 min): Error`, or what is missing. */
  readonly responseTime: string;
  readonly confirmedErrors: string;
  /** `30.0 min (0.067%)`. */
  readonly downtime: string;
  /** The uptime status as the warehouse gives it (met, warning, error; null: not judged). */
  readonly statusKey: string | null;
}

/** Column headers of the per-definition table of the PDF and the mail. */
export const SLA_OVERVIEW_TEXT_HEADERS = [
  'SLA definition',
  'SLA uptime',
  'Status',
  'Load time',
  'Operator response time',
  'Confirmed errors',
  'Downtime',
] as const;

/** A number as the sheet's `#,##0.0` / `#,##0.000` formats show it. */
const grouped = (value: number, decimals: number): string =>
  value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

const percentText = (cell: unknown): string =>
  typeof cell === 'number' ? `${(cell * 100).toFixed(3)}%` : 'n/a';

/** A value against its target with the verdict, as the sheet's cells say it. */
function againstTarget(
  value: unknown,
  target: unknown,
  verdict: unknown,
  decimals: number,
  unit: string,
): string {
  const shown = (v: unknown): string =>
    typeof v === 'number' ? `${grouped(v, decimals)} ${unit}` : String(v);
  if (typeof target !== 'number') return `${shown(value)} (no target set)`;
  if (typeof value !== 'number') return `${shown(value)} (target ${shown(target)})`;
  return `${shown(value)} (target ${shown(target)}): ${String(verdict)}`;
}

/** The words of one overview row (the account's, or a monitor's). */
export function slaOverviewLine(slaName: string, f: SlaOverviewFigure): SlaOverviewLine {
  const cells = slaOverviewCells(f);
  const downtime = cells[8];
  return {
    definition: slaName,
    uptime: percentText(cells[2]),
    status: overviewStatusWord(f.status, f.data_state),
    loadTime: againstTarget(cells[4], cells[3], cells[11], 3, 's'),
    responseTime: againstTarget(cells[6], cells[5], cells[12], 1, 'min'),
    confirmedErrors: figureText('count', f.confirmed_errors),
    downtime: typeof downtime === 'number' ? `${grouped(downtime, 1)} min (${percentText(cells[9])})` : 'n/a',
    statusKey: f.status,
  };
}

/** Per definition, the account row's overview (definitions without monitors in scope are left out). */
export function slaOverviewLines(model: Pick<SlaModel, 'slaOverview'>): SlaOverviewLine[] {
  return model.slaOverview.flatMap((s) =>
    s.account === null ? [] : [slaOverviewLine(s.slaName, s.account)],
  );
}

/** What one monitor's row missed, in words (`load time`, `uptime error`); empty when it met all. */
export function missedTargets(m: SlaOverviewFigure): string[] {
  return [
    m.status === 'error' || m.status === 'warning' ? `uptime ${m.status}` : null,
    m.total_time_status === 'error' ? 'load time' : null,
    m.operator_response_status === 'error' ? 'response time' : null,
  ].filter((w): w is string => w !== null);
}

/**
 * The monitors that missed a target, one line each, whatever the number of definitions that
 * judged them: `Web A: load time (Gold, Shop); uptime error (Shop)`. At most `max` monitors are
 * named, the rest counted (every row is on the SLA overview sheet).
 */
export function missedLines(model: Pick<SlaModel, 'slaOverview'>, max = 8): string[] {
  const byMonitor = new Map<string, { name: string; what: Map<string, string[]> }>();
  for (const section of model.slaOverview) {
    for (const m of section.monitors) {
      for (const what of missedTargets(m)) {
        const key = m.monitor_guid ?? m.name;
        const entry = byMonitor.get(key) ?? { name: m.name, what: new Map<string, string[]>() };
        entry.what.set(what, [...(entry.what.get(what) ?? []), section.slaName]);
        byMonitor.set(key, entry);
      }
    }
  }
  const lines = [...byMonitor.values()].map(
    (e) => `${e.name}: ${[...e.what].map(([what, slas]) => `${what} (${slas.join(', ')})`).join('; ')}`,
  );
  const more = lines.length - max;
  return more > 0
    ? [...lines.slice(0, max), `and ${more} more monitor(s), each on the SLA overview sheet`]
    : lines;
}

/**
 * The Summary's "SLA based on" line: which SLA definitions the SLA overview shows, and what the
 * headline figures are held to (they come from the incident and statistics figures, not from a
 * definition's exclusion periods).
 */
export function slaBasedOnText(
  model: Pick<SlaModel, 'slaOverview' | 'account' | 'defaultTarget'> & { readonly slaChosen: boolean },
): string {
  const held =
    model.account.target_source === 'Override'
      ? `the override target of ${figureText('percent', model.account.target_percentage)}`
      : `the default target of ${figureText('percent', model.defaultTarget.desired)}`;
  const headline = `The headline uptime and key figures are held to ${held} and leave out no SLA definition's exclusion periods.`;
  if (model.slaOverview.length === 0)
    return `No SLA definition (none in the warehouse for this account). ${headline}`;
  const names = model.slaOverview.map((s) => s.slaName);
  const first = model.slaOverview[0]!;
  if (names.length === 1 && first.account !== null) {
    const line = slaOverviewLine(first.slaName, first.account);
    const chosen = model.slaChosen ? 'chosen' : 'the only definition of the account';
    return `${first.slaName} (${chosen}): SLA uptime ${line.uptime}, ${line.status}; see the SLA overview sheet. ${headline}`;
  }
  const which = model.slaChosen ? 'the chosen definitions' : 'every SLA definition of the account';
  return `${which}: ${names.join(', ')}, each on the SLA overview sheet. ${headline}`;
}
