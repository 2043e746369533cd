/**
 * The at-risk report as a PDF for management, one page when few services are warned: the counts
 * per state, the services breached, at risk or on watch with their budget bars, burn rates,
 * projection and the day the budget runs out, the chart of the budget left, and the rules in force.
 * From the same model as the workbook, so every number matches it; the full list is in the workbook.
 */
import { renderChartPng } from '../render/chart-png.ts';
import { figureText, instantText, shownValue } from '../render/figure-format.ts';
import { plainText } from '../render/headline-figures.ts';
import { writePdf, type PdfCell } from '../render/pdf-document.ts';
import type { Burn } from '../queries/sla-burn.ts';
import { stateWord } from './burn-columns.ts';
import { budgetChart, hasBudgetChart } from './charts.ts';
import type { AtRiskModel } from './model.ts';
import { headlineCounts, otherCounts, settingsLine, stateColour, timesLine } from './report-text.ts';

function row(model: AtRiskModel, s: Burn): PdfCell[] {
  const zone = model.period.zone;
  return [
    `${plainText(s.name)}${s.grain === 'group' ? ' (group)' : ''}`,
    { text: stateWord(s), colour: stateColour(s.state), bold: true },
    {
      text: figureText('share', s.period_budget_used),
      bar: shownValue('share', s.period_budget_used),
      barColour: stateColour(s.state),
    },
    figureText('rate', s.burn_rate_1d),
    figureText('rate', s.burn_rate_3d),
    figureText('rate', s.burn_rate_7d),
    figureText('percent', s.projected_uptime_7d),
    figureText('percent', s.target_percentage),
    // Date over time: the column stays narrow.
    instantText(s.runs_out_at, zone, s.state === 'breached' ? 'spent' : '-').replace(' ', '\n'),
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
            { header: 'Service', width: 88 },
            { header: 'State', width: 56 },
            { header: 'Budget used', width: 58 },
            { header: 'Burn 1 day', width: 45, align: 'right' },
            { header: 'Burn 3 days', width: 45, align: 'right' },
            { header: 'Burn 7 days', width: 45, align: 'right' },
            { header: 'Projected', width: 55, align: 'right' },
            { header: 'Target', width: 49, align: 'right' },
            { header: 'Runs out', width: 66 },
          ],
          model.warned.map((s) => row(model, s)),
        );
      }
      if (chart !== undefined) {
        // The chart carries its own title.
        pages.doc.moveDown(0.5);
        pages.image(chart.png, chart);
      }
      pages.paragraph(
        `${settingsLine(model)} Burn rate: how fast the last 1, 3 or 7 days spent the budget (1.00× spends it exactly by the month end). Projected: the month's uptime at the 7-day rate. Runs out: when the budget is spent at the pace the state rests on. Every service and the definitions are in the workbook (rules version ${model.rulesVersion}).`,
        { size: 8, colour: '#57606a' },
      );
    },
  );
}
