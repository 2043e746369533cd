/**
 * Subject, HTML and plain-text body of the report mail, written to be read on a phone: one column
 * at most 600 px wide, the headline first (uptime against the target, with the status as a word
 * beside its colour), then the figures, the five worst monitors, the daily chart (an inline `cid:`
 * image, so it shows without loading anything from the web), the groups and the incidents. The
 * plain-text part says the same for clients that show no HTML. Untrusted text (monitor and group
 * names come from the account) is escaped; every style is inline, as mail clients drop <style>.
 */
import type { IncidentModel } from '../incidents/model.ts';
import { localText } from '../render/cell-values.ts';
import { figureText, statusWord } from '../render/figure-format.ts';
import { incidentFigureRows, plainText, slaFigureRows, statusColour } from '../render/headline-figures.ts';
import type { Figure } from '../queries/figures.ts';
import { subjectValues } from './subject.ts';
import type { SlaDigest } from '../sla/model-types.ts';
import { escapeHtml } from './escape-html.ts';
import {
  missedLines,
  OVERVIEW_FILL,
  SLA_OVERVIEW_TEXT_HEADERS,
  slaBasedOnText,
  slaOverviewLines,
} from '../sla/sla-overview-text.ts';

/** What the mail is about. */
export interface MailContentInput {
  readonly sla?: SlaDigest;
  readonly incidents?: IncidentModel;
  /** Files attached to the mail (names shown in the body). */
  readonly attached: readonly string[];
  /** Files left out because of the size limit (full paths shown in the body). */
  readonly omitted: readonly string[];
  /** Content-ID of the inline daily chart; without it the body has no image. */
  readonly chartCid?: string | undefined;
  /** Subject template with the placeholders of subject.ts. (Default: the headline figures) */
  readonly subject?: string | undefined;
  /** The subscription the mail is sent for, shown at the top. */
  readonly subscription?: string | undefined;
}

