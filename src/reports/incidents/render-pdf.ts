/**
 * The incident report's summary as a PDF: the period's figures, the monitors with the most
 * downtime and the longest incidents, from the same model as the workbook. Every incident and the
 * raw alerts stay in the workbook and the CSVs.
 */
import { localText } from '../render/cell-values.ts';
import { incidentFigureRows, minutesText, plainText } from '../render/headline-figures.ts';
import { writePdf } from '../render/pdf-document.ts';
import type { IncidentModel } from './model.ts';

/** Most monitors and incidents listed in each table of the PDF. */
const MOST_ROWS = 20;

/** Writes the incident summary PDF of `model` to `path`. */
export async function writeIncidentPdf(model: IncidentModel, path: string): Promise<void> {
  const zone = model.period.zone;
  await writePdf(
    path,
    {
      title: `Incident report ${model.period.label}`,
      subject: `Incidents of ${model.period.label} (${zone}), ${plainText(model.scope)}`,
      footer: `Incident report · ${model.period.label} · ${zone}`,
      createdAt: model.generatedAt,
    },
    (pages) => {
      pages.heading(`Incident report: ${model.period.label}`, 1);
      pages.paragraph(
        `Scope: ${plainText(model.scope)} · time zone ${zone} · generated ${localText(model.generatedAt, zone)} · data complete up to ${localText(model.dataAsOf, zone)}`,
        { size: 9, colour: '#57606a' },
      );
      pages.table(
        [
          { header: 'Figure', width: 1 },
          { header: 'Value', width: 2.6 },
        ],
        incidentFigureRows(model),
      );
      const affected = model.summary.filter((s) => s.downtimeMs > 0 || s.incidentsStarted > 0);
      pages.heading('Monitors with the most downtime');
      if (affected.length === 0) pages.paragraph('No incidents in this period.');
      else {
        pages.table(
          [
            { header: 'Monitor', width: 2.4 },
            { header: 'Groups', width: 1.65 },
            { header: 'Started', width: 0.8, align: 'right' },
            { header: 'Ongoing', width: 0.95, align: 'right' },
            { header: 'Downtime', width: 1.1, align: 'right' },
            { header: 'MTTR', width: 1, align: 'right' },
            { header: 'Longest', width: 1, align: 'right' },
          ],
          affected
            .slice(0, MOST_ROWS)
            .map((s) => [
              plainText(s.monitor.name),
              plainText(s.groupNames),
              String(s.incidentsStarted),
              String(s.ongoing),
              minutesText(s.downtimeMs),
              minutesText(s.mttrMs),
              minutesText(s.longestMs),
            ]),
        );
      }
      const longest = [...model.rows].sort((a, b) => b.durationMs - a.durationMs).slice(0, MOST_ROWS);
      if (longest.length > 0) {
        pages.heading('Longest incidents');
        pages.table(
          [
            { header: 'Monitor', width: 2 },
            { header: 'Started', width: 1.5 },
            { header: 'Duration', width: 1.3, align: 'right' },
            { header: 'First error', width: 2.7 },
          ],
          longest.map((r) => [
            plainText(r.monitorName),
            localText(r.incident.started_at, zone).slice(0, 16),
            `${minutesText(r.durationMs)}${r.ongoing ? ' (ongoing)' : ''}`,
            plainText(r.incident.first_error_description, 160),
          ]),
        );
      }
      if (model.summary.length > MOST_ROWS || model.rows.length > MOST_ROWS) {
        pages.paragraph(
          `The tables show the first ${MOST_ROWS} rows; every incident and monitor is in the workbook and the CSVs of the same period.`,
          { size: 8, colour: '#57606a' },
        );
      }
    },
  );
}
