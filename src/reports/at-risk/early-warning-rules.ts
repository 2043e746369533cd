/**
 * The early warning's rules in a manager's words: the Definitions sheet of the at-risk workbook and
 * the closing lines of its PDF and e-mail. docs/reports.md ("Early warning") says the same at
 * length, with why two windows must agree; uptrends.sla_burn is where the rules are computed.
 */
import type { Definition } from '../render/calculation-rules.ts';
import { figureText } from '../render/figure-format.ts';

/** The settings the wording depends on. */
export interface EarlyWarningSettings {
  readonly atRiskWithinDays: number;
  readonly target: { readonly desired: number; readonly override?: boolean | undefined };
}

/** "within 3 days" (or 1 day). */
export function horizonText(days: number): string {
  return `${figureText('count', days)} day${days === 1 ? '' : 's'}`;
}

/** One line on how the states are decided. */
export function stateRuleLine(settings: EarlyWarningSettings): string {
  return `At risk: the last day and the last 3 days both burn fast enough to spend the remaining budget within ${horizonText(settings.atRiskWithinDays)}. Watch: at the pace of the last 7 days the budget runs out before the month ends. Breached: the downtime so far is more than the month's whole budget.`;
}

/** The target line: own targets with a default, or one target for all. */
export function targetRuleLine(settings: EarlyWarningSettings): string {
  const target = figureText('percent', settings.target.desired);
  return settings.target.override === true
    ? `Every monitor and group is held to ${target}.`
    : `Targets: each monitor's own (statistics SlaTarget, else its group's SLA) and each group's SLA; ${target} where there is none.`;
}

/** The Definitions sheet of the at-risk workbook. */
export function earlyWarningDefinitions(settings: EarlyWarningSettings): Definition[] {
  return [
    {
      term: 'Period',
      rule: 'The calendar month in the account time zone that holds the as-of instant (as of the 1st at midnight: the month that has just ended). Nothing after the as-of instant is counted, so a report as of a past instant shows what was known then.',
    },
    {
      term: 'Error budget (period)',
      rule: "The downtime the target allows over the whole month: (1 - target) x the month's monitored time, the time so far plus the time still to come (planned maintenance that pauses monitoring is taken out of both).",
    },
    {
      term: 'Spent so far, budget used',
      rule: 'Spent: the incident downtime from the start of the month to the as-of instant. Budget used: spent / the error budget of the month; above 100% the month can no longer meet its target.',
    },
    {
      term: 'Burn rate',
      rule: "How fast a window spends the budget: the share of the window's monitored time that was down, divided by (1 - target). 1.00× spends the budget exactly by the end of the month; 5.00× five times as fast. Windows: the last 1, 3 and 7 days before the as-of instant (local days: 23 or 25 hours when the clocks change), and the month so far. A window whose data was not read in full has no rate: unknown, never zero.",
    },
    {
      term: 'States',
      rule: `${stateRuleLine(settings)} Ok: none of these. A state that rests on a window not read in full is left empty (shown as Unknown or as the missing data).`,
    },
    {
      term: 'Why two windows',
      rule: 'A single bad hour makes the 1-day rate jump, but it may be over already; the 3-day rate alone reacts days late and stays high long after a fix. Asking both to be fast means the burning started recently and is still going on, so a warning is neither late nor a false alarm that goes away by itself.',
    },
    {
      term: 'Projected uptime',
      rule: 'The uptime the month ends with if the pace holds over the monitored time still to come: at the 7-day rate, and at the rate of the month so far (which is the uptime so far).',
    },
    {
      term: 'Budget runs out',
      rule: 'When the remaining budget is spent at the pace the state rests on: the slower of the 1- and 3-day rates for at risk, the 7-day rate for watch. An estimate: planned maintenance still to come is not taken out. Empty when the budget lasts the month, or is spent already.',
    },
    { term: 'Targets', rule: targetRuleLine(settings) },
    {
      term: 'Groups',
      rule: "Time-weighted over the group's Production monitors in scope: their downtime added up over their monitored time added up, never an average of percentages.",
    },
  ];
}