/** A composed mail. */
export interface MailContent {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

// Mail text is plain (no formulas apply), but control characters and length limits still do.
/** Text from the account (names) as mail text: control characters out, at most 500 characters. */
export const clean = (text: string): string => plainText(text, 500);

const FONT = 'font-family:-apple-system,BlinkMacSystemFont,Segoe UI,Roboto,Helvetica,Arial,sans-serif';
const TABLE = 'width:100%;border-collapse:collapse;font-size:15px';
const CELL = 'padding:6px 4px;border-bottom:1px solid #d0d7de;vertical-align:top';
/** Style of a section heading of the mail. */
export const H2 = 'font-size:17px;margin:20px 0 6px';

function statusBadge(f: Figure): string {
  const colour = statusColour(f.status);
  return `<strong style="color:${colour}">${escapeHtml(statusWord(f.status, f.data_state, f.coverage))}</strong>`;
}

function headline(sla: SlaDigest): string {
  const a = sla.account;
  const colour = statusColour(a.status);
  return [
    `<div style="border-left:6px solid ${colour};padding:8px 12px;background:#f6f8fa;margin:8px 0 12px">`,
    `<div style="font-size:32px;font-weight:bold;line-height:1.2">${escapeHtml(figureText('percent', a.uptime_percentage))}</div>`,
    `<div style="font-size:15px">uptime against a target of ${escapeHtml(figureText('percent', a.target_percentage))}: ${statusBadge(a)}</div>`,
    '</div>',
  ].join('');
}

/**
 * The SLA overview per definition (its account row), the digits of the workbook's SLA overview
 * sheet: one small Figure/Value table per definition, readable on a phone.
 */
function slaOverviewMail(sla: SlaDigest): { html: string[]; text: string[] } {
  const based = `SLA based on: ${slaBasedOnText(sla)}`;
  const html = [
    `<h2 style="${H2}">SLA overview</h2>`,
    `<p style="font-size:14px;margin:0 0 6px">${escapeHtml(clean(based))}</p>`,
  ];
  const text = ['', 'SLA overview:', clean(based)];
  const [, uptime, status, load, response, errors, downtime] = SLA_OVERVIEW_TEXT_HEADERS;
  for (const line of slaOverviewLines(sla)) {
    const colour = statusColour(OVERVIEW_FILL[line.statusKey ?? ''] ?? null);
    html.push(`<h3 style="font-size:15px;margin:12px 0 4px">${escapeHtml(clean(line.definition))}</h3>`);
    html.push(
      table(
        ['Figure', 'Value'],
        [
          [uptime, escapeHtml(line.uptime)],
          [status, `<strong style="color:${colour}">${escapeHtml(line.status)}</strong>`],
          [load, escapeHtml(line.loadTime)],
          [response, escapeHtml(line.responseTime)],
          [errors, escapeHtml(line.confirmedErrors)],
          [downtime, escapeHtml(line.downtime)],
        ],
        new Set([1]),
      ),
    );
    text.push(
      `- ${clean(line.definition)}: ${uptime} ${line.uptime} (${line.status}); ${load} ${line.loadTime}; ${response} ${line.responseTime}; ${errors} ${line.confirmedErrors}; ${downtime} ${line.downtime}`,
    );
  }
  const missed = missedLines(sla).map(clean);
  if (missed.length > 0) {
    // A list, a monitor per row: one monitor missing under several definitions is named once.
    html.push(
      '<p style="font-size:13px;color:#57606a;margin:4px 0">Monitors that missed a target:</p>',
      `<ul style="font-size:13px;color:#57606a;margin:0">${missed.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul>`,
    );
    text.push('Monitors that missed a target:', ...missed.map((m) => `- ${m}`));
  }
  return { html, text };
}

/** An HTML table; cells are escaped unless their column is in `raw` (already HTML). */
export function table(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  raw = new Set<number>(),
): string {
  const head = headers.map((h) => `<th align="left" style="${CELL}">${escapeHtml(h)}</th>`).join('');
  const body = rows
    .map(
      (r) =>
        `<tr>${r.map((c, i) => `<td style="${CELL}">${raw.has(i) ? c : escapeHtml(c)}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table role="presentation" style="${TABLE}"><tr>${head}</tr>${body}</table>`;
}

/** Fills the placeholders of a subject template (subject.ts lists them); an unknown one stays. */
export function fillSubject(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** Builds subject, HTML and text from the report models. */
export function buildMailContent(input: MailContentInput): MailContent {
  const { sla, incidents } = input;
  const period = sla?.period ?? incidents?.period;
  const label = period === undefined ? '' : `${period.label} (${period.zone})`;
  const values = subjectValues({ sla, incidents, subscription: input.subscription });
  const defaultSubject = sla
    ? `[SLA] ${label}: ${values.uptime} uptime, target ${values.target} ${values.status}, ${values.missed} monitor(s) missed`
    : `[Incidents] ${label}: ${values.incidents} incident(s), ${values.ongoing} ongoing`;
  const subject = input.subject === undefined ? defaultSubject : fillSubject(input.subject, values);
  const scope = sla?.scope ?? incidents?.scope;
  const kicker = ['Uptrends report', input.subscription, scope].filter((s) => s !== undefined && s !== '');
  const html: string[] = [
    `<p style="font-size:13px;color:#57606a;margin:0">${escapeHtml(clean(kicker.join(' · ')))}</p>`,
    `<h1 style="font-size:22px;margin:4px 0 8px">${escapeHtml(clean(label))}</h1>`,
  ];
  const text: string[] = [`Uptrends report ${label}`, ...(scope ? [`Scope: ${clean(scope)}`] : []), ''];

  if (sla) {
    html.push(headline(sla));
    html.push(table(['Figure', 'Value'], slaFigureRows(sla)));
    for (const [name, value] of slaFigureRows(sla)) text.push(`${name}: ${value}`);
    const overview = slaOverviewMail(sla);
    html.push(...overview.html);
    text.push(...overview.text);
    if (sla.worst.length > 0) {
      html.push(`<h2 style="${H2}">Five worst monitors</h2>`);
      text.push('', 'Worst monitors:');
      const rows = sla.worst.map((w) => [
        escapeHtml(clean(w.name)),
        escapeHtml(figureText('percent', w.uptime_percentage)),
        escapeHtml(figureText('duration', w.incident_downtime_seconds)),
        statusBadge(w),
      ]);
      html.push(table(['Monitor', 'Uptime', 'Down (h:mm)', 'Status'], rows, new Set([0, 1, 2, 3])));
      for (const w of sla.worst) {
        text.push(
          `- ${clean(w.name)}: ${figureText('percent', w.uptime_percentage)}, ${figureText('duration', w.incident_downtime_seconds)} (h:mm) down (${statusWord(w.status, w.data_state, w.coverage)})`,
        );
      }
    }
    if (input.chartCid !== undefined) {
      html.push(
        `<h2 style="${H2}">Daily uptime</h2>`,
        `<img src="cid:${escapeHtml(input.chartCid)}" alt="Daily uptime of everything in scope, with the target as a dashed line" width="560" style="display:block;width:100%;max-width:560px;height:auto;border:0">`,
      );
      text.push(
        '',
        'The daily uptime chart is in the HTML part of this e-mail and in the attached PDF, if any.',
      );
    }
    html.push(`<h2 style="${H2}">Groups</h2>`);
    text.push('', 'Groups:');
    const groupRows = sla.groups.map((g) => {
      const cells = [
        clean(g.name),
        figureText('percent', g.uptime_percentage),
        figureText('percent', g.target_percentage),
        statusWord(g.status, g.data_state, g.coverage),
        figureText('duration', g.incident_downtime_seconds),
      ];
      text.push(`- ${cells.join(' | ')}`);
      return [
        escapeHtml(cells[0]!),
        escapeHtml(cells[1]!),
        escapeHtml(cells[2]!),
        statusBadge(g),
        escapeHtml(cells[4]!),
      ];
    });
    html.push(
      table(['Group', 'Uptime', 'Target', 'Status', 'Downtime (h:mm)'], groupRows, new Set([0, 1, 2, 3, 4])),
    );
  }
  if (incidents) {
    html.push(`<h2 style="${H2}">Incidents</h2>`);
    html.push(table(['Figure', 'Value'], incidentFigureRows(incidents)));
    text.push('', 'Incidents:');
    for (const [name, value] of incidentFigureRows(incidents)) text.push(`${name}: ${value}`);
  }
  const generated = sla?.generatedAt ?? incidents?.generatedAt;
  const foot: string[] = [];
  if (generated !== undefined && period !== undefined) {
    const stamp = `Generated ${localText(generated, period.zone)} (${period.zone}).`;
    foot.push(`<p>${escapeHtml(stamp)}</p>`);
    text.push('', stamp);
  }
  const files = attachmentLines(input.attached, input.omitted);
  foot.push(...files.html);
  text.push(...files.text);
  html.push(`<div style="font-size:13px;color:#57606a;margin-top:20px">${foot.join('\n')}</div>`);
  return mailDocument(subject, html, text);
}

/** The attachment lines of the mail's foot (HTML and text). */
export function attachmentLines(
  attached: readonly string[],
  omitted: readonly string[],
): { readonly html: string[]; readonly text: string[] } {
  const html: string[] = [];
  const text: string[] = [];
  if (attached.length > 0) {
    html.push(`<p>Attached: ${attached.map((f) => escapeHtml(f)).join(', ')}</p>`);
    text.push(`Attached: ${attached.join(', ')}`);
  }
  if (omitted.length > 0) {
    html.push('<p>The files were too large to attach. They are here:</p><ul>');
    html.push(...omitted.map((p) => `<li>${escapeHtml(p)}</li>`), '</ul>');
    text.push('The files were too large to attach. They are here:', ...omitted.map((p) => `- ${p}`));
  }
  return { html, text };
}

/** The whole mail: one column at most 600 px wide, every style inline. */
export function mailDocument(subject: string, html: readonly string[], text: readonly string[]): MailContent {
  const cleanSubject = clean(subject).replace(/\s+/g, ' ').trim();
  return {
    subject: cleanSubject,
    html: [
      '<!doctype html><html><head><meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${escapeHtml(cleanSubject)}</title></head>`,
      `<body style="margin:0;padding:0;background:#eaeef2;${FONT};color:#1f2328">`,
      '<div style="max-width:600px;margin:0 auto;padding:16px;background:#ffffff">',
      html.join('\n'),
      '</div></body></html>',
    ].join('\n'),
    text: text.join('\n'),
  };
}
