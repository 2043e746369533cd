/**
 * The SLA report as a PDF for management: the summary (headline against the target, the figures,
 * the five worst monitors, the daily uptime chart) and the monitor groups, from the same model as
 * the workbook, so every number matches it. The full monitor list, the daily matrix and the
 * definitions stay in the workbook; the PDF says so on its last lines.
 */
import { localText } from '../render/cell-values.ts';
import { renderChartPng } from '../render/chart-png.ts';
import { figureText, statusWord } from '../render/figure-format.ts';
import { plainText, slaFigureRows, statusColour, targetLine } from '../render/headline-figures.ts';
import { writePdf, type PdfCell, type PdfPages } from '../render/pdf-document.ts';
import type { Figure } from '../queries/figures.ts';
import { dailyUptimeChart, downtimePerGroupChart } from './charts.ts';
import type { SlaModel } from './model-types.ts';
import {
  missedLines,
  OVERVIEW_FILL,
  SLA_OVERVIEW_TEXT_HEADERS,
  slaBasedOnText,
  slaOverviewLines,
} from './sla-overview-text.ts';

function status(f: Figure): PdfCell {
  return { text: statusWord(f.status, f.data_state, f.coverage), colour: statusColour(f.status), bold: true };
}

/**
 * The SLA overview per definition (the account row of each), the same digits as the workbook's
 * SLA overview sheet and its CSV, then the monitors that missed something under each.
 */
function writeSlaOverview(pages: PdfPages, model: SlaModel): void {
  pages.heading('SLA overview');
  pages.paragraph(`SLA based on: ${slaBasedOnText(model)}`, { size: 9, colour: '#57606a' });
  const lines = slaOverviewLines(model);
  if (lines.length === 0) return;
  pages.table(
    [
      { header: SLA_OVERVIEW_TEXT_HEADERS[0], width: 1.35 },
      { header: SLA_OVERVIEW_TEXT_HEADERS[1], width: 0.95, align: 'right' },
      { header: SLA_OVERVIEW_TEXT_HEADERS[2], width: 1.35 },
      { header: SLA_OVERVIEW_TEXT_HEADERS[3], width: 1.5 },
      { header: SLA_OVERVIEW_TEXT_HEADERS[4], width: 1.5 },
      { header: SLA_OVERVIEW_TEXT_HEADERS[5], width: 1.15, align: 'right' },
      { header: SLA_OVERVIEW_TEXT_HEADERS[6], width: 1.3, align: 'right' },
    ],
    lines.map((l) => [
      plainText(l.definition),
      l.uptime,
      { text: l.status, colour: statusColour(OVERVIEW_FILL[l.statusKey ?? ''] ?? null), bold: true },
      l.loadTime,
      l.responseTime,
      l.confirmedErrors,
      l.downtime,
    ]),
  );
  const missed = missedLines(model).map((l) => plainText(l));
  pages.paragraph(
    missed.length === 0
      ? 'No monitor missed an uptime, load-time or response-time target of these definitions.'
      : `Monitors that missed a target: ${missed.join('. ')}.`,
    { size: 8, colour: '#57606a' },
  );
  pages.paragraph(
    "SLA uptime is Uptrends' statistics figure after each definition's exclusion periods (every confirmed error counts, alerted or not); the uptime above and on the Monitors sheet counts alerted incidents and ignores exclusion periods. Every monitor's row is on the workbook's SLA overview sheet.",
    { size: 8, colour: '#57606a' },
  );
}

