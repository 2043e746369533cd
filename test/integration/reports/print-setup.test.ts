/**
 * Both workbooks print (issue 14): every sheet has its page setup, margins, repeated header rows
 * and a footer naming the report, the period and the page; header rows are as tall as their
 * wrapped text; the Definitions sheet is a two-column wrapped table with computed heights; every
 * number has a format, and every duration is `[h]:mm`. Read back with exceljs.
 */
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderIncidentXlsx } from '../../../src/reports/incidents/render-xlsx.ts';
import { REPORT_DEFINITIONS } from '../../../src/reports/render/calculation-rules.ts';
import { pageWidthUnits } from '../../../src/reports/render/print-layout.ts';
import { footerText, LINE_POINTS, wrappedLines } from '../../../src/reports/render/print-layout.ts';
import { renderSlaXlsx } from '../../../src/reports/sla/render-xlsx.ts';
import { loadWorkbook } from '../../unit/reports/xlsx-reader.ts';
import { octoberModels, type FixtureModels } from '../../support/report-fixture.ts';
import { digestIncidents } from '../../../src/reports/incidents/incident-digest.ts';

const PORTRAIT = new Set(['Definitions']);
let sla: ExcelJS.Workbook;
let incidents: ExcelJS.Workbook;
let fixture: FixtureModels;

beforeAll(async () => {
  fixture = await octoberModels();
  sla = await loadWorkbook(await renderSlaXlsx(fixture.sla, { charts: false }));
  const all = await digestIncidents(fixture.incidents.incidents());
  incidents = await loadWorkbook(
    await renderIncidentXlsx(
      fixture.incidents,
      { kind: 'rows', alerts: [] },
      { rows: all.first, count: all.count },
    ),
  );
});
afterAll(async () => {
  await fixture.tdb.drop();
});

/** Every sheet of both workbooks, with the report name its footer must carry. */
function everySheet(): { sheet: ExcelJS.Worksheet; report: string }[] {
  return [
    ...sla.worksheets.map((sheet) => ({ sheet, report: 'SLA report' })),
    ...incidents.worksheets.map((sheet) => ({ sheet, report: 'Incident report' })),
  ];
}

/** The header row a sheet repeats on every page (`n:n`). */
function headerRowOf(sheet: ExcelJS.Worksheet): number {
  const titles = sheet.pageSetup.printTitlesRow ?? '';
  const match = /^\$?(\d+):\$?(\d+)$/.exec(titles);
  expect(match, `${sheet.name}: print titles ${titles}`).not.toBeNull();
  return Number(match![2]);
}

