/**
 * Subject, HTML and plain-text body of the report mail. The headline figures are in the body
 * itself (readable on a phone without opening any attachment); untrusted text is escaped.
 */
import type { IncidentModel } from '../incidents/model.ts';
import { localText } from '../render/cell-values.ts';
import { safeText } from '../render/safe-text.ts';
import type { SlaModel } from '../sla/model-types.ts';
import { escapeHtml } from './escape-html.ts';

/** What the mail is about. */
export interface MailContentInput {
  readonly sla?: SlaModel;
  readonly incidents?: IncidentModel;
  /** Files attached to the mail (names shown in the body). */
  readonly attached: readonly string[];
  /** Files left out because of the size limit (full paths shown in the body). */
  readonly omitted: readonly string[];
}

/** A composed mail. */
export interface MailContent {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

/** Percent with three decimals, or "n/a". */
export function percentText(value: number | null): string {
  return value === null ? 'n/a' : `${value.toFixed(3)}%`;
}

/** Minutes with one decimal, or "n/a". */
export function minutesText(ms: number | null): string {
  return ms === null ? 'n/a' : `${(ms / 60_000).toFixed(1)} min`;
}

// Mail text is plain (no formulas apply), but control characters and length limits still do.
const clean = (text: string): string => safeText(text).replace(/^'(?=[=+\-@\t\r])/, '');

function slaFigures(sla: SlaModel): [string, string][] {
  const o = sla.overall;
  return [
    [
      'Uptime',
      `${percentText(o.uptime)} (target ${percentText(o.target.desired)}: ${o.status ?? 'no data'})`,
    ],
    ['Previous period', percentText(sla.overallPrevious.uptime)],
    ['Downtime', `${minutesText(o.downtimeMs)} of a ${minutesText(o.errorBudgetMs)} error budget`],
    ['Incidents', `${o.incidents} started, ${o.ongoing} ongoing`],
    [
      'MTTR',
      `${minutesText(o.mttrMs)} (median ${minutesText(o.medianTtrMs)}, longest ${minutesText(o.longestMs)})`,
    ],
    ['Monitors missing SLA', `${o.missedCount} of ${sla.monitors.length}`],
    ['Maintenance excluded', minutesText(o.maintenanceExcludedMs)],
  ];
}

/** Builds subject, HTML and text from the report models. */
export function buildMailContent(input: MailContentInput): MailContent {
  const { sla, incidents } = input;
  const period = sla?.period ?? incidents?.period;
  const label = period === undefined ? '' : `${period.label} (${period.zone})`;
  const subject = sla
    ? `[SLA] ${label}: ${percentText(sla.overall.uptime)} uptime, target ${percentText(sla.overall.target.desired)} ${sla.overall.status ?? ''}, ${sla.overall.missedCount} monitor(s) missed`
    : `[Incidents] ${label}: ${incidents?.rows.length ?? 0} incident(s)`;
  const html: string[] = [`<h2>${escapeHtml(clean(`Uptrends report ${label}`))}</h2>`];
  const text: string[] = [`Uptrends report ${label}`, ''];

  if (sla) {
    html.push('<table cellpadding="4" border="1" style="border-collapse:collapse">');
    for (const [name, value] of slaFigures(sla)) {
      html.push(`<tr><th align="left">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`);
      text.push(`${name}: ${value}`);
    }
    html.push(
      '</table>',
      '<h3>Groups</h3>',
      '<table cellpadding="4" border="1" style="border-collapse:collapse">',
    );
    html.push('<tr><th>Group</th><th>Uptime</th><th>Target</th><th>Status</th><th>Downtime</th></tr>');
    text.push('', 'Groups:');
    for (const g of sla.groups) {
      const f = g.figures;
      const cells = [
        clean(g.group.description),
        percentText(f.uptime),
        percentText(f.target.desired),
        f.status ?? 'no data',
        minutesText(f.downtimeMs),
      ];
      html.push(`<tr>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`);
      text.push(`- ${cells.join(' | ')}`);
    }
    html.push('</table>');
    if (sla.worst.length > 0) {
      html.push('<h3>Worst monitors</h3><ol>');
      text.push('', 'Worst monitors:');
      for (const w of sla.worst) {
        const line = `${clean(w.monitor.name)}: ${percentText(w.figures.uptime)}, ${minutesText(w.figures.downtimeMs)} down (${w.figures.status ?? 'no data'})`;
        html.push(`<li>${escapeHtml(line)}</li>`);
        text.push(`- ${line}`);
      }
      html.push('</ol>');
    }
  }
  if (incidents) {
    const ongoing = incidents.rows.filter((r) => r.ongoing).length;
    const line = `${incidents.rows.length} incident(s) touched the period, ${ongoing} still ongoing.`;
    html.push(`<h3>Incidents</h3><p>${escapeHtml(line)}</p>`);
    text.push('', `Incidents: ${line}`);
  }
  const generated = sla?.generatedAt ?? incidents?.generatedAt;
  if (generated !== undefined && period !== undefined) {
    const stamp = `Generated ${localText(generated, period.zone)} (${period.zone}).`;
    html.push(`<p>${escapeHtml(stamp)}</p>`);
    text.push('', stamp);
  }
  if (input.attached.length > 0) {
    html.push(`<p>Attached: ${input.attached.map((f) => escapeHtml(f)).join(', ')}</p>`);
    text.push(`Attached: ${input.attached.join(', ')}`);
  }
  if (input.omitted.length > 0) {
    html.push('<p>The files were too large to attach. They are here:</p><ul>');
    html.push(...input.omitted.map((p) => `<li>${escapeHtml(p)}</li>`), '</ul>');
    text.push('The files were too large to attach. They are here:', ...input.omitted.map((p) => `- ${p}`));
  }
  return {
    subject: clean(subject).replace(/\s+/g, ' ').trim(),
    html: `<html><body>${html.join('\n')}</body></html>`,
    text: text.join('\n'),
  };
}
