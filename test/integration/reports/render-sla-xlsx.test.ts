/**
 * The SLA workbook of the hand-made October account, read back with exceljs cell by cell: the
 * cells hold the warehouse's figures rounded as figure-format.ts shows them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type ExcelJS from 'exceljs';
import { renderSlaXlsx } from '../../../src/reports/sla/render-xlsx.ts';
import { ACCOUNT_ROW_NAME } from '../../../src/reports/sla/model.ts';
import { columnLetter } from '../../../src/reports/render/cell-types.ts';
import type { SlaModel } from '../../../src/reports/sla/model-types.ts';
import {
  durationMinutes,
  findColumn,
  findRow,
  loadWorkbook,
  tableReader,
} from '../../unit/reports/xlsx-reader.ts';
import { A, octoberFixture, octoberModels, type FixtureModels } from '../../support/report-fixture.ts';
import { zipEntriesText } from '../../support/reliability-zip-text.ts';

let fixture: FixtureModels;
let model: SlaModel;
let workbook: ExcelJS.Workbook;
let bytes: Buffer;
const sheet = (name: string) => workbook.getWorksheet(name)!;

beforeAll(async () => {
  fixture = await octoberModels();
  model = fixture.sla;
  bytes = await renderSlaXlsx(model);
  workbook = await loadWorkbook(bytes);
});
afterAll(async () => {
  await fixture.tdb.drop();
});

describe('SLA workbook read back with exceljs', () => {
  it('has the sheets in reading order, each titled with period and zone', () => {
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'SLA overview',
      'Monitor groups',
      'Monitors',
      'Daily',
      'Trend',
      'Maintenance',
      'SLA definitions',
      'Definitions',
    ]);
    for (const w of workbook.worksheets) {
      expect(w.getCell('A1').text).toMatch(/\(Europe\/Amsterdam\)$/);
      // The Daily sheet prints its days across pages at full size, the names repeated on each.
      if (w.name === 'Daily') {
        // A landscape page holds 134 width units at 100 %: beside the names (20 + 28) twelve
        // days of 7, so the 31 days take three pages across.
        expect(w.pageSetup.fitToWidth).toBe(3);
        expect(w.pageSetup.printTitlesColumn).toBe('A:B');
      } else if (w.name === 'SLA overview') {
        // Sixteen columns: two landscape pages wide, the monitor repeated, left then right page.
        expect(w.pageSetup.fitToWidth).toBe(2);
        expect(w.pageSetup.printTitlesColumn).toBe('A:A');
        expect(w.pageSetup.pageOrder).toBe('overThenDown');
      } else expect(w.pageSetup.fitToWidth).toBe(1);
    }
  });

  it('Monitors: a filtered range under a frozen header, typed, formatted figures equal to the model', () => {
    const monitors = sheet('Monitors');
    const header = findRow(monitors, 'Group');
    expect(monitors.views[0]).toMatchObject({ state: 'frozen', ySplit: header });
    // The workbook is streamed: no Excel table, a filter on the header row over every row
    // (docs/reports.md, "Large accounts").
    const tables = (monitors as unknown as { tables: Record<string, unknown> }).tables;
    expect(Object.keys(tables)).toEqual([]);
    expect(monitors.autoFilter).toBe(`A${header}:${columnLetter(monitors.columnCount)}${monitors.rowCount}`);
    const t = tableReader(monitors, header, 'Monitor');
    const a = model.monitors.find((r) => r.monitor_guid === A)!;
    const uptime = t.cell('Web A', 'Uptime');
    // Rounded to a thousandth of a percent, as every channel shows it: 99.720170... -> 99.720%.
    expect(uptime.value).toBeCloseTo(0.9972, 12);
    expect(a.uptime_percentage).toBeCloseTo(99.72017, 5);
    expect(uptime.numFmt).toBe('0.000%');
    // 125 min of downtime and 44,670 / 60 = 744.5 monitored hours (see sla-figures.test.ts).
    expect(durationMinutes(t.cell('Web A', 'Downtime (h:mm)'))).toBe(125);
    expect(t.cell('Web A', 'Downtime (h:mm)').numFmt).toBe('[h]:mm');
    expect(durationMinutes(t.cell('Web A', 'Monitored (h:mm)'))).toBe(744.5 * 60);
    expect(t.cell('Web A', 'Change vs previous (pp)').numFmt).toBe('+0.000" pp";-0.000" pp";0.000" pp"');
    // 99.720170 - 99.884259 = -0.164089 pp -> -0.164.
    expect(t.cell('Web A', 'Change vs previous (pp)').value).toBeCloseTo(-0.164, 12);
    expect(t.cell('Web A', 'Previous data').value).toBe('Complete');
    expect(t.cell('Web A', 'Status').value).toBe('At risk');
    // Past 100 % of the budget (issue 41): Budget used keeps its share (125 / 44.67 = 279.8 %) and
    // Over budget says the hours beyond it: 125 - 0.001 x 44,670 = 80.33 min, shown to the minute.
    expect(t.cell('Web A', 'Budget used').value).toBeCloseTo(125 / 44.67, 3);
    expect(durationMinutes(t.cell('Web A', 'Over budget (h:mm)'))).toBe(80);
    expect(t.cell('Web A', 'Over budget (h:mm)').numFmt).toBe('[h]:mm');
    // Within its budget a monitor has nothing over it: an empty cell.
    const within = model.monitors.filter((m) => m.budget_used !== null && m.budget_used <= 1);
    expect(within.length).toBeGreaterThan(0);
    for (const m of within) expect(t.cell(m.name, 'Over budget (h:mm)').value).toBeNull();
    expect(t.cell('Web A', 'Target').value).toBeCloseTo(0.999, 12);
    expect(t.cell('DNS C', 'Uptime source').value).toBe('Statistics');
    expect(t.cell('API B', 'Ongoing').value).toBe(1);
    expect(t.cell('API B', 'MTTR (h:mm)').value).toBeNull();
  });

  it('Summary: title block, KPI tiles with previous period, linked worst monitors, two charts', () => {
    const summary = sheet('Summary');
    const generated = summary.getCell(findRow(summary, 'Generated at (local)'), 2);
    // 06:00Z on 5 Nov is 07:00 CET; Excel shows the stored wall-clock time.
    expect(generated.value).toEqual(new Date('2025-11-05T07:00:00Z'));
    expect(generated.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    const tile = (label: string) => {
      for (let r = 1; r <= summary.rowCount; r += 1) {
        for (let c = 1; c <= 8; c += 1) {
          if (summary.getCell(r, c).value === label)
            return {
              value: summary.getCell(r + 1, c),
              previous: summary.getCell(r + 3, c),
              change: summary.getCell(r + 3, c + 1),
            };
        }
      }
      throw new Error(label);
    };
    // 100 x (1 - 320 / 111,030) = 99.71179... -> 99.712%; September 100 x (1 - 50 / 86,400) = 99.94213 -> 99.942%.
    expect(tile('Availability').value.value).toBeCloseTo(0.99712, 12);
    expect(tile('Availability').value.numFmt).toBe('0.000%');
    expect(tile('Availability').previous.value).toBeCloseTo(0.99942, 12);
    // The change is the warehouse's change_pp, -0.230... -> -0.230 pp.
    expect(tile('Availability').change.value).toBe('▼ 0.230 pp, worse');
    expect(tile('Incidents').value.value).toBe(5);
    expect(tile('Incidents').previous.value).toBe(2);
    // Time-weighted, not summed over monitors: 320 of 111,030 monitored minutes, over the
    // 31 days + 1 hour (744 h + 60 min) of October in Amsterdam: 128.83 -> 129 whole minutes.
    expect(durationMinutes(tile('Downtime (account)').value)).toBe(129);
    expect(tile('Downtime (account)').value.numFmt).toBe('[h]:mm');

    const worstHeader = findRow(summary, 'Five worst monitors (lowest uptime; click a name for its row)') + 1;
    const first = summary.getCell(worstHeader + 1, 1).value as { text: string; hyperlink: string };
    expect(first.text).toBe('API B');
    const target = /^#'Monitors'!B(\d+)$/.exec(first.hyperlink);
    expect(target).not.toBeNull();
    expect(sheet('Monitors').getCell(`B${target![1]}`).value).toBe('API B');
    // The five worst start a printed page (below seven groups they were split across two); exceljs
    // does not read page breaks back, so the sheet's XML is read.
    const summaryXml = zipEntriesText(bytes).find((e) => e.name === 'xl/worksheets/sheet1.xml')!.text;
    const breaks = [...summaryXml.matchAll(/<brk id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(breaks).toContain(worstHeader - 2);
    expect(summary.getImages()).toHaveLength(2);

    const glanceHeader = findRow(summary, 'Groups at a glance') + 1;
    const glance = tableReader(summary, glanceHeader, 'Group');
    expect(glance.cell('Shop', 'Status').value).toBe('At risk');
    // 100 x (1 - 305 / 66,330) = 99.540177 -> 99.540%.
    expect(glance.cell('Shop', 'Uptime').value).toBeCloseTo(0.9954, 12);
  });

  it('Daily: local days as columns, uptime fractions and a colour scale', () => {
    const daily = sheet('Daily');
    const header = findRow(daily, 'Group');
    expect(daily.autoFilter).toBeDefined();
    const t = tableReader(daily, header, 'Monitor');
    expect(t.cell('DNS C', '2025-10-26').value).toBeCloseTo(0.99, 12);
    // 100 x (1 - 75 / 1,410) = 94.680851 -> 94.681%.
    expect(t.cell('Web A', '2025-10-10').value).toBeCloseTo(0.94681, 12);
    expect(t.cell('API B', '2025-10-16').value).toBeNull();
    expect(t.cell(ACCOUNT_ROW_NAME, '2025-10-02').value).toBe(1);
    expect(findColumn(daily, header, '2025-10-31')).toBe(33);
    const formats = (
      daily as unknown as { conditionalFormattings: { ref: string; rules: { type: string }[] }[] }
    ).conditionalFormattings;
    expect(formats.map((f) => f.rules[0]!.type)).toEqual(['colorScale']);
    expect(formats[0]!.ref).toBe(`C${header + 1}:AG${header + 4}`);
  });

  it('Maintenance: local and UTC instants as real dates', () => {
    const maintenance = sheet('Maintenance');
    const header = findRow(maintenance, 'Monitor');
    const row = header + 1;
    const col = (h: string) => findColumn(maintenance, header, h);
    expect(maintenance.getCell(row, col('Type')).value).toBe('DisableMonitoring');
    // 09:15Z on 10 Oct is 11:15 CEST.
    expect(maintenance.getCell(row, col('Start (local)')).value).toEqual(new Date('2025-10-10T11:15:00Z'));
    expect(maintenance.getCell(row, col('Start (UTC)')).value).toEqual(new Date('2025-10-10T09:15:00Z'));
    expect(durationMinutes(maintenance.getCell(row, col('Excluded (h:mm)')))).toBe(30);
    expect(durationMinutes(maintenance.getCell(row + 1, col('Excluded (h:mm)')))).toBe(0);
  });

  it('Trend, SLA definitions and Definitions carry their figures and rules', () => {
    const trend = sheet('Trend');
    const header = findRow(trend, 'Group');
    const shopSeptember = [...Array(trend.rowCount).keys()]
      .map((i) => i + 1)
      .find((r) => trend.getCell(r, 1).value === 'Shop' && trend.getCell(r, 2).value === '2025-09')!;
    // 100 x (1 - 50 / 43,200) = 99.884259 -> 99.884%.
    expect(trend.getCell(shopSeptember, findColumn(trend, header, 'Uptime')).value).toBeCloseTo(0.99884, 12);
    const sla = sheet('SLA definitions');
    const slaTable = tableReader(sla, findRow(sla, 'SLA definition'), 'SLA definition');
    expect(slaTable.cell('Shop SLA', 'Groups held to it').value).toBe('Shop');
    expect(slaTable.cell('Shop SLA', 'Error threshold').value).toBeCloseTo(0.995, 12);
    const definitions = sheet('Definitions');
    expect(definitions.getCell('A2').text).toContain('Calculation rules version 1.2');
    expect(findRow(definitions, 'MTBF')).toBeGreaterThan(3);
  });
});

describe('Infra devices sheet', () => {
  it('appears only with infra data, weighting the reported days by their length', async () => {
    expect(workbook.getWorksheet('Infra devices')).toBeUndefined();
    const withInfraData = octoberFixture();
    withInfraData.infra = [
      { device: 'd1', name: 'db-01', day: '2025-10-01', uptime: 100 },
      { device: 'd1', name: 'db-01', day: '2025-10-02', uptime: 97 },
      { device: 'd1', name: 'db-01', day: '2025-10-03', uptime: null },
      { device: 'd2', name: 'quiet-02', day: '2025-10-01', uptime: null },
    ];
    const other = await octoberModels(withInfraData);
    try {
      const withInfra = await loadWorkbook(await renderSlaXlsx(other.sla, { charts: false }));
      const infra = withInfra.getWorksheet('Infra devices')!;
      expect(withInfra.worksheets.at(-1)!.name).toBe('Infra devices');
      const t = tableReader(infra, findRow(infra, 'Device'), 'Device');
      // Two reported days of 24 h each: (100 x 24 + 97 x 24) / 48 = 98.5%.
      expect(t.cell('db-01', 'Period').value).toBeCloseTo(0.985, 12);
      expect(t.cell('db-01', '2025-10-02').value).toBeCloseTo(0.97, 12);
      expect(t.cell('db-01', '2025-10-03').value).toBeNull();
      expect(t.cell('db-01', '2025-10-31').value).toBeNull();
      // A device that reported no data is labelled, never an empty row.
      expect(t.cell('quiet-02', 'Period').value).toBe('No data');
    } finally {
      await other.tdb.drop();
    }
  });
});