describe('print setup of every sheet', () => {
  it('A4, one page wide, orientation per sheet, margins, footer with report, period and page', () => {
    expect(everySheet().length).toBe(14);
    for (const { sheet, report } of everySheet()) {
      const setup = sheet.pageSetup;
      expect(setup.paperSize, sheet.name).toBe(9);
      expect(setup.orientation, sheet.name).toBe(PORTRAIT.has(sheet.name) ? 'portrait' : 'landscape');
      expect(setup.fitToPage, sheet.name).toBe(true);
      // Daily (days), SLA overview (sixteen columns) and Infra devices print across pages, their
      // names repeated; the rest one page wide.
      expect(setup.fitToWidth, sheet.name).toBe(
        sheet.name === 'Daily' ? 3 : sheet.name === 'SLA overview' ? 2 : 1,
      );
      expect(setup.fitToHeight, sheet.name).toBe(0);
      expect(setup.margins?.bottom, sheet.name).toBeGreaterThanOrEqual(0.5);
      expect(setup.margins?.left, sheet.name).toBeGreaterThan(0);
      expect(sheet.headerFooter.oddFooter, sheet.name).toBe(
        footerText(report, 'October 2025 (Europe/Amsterdam)'),
      );
      expect(sheet.headerFooter.oddFooter).toMatch(/Page &P of &N$/);
    }
  });

  it('header rows repeat on every page and are as tall as their wrapped text', () => {
    for (const { sheet } of everySheet()) {
      const header = headerRowOf(sheet);
      if (sheet.name === 'Summary') continue; // its title line repeats; its tables are short
      let lines = 1;
      sheet.getRow(header).eachCell((cell, column) => {
        const width = sheet.getColumn(column).width ?? 9;
        lines = Math.max(lines, wrappedLines(cell.text, width));
      });
      const height = sheet.getRow(header).height ?? LINE_POINTS;
      expect(height, `${sheet.name} header row ${header}`).toBeGreaterThanOrEqual(lines * LINE_POINTS);
    }
    // The Monitors header has two-line headers ("Maintenance excluded (h:mm)" in 10 characters).
    const monitors = sla.getWorksheet('Monitors')!;
    expect(monitors.getRow(headerRowOf(monitors)).height).toBeGreaterThan(LINE_POINTS);
  });

  it('numbers always have a format, and every (h:mm) column is an [h]:mm duration', () => {
    for (const { sheet } of everySheet()) {
      const durationColumns = new Map<number, number>();
      sheet.eachRow((row, r) => {
        row.eachCell((cell, c) => {
          // A text cell starts a new column (a header, or a later table in the same columns).
          if (typeof cell.value === 'string') {
            if (cell.value.endsWith('(h:mm)')) durationColumns.set(c, r);
            else durationColumns.delete(c);
          }
          if (typeof cell.value === 'number' || cell.value instanceof Date) {
            expect(cell.numFmt, `${sheet.name}!${cell.address}`).toBeTruthy();
          }
          const headerRow = durationColumns.get(c);
          if (
            headerRow !== undefined &&
            r > headerRow &&
            cell.value !== null &&
            typeof cell.value !== 'string'
          ) {
            expect(cell.numFmt, `${sheet.name}!${cell.address}`).toBe('[h]:mm');
          }
        });
      });
    }
  });

  it('prints what management reads: no identifier or analyst column in a print area', () => {
    const area = (workbook: ExcelJS.Workbook, name: string): string =>
      workbook.getWorksheet(name)!.pageSetup.printArea ?? '';
    const lastPrinted = (workbook: ExcelJS.Workbook, name: string): string => {
      const sheet = workbook.getWorksheet(name)!;
      const match = /^\$?A\$?1:\$?([A-Z]+)\$?\d+$/.exec(area(workbook, name));
      expect(match, `${name}: ${area(workbook, name)}`).not.toBeNull();
      const header = headerRowOf(sheet);
      return sheet.getCell(`${match![1]}${header}`).text;
    };
    expect(lastPrinted(sla, 'Monitors')).toBe('Change vs previous (pp)');
    expect(lastPrinted(sla, 'Monitor groups')).toBe('Change vs previous (pp)');
    expect(lastPrinted(incidents, 'Incidents')).toBe('Reminders');
    // Raw alerts: the title block only, over columns that fit a page unscaled (was: the table's
    // whole width, which printed the title shrunk to a few points on an empty page).
    const raw = /^\$?A\$?1:\$?([A-Z]+)\$?(\d+)$/.exec(area(incidents, 'Raw alerts'));
    expect(raw, area(incidents, 'Raw alerts')).not.toBeNull();
    expect(Number(raw![2])).toBe(3);
    const rawSheet = incidents.getWorksheet('Raw alerts')!;
    let width = 0;
    for (let c = 1; c <= rawSheet.getColumn(raw![1]!).number; c++) width += rawSheet.getColumn(c).width ?? 9;
    expect(width).toBeLessThanOrEqual(pageWidthUnits('landscape'));
    expect(rawSheet.getColumn(raw![1]!).number).toBeLessThan(rawSheet.columnCount);
    // No GUID or incident key opens a management sheet.
    for (const { sheet } of everySheet()) {
      const first = sheet.getCell(headerRowOf(sheet), 1).text;
      expect(first, sheet.name).not.toMatch(/GUID|key/i);
    }
  });

  it('Definitions: a two-column wrapped table, each row as tall as its rule', () => {
    for (const workbook of [sla, incidents]) {
      const sheet = workbook.getWorksheet('Definitions')!;
      const header = headerRowOf(sheet);
      expect(sheet.getRow(header).getCell(1).value).toBe('Term');
      expect(sheet.getRow(header).getCell(2).value).toBe('Rule');
      expect(sheet.getRow(header).getCell(3).value).toBeNull();
      const ruleWidth = sheet.getColumn(2).width!;
      expect(ruleWidth).toBeLessThanOrEqual(90);
      REPORT_DEFINITIONS.forEach((d, i) => {
        const row = sheet.getRow(header + 1 + i);
        expect(row.getCell(2).value).toBe(d.rule);
        expect(row.getCell(2).alignment?.wrapText).toBe(true);
        const lines = wrappedLines(d.rule, ruleWidth);
        if (lines > 1) expect(row.height, d.term).toBe(lines * LINE_POINTS);
      });
    }
  });

  it('wraps words whole, splits a word longer than the line, and keeps line breaks', () => {
    expect(wrappedLines('', 10)).toBe(1);
    expect(wrappedLines('short', 10)).toBe(1);
    expect(wrappedLines('one two three four', 10)).toBe(3);
    expect(wrappedLines('abcdefghijklmnopqrstuvwxyz', 10)).toBe(3);
    expect(wrappedLines('a\nb\nc', 40)).toBe(3);
  });

  it('doubles an ampersand in the footer, where & starts a code', () => {
    expect(footerText('R&D report', 'Q1')).toBe('&LR&&D report - Q1&RPage &P of &N');
  });
});
