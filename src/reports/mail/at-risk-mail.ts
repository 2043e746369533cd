/**
 * Subject, HTML and plain-text body of the early-warning mail (an at-risk subscription): written for
 * a phone like the report mail. First what changed since the last mail (each service, the state it
 * was in and the state it is in now, its budget and burn rates, when the budget runs out), then the
 * services breached or at risk now, those on watch, the budget chart inline (`cid:`), and the rules.
 * Names are escaped; figures are written by figure-format.ts, so they read as in the PDF.
 */
import { budgetLeftText, instantText, figureText } from '../render/figure-format.ts';
import { escapeHtml } from './escape-html.ts';
import {
  attachmentLines,
  clean,
  fillSubject,
  H2,
  mailDocument,
  table,
  type MailContent,
} from './mail-content.ts';
import { stateWord } from '../at-risk/burn-columns.ts';
import type { AtRiskModel } from '../at-risk/model.ts';
import { countsLine, settingsLine, stateColour } from '../at-risk/report-text.ts';
import type { StateChange, WarningCheck } from '../at-risk/state-changes.ts';
import type { Burn } from '../queries/sla-burn.ts';

/** What an early-warning mail is about. */
export interface AtRiskMailInput {
  readonly model: AtRiskModel;
  readonly check: WarningCheck;
  /** The as-of instant of the last mail the changes are counted from; null: the first mail. */
  readonly since: Date | null;
}

/** Content-ID of the inline budget chart. */
export const BUDGET_CHART_CID = 'budget-left@uptrends-etl';

const word = (state: string | null): string =>
  state === null ? 'not notified' : state.charAt(0).toUpperCase() + state.slice(1);

const serviceName = (s: { readonly name: string; readonly grain: string }): string =>
  `${clean(s.name)}${s.grain === 'group' ? ' (group)' : ''}`;

function badge(state: string | null, text: string): string {
  return `<strong style="color:${stateColour(state)}">${escapeHtml(text)}</strong>`;
}

/** The figures of a service in one line: budget used, burn rates, projection, runs out. */
export function burnSummary(b: Burn, zone: string): string {
  const runsOut = b.runs_out_at === null ? '' : `, budget runs out ${instantText(b.runs_out_at, zone)}`;
  return `error budget ${budgetLeftText(b.budget_remaining_seconds, b.period_over_budget_seconds)}, burn ${figureText('rate', b.burn_rate_1d)} (1 day) / ${figureText('rate', b.burn_rate_3d)} (3 days) / ${figureText('rate', b.burn_rate_7d)} (7 days), projected ${figureText('percent', b.projected_uptime_7d)} against ${figureText('percent', b.target_percentage)}${runsOut}`;
}

/** `Checkout API: at risk (was not notified)`. */
function changeText(c: StateChange): string {
  const now = c.now === null ? `no longer ${c.was ?? ''}, now ${stateWord(c.burn).toLowerCase()}` : c.now;
  return `${serviceName(c)}: ${now} (was ${word(c.was).toLowerCase()})`;
}

/** The values of the at-risk subject placeholders. */
export function atRiskSubjectValues(
  input: AtRiskMailInput,
  subscription: string | undefined,
): Record<string, string> {
  const { model, check } = input;
  return {
    subscription: subscription ?? '',
    period: model.period.label,
    scope: model.scope,
    breached: figureText('count', model.counts.breached),
    at_risk: figureText('count', model.counts['at risk']),
    changes: figureText('count', check.changes.length),
  };
}

