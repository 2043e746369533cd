/**
 * The at-risk report as a PDF for management, one page when few services are warned: the counts
 * per state, the services breached, at risk or on watch with their budget bars, burn rates,
 * projection and the day the budget runs out, the chart of the budget left, and the rules in force.
 * From the same model as the workbook, so every number matches it; the full list is in the workbook.
 */
import { renderChartPng } from '../render/chart-png.ts';
import { budgetLeftText, figureText, instantText, shownValue } from '../render/figure-format.ts';
import { plainText } from '../render/headline-figures.ts';
import { writePdf, type PdfCell } from '../render/pdf-document.ts';
import { stateWord } from './burn-columns.ts';
import { budgetChart, hasBudgetChart } from './charts.ts';
import type { AtRiskModel, ServiceBurn } from './model.ts';
import {
  headlineCounts,
  moreLine,
  otherCounts,
  settingsLine,
  stateColour,
  timesLine,
} from './report-text.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-11-07` as `7 Nov` (the page is about one month: the year is in its title). */
function shortDay(localDate: string): string {
  return `${Number(localDate.slice(8, 10))} ${MONTHS[Number(localDate.slice(5, 7)) - 1] ?? ''}`;
}

/** An instant as `29 Nov 11:29` in the account's zone; `none` when there is none. */
function shortInstant(instant: Date | null, zone: string, none: string): string {
  if (instant === null) return none;
  const text = instantText(instant, zone);
  return `${shortDay(text.slice(0, 10))} ${text.slice(11, 16)}`;
}

function row(model: AtRiskModel, s: ServiceBurn): PdfCell[] {
  const zone = model.period.zone;
  return [
    `${plainText(s.name)}${s.grain === 'group' ? ' (group)' : ''}`,
    { text: stateWord(s), colour: stateColour(s.state), bold: true },
    `${figureText('percent', s.projected_uptime_7d)}\n(${figureText('percent', s.target_percentage)})`,
    {
      text: budgetLeftText(s.budget_remaining_seconds, s.period_over_budget_seconds),
      bar: shownValue('share', s.period_budget_used),
      barColour: stateColour(s.state),
    },
    s.since_day === null ? '-' : shortDay(s.since_day),
    figureText('rate', s.burn_rate_1d),
    figureText('rate', s.burn_rate_3d),
    shortInstant(s.runs_out_at, zone, s.state === 'breached' ? 'spent' : '-'),
  ];
}

/** Writes the at-risk PDF of `model` to `path`. */
export async function writeAtRiskPdf(model: AtRiskModel, path: string): Promise<void> {
  const zone = model.period.zone;
  const chart = hasBudgetChart(model) ? await renderChartPng(budgetChart(model)) : undefined;
  const worst = model.warned[0]?.state ?? 'ok';
  await writePdf(
    path,
    {
      title: `SLA early warning ${model.period.label}`,
      subject: `Services on course to miss their SLA, ${model.period.label} (${zone}), as of ${instantText(model.asOf, zone)}`,
      footer: `SLA early warning · ${model.period.label} · as of ${instantText(model.asOf, zone)} · ${zone}`,
      createdAt: model.generatedAt,
    },
    (pages) => {
      pages.heading(`SLA early warning: ${model.period.label}`, 1);
      pages.paragraph(timesLine(model), { size: 9, colour: '#57606a' });
      pages.headline(headlineCounts(model), otherCounts(model), stateColour(worst));
      if (model.warned.length === 0) {
        pages.paragraph('No service is breached, at risk or on watch.');
      } else {
        pages.table(
          [
            // Widths in points (the page's text width is 511): each holds its widest figure
            // (`Breached` in bold, `99.900%`, `100.00×`, `29 Nov 11:29`, `923:36 over`) on one line.
            { header: 'Service', width: 118 },
            { header: 'State', width: 56 },
            { header: 'Projected (target)', width: 56, align: 'right' },
            { header: 'Budget left', width: 70 },
            { header: 'Since', width: 42 },
            { header: 'Burn\n1 day', width: 46, align: 'right' },
            { header: 'Burn\n3 days', width: 46, align: 'right' },
            { header: 'Runs out', width: 70 },
          ],
          model.brief.map((s) => row(model, s)),
        );
        const more = moreLine(model);
        if (more !== null) pages.paragraph(more, { size: 9, colour: '#57606a' });
      }
      if (chart !== undefined) {
        // The chart carries its own title.
        pages.doc.moveDown(0.5);
        pages.image(chart.png, chart);
      }
      pages.paragraph(
        `${settingsLine(model)} Projected: the month's uptime if the last 7 days' pace holds. Budget left: the downtime the target still allows this month (h:mm), the bar the share used. Since: the day the budget ran out (breached), else the first of the latest days that spent budget. Burn: how fast the last 1 or 3 days spent the budget (1.00× spends it by the month end). Runs out: when the budget is spent at the pace the state rests on. Definitions: the workbook (rules ${model.rulesVersion}).`,
        { size: 8, colour: '#57606a' },
      );
    },
  );
}
