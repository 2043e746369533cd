/**
 * The lines every channel of the at-risk report opens with (workbook title block, PDF, e-mail):
 * what, as of when, how many services in each state, and the rules in force. One wording, so the
 * workbook, the PDF and the mail say the same; figures are written by figure-format.ts.
 */
import { plainText } from '../render/headline-figures.ts';
import { figureText, instantText } from '../render/figure-format.ts';
import { stateRuleLine, targetRuleLine } from './early-warning-rules.ts';
import type { AtRiskModel } from './model.ts';

/** `SLA early warning: October 2025 (Europe/Amsterdam)`. */
export function titleLine(model: AtRiskModel): string {
  return `SLA early warning: ${model.period.label} (${model.period.zone})`;
}

/** As of, data cut-off, generation time and scope. */
export function timesLine(model: AtRiskModel): string {
  const zone = model.period.zone;
  return `As of ${instantText(model.asOf, zone)} · alerts read up to ${instantText(model.dataAsOf, zone)} · generated ${instantText(model.generatedAt, zone)} · scope: ${plainText(model.scope)}`;
}

/** `1 breached · 1 at risk` (the headline figure). */
export function headlineCounts(model: AtRiskModel): string {
  return `${figureText('count', model.counts.breached)} breached · ${figureText('count', model.counts['at risk'])} at risk`;
}

/** `2 on watch · 10 ok` (and the unknown ones, when any), of the monitors and groups in scope. */
export function otherCounts(model: AtRiskModel): string {
  const c = model.counts;
  const parts = [`${figureText('count', c.watch)} on watch`, `${figureText('count', c.ok)} ok`];
  if (c.unknown > 0) parts.push(`${figureText('count', c.unknown)} unknown (data not read in full)`);
  return `${parts.join(' · ')} (monitors and groups in scope)`;
}

/** `1 breached · 1 at risk · 2 on watch · 10 ok (monitors and groups in scope)`. */
export function countsLine(model: AtRiskModel): string {
  return `${headlineCounts(model)} · ${otherCounts(model)}`;
}

/** The rules in force: the states and the targets. */
export function settingsLine(model: AtRiskModel): string {
  return `${stateRuleLine(model)} ${targetRuleLine(model)}`;
}

/** Colour of each state (always beside its word, never alone). */
export const STATE_COLOUR: Readonly<Record<string, string>> = {
  breached: '#cf222e',
  'at risk': '#bc4c00',
  watch: '#9a6700',
  ok: '#1a7f37',
  unknown: '#57606a',
};

/** The colour of a state; grey for none. */
export function stateColour(state: string | null): string {
  return STATE_COLOUR[state ?? 'unknown'] ?? STATE_COLOUR.unknown!;
}

/** The line under a summary that lists fewer services than are warned; null when it lists all. */
export function moreLine(model: AtRiskModel): string | null {
  const more = model.warned.length - model.brief.length;
  return more > 0
    ? `and ${figureText('count', more)} more breached, at risk or on watch: every service is on the workbook's "All services" sheet.`
    : null;
}