/** Builds subject, HTML and text of the early-warning mail. */
export function buildAtRiskMailContent(
  input: AtRiskMailInput & {
    readonly subscription?: string | undefined;
    readonly subject?: string | undefined;
    readonly attached: readonly string[];
    readonly omitted: readonly string[];
    readonly chartCid?: string | undefined;
  },
): MailContent {
  const { model, check } = input;
  const zone = model.period.zone;
  const label = `${model.period.label} (${zone})`;
  const values = atRiskSubjectValues(input, input.subscription);
  const first = check.changes
    .slice(0, 2)
    .map((c) => `${clean(c.name)} ${c.now ?? `no longer ${c.was ?? ''}`}`);
  const more = check.changes.length > 2 ? `, +${check.changes.length - 2} more` : '';
  const news =
    check.changes.length === 0
      ? `no change, ${values.breached} breached, ${values.at_risk} at risk`
      : `${first.join(', ')}${more}`;
  const subject =
    input.subject === undefined
      ? `[SLA early warning] ${label}: ${news}`
      : fillSubject(input.subject, values);
  const since =
    input.since === null
      ? 'the first early-warning mail of this subscription'
      : `since the mail as of ${instantText(input.since, zone)}`;
  const kicker = ['SLA early warning', input.subscription, model.scope].filter(
    (s) => s !== undefined && s !== '',
  );
  const html: string[] = [
    `<p style="font-size:13px;color:#57606a;margin:0">${escapeHtml(clean(kicker.join(' · ')))}</p>`,
    `<h1 style="font-size:22px;margin:4px 0 8px">${escapeHtml(clean(label))}</h1>`,
    `<p style="font-size:15px;margin:0 0 8px">As of ${escapeHtml(instantText(model.asOf, zone))}: ${escapeHtml(countsLine(model))}.</p>`,
  ];
  const text: string[] = [
    `SLA early warning ${label}`,
    `Scope: ${clean(model.scope)}`,
    `As of ${instantText(model.asOf, zone)}: ${countsLine(model)}.`,
    '',
  ];

  html.push(`<h2 style="${H2}">What changed (${escapeHtml(since)})</h2>`);
  text.push(`What changed (${since}):`);
  if (check.changes.length === 0) {
    html.push('<p style="font-size:15px">Nothing: no service entered or left a notified state.</p>');
    text.push('Nothing: no service entered or left a notified state.');
  }
  if (check.changes.length > 0)
    html.push(
      table(
        ['Service', 'Now', 'Was', 'Figures'],
        check.changes.map((c) => [
          escapeHtml(serviceName(c)),
          badge(c.state, c.now === null ? stateWord(c.burn) : word(c.now)),
          escapeHtml(word(c.was)),
          escapeHtml(burnSummary(c.burn, zone)),
        ]),
        new Set([0, 1, 2, 3]),
      ),
    );
  for (const c of check.changes) text.push(`- ${changeText(c)}: ${burnSummary(c.burn, zone)}`);

  const listOf = (title: string, rows: readonly Burn[]): void => {
    if (rows.length === 0) return;
    html.push(`<h2 style="${H2}">${escapeHtml(title)}</h2>`);
    text.push('', `${title}:`);
    html.push(
      table(
        ['Service', 'State', 'Figures'],
        rows.map((b) => [
          escapeHtml(serviceName(b)),
          badge(b.state, stateWord(b)),
          escapeHtml(burnSummary(b, zone)),
        ]),
        new Set([0, 1, 2]),
      ),
    );
    for (const b of rows) text.push(`- ${serviceName(b)} (${stateWord(b)}): ${burnSummary(b, zone)}`);
  };
  listOf(
    'Breached or at risk now',
    model.warned.filter((b) => b.state === 'breached' || b.state === 'at risk'),
  );
  listOf(
    'On watch',
    model.warned.filter((b) => b.state === 'watch'),
  );
  if (input.chartCid !== undefined) {
    html.push(
      `<img src="cid:${escapeHtml(input.chartCid)}" alt="Error budget left over the month, so far and projected at the 7-day rate" width="560" style="display:block;width:100%;max-width:560px;height:auto;border:0;margin-top:16px">`,
    );
    text.push(
      '',
      'The chart of the budget left is in the HTML part of this e-mail and in the attached PDF, if any.',
    );
  }
  const rules = settingsLine(model);
  const files = attachmentLines(input.attached, input.omitted);
  html.push(
    `<div style="font-size:13px;color:#57606a;margin-top:20px"><p>${escapeHtml(rules)}</p><p>${escapeHtml(`Generated ${instantText(model.generatedAt, zone)} (${zone}). This mail goes out only when a service enters or leaves ${input.subscription === undefined ? 'a notified state' : 'the states this subscription watches'}.`)}</p>${files.html.join('\n')}</div>`,
  );
  text.push('', rules, `Generated ${instantText(model.generatedAt, zone)} (${zone}).`, ...files.text);
  return mailDocument(subject, html, text);
}