/** Writes the SLA summary and groups PDF of `model` to `path`. */
export async function writeSlaPdf(model: SlaModel, path: string): Promise<void> {
  const zone = model.period.zone;
  const daily = model.daily.days.length > 0 ? await renderChartPng(dailyUptimeChart(model)) : undefined;
  const withDowntime = model.groups.some((g) => (g.incident_downtime_seconds ?? 0) > 0);
  const perGroup = withDowntime ? await renderChartPng(downtimePerGroupChart(model)) : undefined;
  await writePdf(
    path,
    {
      title: `SLA report ${model.period.label}`,
      subject: `Uptime against SLA targets, ${model.period.label} (${zone}), ${plainText(model.scope)}`,
      footer: `SLA report · ${model.period.label} · ${zone}`,
      createdAt: model.generatedAt,
    },
    (pages) => {
      pages.heading(`SLA report: ${model.period.label}`, 1);
      pages.paragraph(
        `Scope: ${plainText(model.scope)} · time zone ${zone} · generated ${localText(model.generatedAt, zone)} · data complete up to ${localText(model.dataAsOf, zone)}`,
        { size: 9, colour: '#57606a' },
      );
      pages.headline(
        figureText('percent', model.account.uptime_percentage),
        targetLine(model),
        statusColour(model.account.status),
      );
      pages.table(
        [
          { header: 'Figure', width: 1 },
          { header: 'Value', width: 2.6 },
        ],
        slaFigureRows(model),
      );
      writeSlaOverview(pages, model);
      if (model.worst.length > 0) {
        pages.heading('Five worst monitors');
        pages.table(
          [
            { header: 'Monitor', width: 2.4 },
            { header: 'Groups', width: 1.8 },
            { header: 'Uptime', width: 1, align: 'right' },
            { header: 'Downtime (h:mm)', width: 1.15, align: 'right' },
            { header: 'Target', width: 1, align: 'right' },
            { header: 'Status', width: 0.9 },
          ],
          model.worst.map((w) => [
            plainText(w.name),
            plainText(w.group_names),
            figureText('percent', w.uptime_percentage),
            figureText('duration', w.incident_downtime_seconds),
            figureText('percent', w.target_percentage),
            status(w),
          ]),
        );
      }
      if (daily !== undefined) {
        pages.headedImage('Daily uptime', daily.png, daily);
      }
      pages.heading('Monitor groups');
      pages.table(
        [
          { header: 'Group', width: 2.2 },
          { header: 'Monitors', width: 1.05, align: 'right' },
          { header: 'Uptime', width: 1, align: 'right' },
          { header: 'Previous', width: 1, align: 'right' },
          { header: 'Target', width: 1, align: 'right' },
          { header: 'Status', width: 0.9 },
          { header: 'Downtime (h:mm)', width: 1.15, align: 'right' },
          { header: 'Incidents', width: 1.05, align: 'right' },
        ],
        model.groups.map((g) => [
          plainText(g.name),
          figureText('count', g.members),
          figureText('percent', g.uptime_percentage),
          g.previous_data_state === 'complete'
            ? figureText('percent', g.previous_uptime_percentage)
            : 'incomplete',
          figureText('percent', g.target_percentage),
          status(g),
          figureText('duration', g.incident_downtime_seconds),
          figureText('count', g.incidents_started),
        ]),
      );
      // Page 1's account downtime and the groups' (All Monitors: 668:46 beside 17:43) differ by
      // design: say so where both are read.
      pages.paragraph(
        "A group's Downtime adds up each member's own downtime, so monitors down at the same time each count; the account's Downtime on page 1 counts that time once (the share of monitored time down, times the period).",
        { size: 8, colour: '#57606a' },
      );
      if (perGroup !== undefined) {
        pages.headedImage(
          'Downtime per group',
          perGroup.png,
          perGroup,
          Math.min(pages.textWidth, perGroup.width * 0.8),
        );
      }
      pages.paragraph(
        `Uptime is time-weighted over the monitored time of the monitors in scope (Production monitors only; planned maintenance that pauses monitoring excluded). Every monitor, the day-by-day figures, the trend and the definitions are in the workbook of the same period (calculation rules version ${model.rulesVersion}).`,
        { size: 8, colour: '#57606a' },
      );
    },
  );
}
