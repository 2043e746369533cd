/**
 * The incident report's summary as a PDF: the period's figures, the monitors with the most
 * downtime and the longest incidents, from the same model and the same columns as the workbook.
 * Every incident and the raw alerts stay in the workbook and the CSVs.
 */
import { localText } from '../render/cell-values.ts';
import { incidentFigureRows, plainText } from '../render/headline-figures.ts';
import { writePdf } from '../render/pdf-document.ts';
import {
  columnNamed,
  columnText,
  INCIDENT_COLUMNS,
  SUMMARY_COLUMNS,
  type ReportColumn,
} from './incident-columns.ts';
import { LONGEST_INCIDENTS, type IncidentDigest } from './incident-digest.ts';
import type { IncidentModel } from './model.ts';

/** Most monitors and incidents listed in each table of the PDF. */
const MOST_ROWS = LONGEST_INCIDENTS;

/** A PDF table of some columns of a list, by CSV name, with relative widths. */
function pdfTable<R>(
  columns: readonly ReportColumn<R>[],
  picks: readonly (readonly [csv: string, width: number, align?: 'right'])[],
  rows: readonly R[],
  zone: string,
): { headers: { header: string; width: number; align?: 'right' }[]; cells: string[][] } {
  const chosen = picks.map(([csv, width, align]) => ({ column: columnNamed(columns, csv), width, align }));
  return {
    headers: chosen.map((c) => ({
      header: c.column.header,
      width: c.width,
      ...(c.align === undefined ? {} : { align: c.align }),
    })),
    cells: rows.map((r) =>
      chosen.map((c) => plainText(columnText(c.column, r, zone), c.column.kind === 'text' ? 160 : 40)),
    ),
  };
}

/** Writes the incident summary PDF of `model` to `path`; `incidents`: the period's, read once. */
export async function writeIncidentPdf(
  model: IncidentModel,
  incidents: Pick<IncidentDigest, 'count' | 'longest'>,
  path: string,
): Promise<void> {
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
      const affected = model.summary.filter(
        (s) => (s.incident_downtime_seconds ?? 0) > 0 || (s.incidents_started ?? 0) > 0,
      );
      pages.heading('Monitors with the most downtime');
      if (affected.length === 0) pages.paragraph('No incidents in this period.');
      else {
        const table = pdfTable(
          SUMMARY_COLUMNS,
          [
            ['monitor_name', 2.4],
            // "Incidents" in bold is 53 points: at 0.9 it broke as "Incident / s / started".
            ['groups', 1.5],
            ['incidents_started', 1.05, 'right'],
            ['ongoing', 0.95, 'right'],
            ['downtime_min', 1.1, 'right'],
            ['mttr_min', 1, 'right'],
            ['longest_min', 1, 'right'],
          ],
          affected.slice(0, MOST_ROWS),
          zone,
        );
        pages.table(table.headers, table.cells);
      }
      const longest = incidents.longest.slice(0, MOST_ROWS);
      if (longest.length > 0) {
        pages.heading('Longest incidents');
        const table = pdfTable(
          INCIDENT_COLUMNS,
          [
            ['monitor_name', 2],
            ['started_local_{zone}', 1.5],
            ['duration_min', 1.1, 'right'],
            ['ongoing', 0.9],
            ['first_error', 2.5],
          ],
          longest,
          zone,
        );
        pages.table(table.headers, table.cells);
      }
      if (model.summary.length > MOST_ROWS || incidents.count > MOST_ROWS) {
        pages.paragraph(
          `The tables show the first ${MOST_ROWS} rows; every incident and monitor is in the workbook and the CSVs of the same period.`,
          { size: 8, colour: '#57606a' },
        );
      }
    },
  );
}
