import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeIncidentReport } from '../../../src/reports/incidents/write-incident-report.ts';
import type { ReportRawAlert } from '../../../src/reports/queries/report-input.ts';
import { parseCsv } from '../../unit/reports/csv-reader.ts';
import {
  findColumn,
  findRow,
  loadWorkbook,
  tableReader,
  durationMinutes,
} from '../../unit/reports/xlsx-reader.ts';
import type { IncidentModel } from '../../../src/reports/incidents/model.ts';
import { A, AFTER_OCTOBER, octoberModels, type FixtureModels } from '../../support/report-fixture.ts';
import { digestIncidents } from '../../../src/reports/incidents/incident-digest.ts';

const afterPeriod = (): Date => AFTER_OCTOBER;
let fixture: FixtureModels;

const NASTY = [
  'line one\nline two',
  '=HYPERLINK("http://evil.example","click")',
  'comma, and "quotes"',
  'bell\u0007 and \u0000 nul',
  '-1+2',
  'lone\rcarriage',
];

function alerts(count: number): ReportRawAlert[] {
  return Array.from({ length: count }, (_, i) => ({
    monitor_guid: A,
    alert_type: i % 2 === 0 ? 'Error' : 'Ok',
    timestamp: new Date(Date.UTC(2025, 9, 10, 8, i)),
    first_error: new Date(Date.UTC(2025, 9, 10, 8, 0)),
    incident_key: `k${i}`,
    error_description: NASTY[i % NASTY.length]!,
    error_message: null,
    monitor_check_id: 5000 + i,
    first_error_monitor_check_id: 5000,
  }));
}

function inputWith(raw: ReportRawAlert[]): IncidentModel {
  return {
    ...fixture.incidents,
    rawAlerts: async function* () {
      for (const alert of raw) yield await Promise.resolve(alert);
    },
  };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'incident-report-'));
  fixture = await octoberModels();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await fixture.tdb.drop();
});

describe('writeIncidentReport', () => {
  it('writes the workbook and CSVs named by report, period and zone', async () => {
    const out = join(dir, 'both');
    const written = await writeIncidentReport(inputWith(alerts(6)), { outDir: out, clock: afterPeriod });
    expect(written.paths.map((p) => basename(p))).toEqual([
      'uptrends-incidents_2025-10_Europe-Amsterdam.xlsx',
      'uptrends-incidents_2025-10_Europe-Amsterdam.csv',
      'uptrends-incidents-summary_2025-10_Europe-Amsterdam.csv',
      'uptrends-alerts_2025-10_Europe-Amsterdam.csv',
    ]);
    expect(written.rawAlertsInCsvOnly).toBe(false);

    const workbook = await loadWorkbook(await readFile(written.workbook!));
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      'Incidents',
      'Per monitor',
      'Heat map',
      'Raw alerts',
      'Definitions',
    ]);
    const incidents = workbook.getWorksheet('Incidents')!;
    const t = tableReader(incidents, findRow(incidents, 'Monitor'), 'Incident key');
    // a1: 40 min in full = 40/1440 of a day shown as [h]:mm; 20 min inside October.
    // exceljs reads any date-like format back as a Date from the 1899-12-30 epoch; the stored
    // number is the fraction of a day.
    const serial =
      ((t.cell('a1', 'Duration (h:mm)').value as Date).getTime() - Date.UTC(1899, 11, 30)) / 86_400_000;
    expect(serial).toBeCloseTo(40 / 1440, 9);
    expect(t.cell('a1', 'Duration (h:mm)').numFmt).toBe('[h]:mm');
    expect(durationMinutes(t.cell('a1', 'Downtime in period (h:mm)'))).toBe(20);
    expect(durationMinutes(t.cell('a3', 'Excluded by maintenance (h:mm)'))).toBe(15);
    // Names first: no incident key or GUID opens the sheet.
    expect(incidents.getCell(findRow(incidents, 'Monitor'), 2).value).toBe('Group');
    expect(t.cell('b1', 'Ongoing').value).toBe('Yes');
    expect(t.cell('b1', 'End (UTC)').value).toBeNull();
    // 08:30Z on 10 Oct is 10:30 CEST.
    expect(t.cell('a3', 'Start (local)').value).toEqual(new Date('2025-10-10T10:30:00Z'));
    // The formula-looking first error is a plain string cell, verbatim: never a formula, and no
    // visible apostrophe (issue 14; the CSV below keeps its guard).
    const firstError = t.cell('a3', 'First error');
    expect(firstError.type).toBe(ExcelJS.ValueType.String);
    expect(firstError.value).toBe(`=cmd|"/c calc"!A1`);

    const heat = workbook.getWorksheet('Heat map')!;
    const heatRows = tableReader(heat, findRow(heat, 'Weekday'), 'Weekday');
    expect(heatRows.cell('Friday', '10:00').value).toBe(2);
    expect(heatRows.cell('Sunday', 'Total').value).toBe(2);

    const raw = workbook.getWorksheet('Raw alerts')!;
    const rawHeader = findRow(raw, 'Timestamp (local)');
    const description = findColumn(raw, rawHeader, 'Error description');
    expect(raw.getCell(rawHeader + 2, description).value).toBe(`=HYPERLINK("http://evil.example","click")`);
    expect(raw.getCell(rawHeader + 2, description).type).toBe(ExcelJS.ValueType.String);
    expect(raw.getCell(rawHeader + 4, description).value).toBe('bell and  nul');
    expect(raw.rowCount).toBe(rawHeader + 6);
  });

  it('writes RFC 4180 CSV: BOM, CRLF, quoted line breaks, neutralised formulas, UTC and local columns', async () => {
    const out = join(dir, 'csv');
    const written = await writeIncidentReport(inputWith(alerts(6)), {
      outDir: out,
      clock: afterPeriod,
      formats: ['csv'],
    });
    expect(written.workbook).toBeNull();
    const alertsCsv = written.paths.find((p) => basename(p).startsWith('uptrends-alerts_'))!;
    const bytes = await readFile(alertsCsv);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { hasBom, records } = parseCsv(bytes.toString('utf8'));
    expect(hasBom).toBe(true);
    const [header, ...rows] = records;
    // The Raw alerts sheet's columns, in its order, and the first error's UTC instant (CSV only).
    expect(header).toEqual([
      'timestamp_local_Europe_Amsterdam',
      'alert_type',
      'monitor_name',
      'error_description',
      'error_message',
      'first_error_local_Europe_Amsterdam',
      'timestamp_utc',
      'first_error_utc',
      'incident_key',
      'monitor_check_id',
      'first_error_monitor_check_id',
      'monitor_guid',
    ]);
    expect(rows).toHaveLength(6);
    const at = (name: string): number => header!.indexOf(name);
    expect(
      ['timestamp_utc', 'timestamp_local_Europe_Amsterdam', 'alert_type', 'monitor_guid', 'monitor_name'].map(
        (name) => rows[0]![at(name)],
      ),
    ).toEqual(['2025-10-10T08:00:00Z', '2025-10-10 10:00:00', 'Error', A, 'Web A']);
    expect(rows.map((r) => r[at('error_description')])).toEqual([
      'line one\nline two',
      `'=HYPERLINK("http://evil.example","click")`,
      'comma, and "quotes"',
      'bell and  nul',
      "'-1+2",
      'lone\rcarriage',
    ]);
    expect(rows[0]![at('error_message')]).toBe('');

    const incidents = parseCsv(await readFile(written.paths[0]!, 'utf8')).records;
    const a3 = incidents.find((r) => r[incidents[0]!.indexOf('incident_key')] === 'a3')!;
    expect(incidents[0]!.slice(0, 4)).toEqual([
      'monitor_name',
      'groups',
      'started_local_Europe_Amsterdam',
      'ended_local_Europe_Amsterdam',
    ]);
    expect(a3[incidents[0]!.indexOf('first_error')]).toBe(`'=cmd|"/c calc"!A1`);
    expect(a3[incidents[0]!.indexOf('excluded_by_maintenance_min')]).toBe('15');
    expect(a3[incidents[0]!.indexOf('ongoing')]).toBe('false');
  });

  it('over the row limit, puts the alerts in a CSV beside the workbook (even when only xlsx was asked)', async () => {
    const out = join(dir, 'limit');
    const written = await writeIncidentReport(inputWith(alerts(5)), {
      outDir: out,
      clock: afterPeriod,
      formats: ['xlsx'],
      rawAlertRowLimit: 3,
    });
    expect(written.rawAlertsInCsvOnly).toBe(true);
    expect(written.paths.map((p) => basename(p))).toEqual([
      'uptrends-incidents_2025-10_Europe-Amsterdam.xlsx',
      'uptrends-alerts_2025-10_Europe-Amsterdam.csv',
    ]);
    // The incidents CSV, written in the one read of the incidents, is gone again: every incident
    // fits the sheet. The folder holds the files named, nothing else.
    expect((await readdir(out)).sort()).toEqual(written.paths.map((p) => basename(p)).sort());
    const raw = (await loadWorkbook(await readFile(written.workbook!))).getWorksheet('Raw alerts')!;
    expect(raw.getCell('A2').value).toBe(
      'More than 3 alerts: they are in uptrends-alerts_2025-10_Europe-Amsterdam.csv beside this workbook.',
    );
    expect(parseCsv(await readFile(written.paths[1]!, 'utf8')).records).toHaveLength(6);
  });
});

describe('the incident workbook is bounded (issue 17 #9)', () => {
  it('over the incident limit, the sheet holds the first incidents and says where all of them are', async () => {
    const out = join(dir, 'incident-limit');
    const input = inputWith(alerts(1));
    const all = (await digestIncidents(input.incidents())).count;
    expect(all).toBeGreaterThan(2);
    const written = await writeIncidentReport(input, {
      outDir: out,
      clock: afterPeriod,
      formats: ['xlsx'],
      incidentRowLimit: 2,
    });
    expect(written.paths.map((p) => basename(p))).toEqual([
      'uptrends-incidents_2025-10_Europe-Amsterdam.xlsx',
      'uptrends-incidents_2025-10_Europe-Amsterdam.csv',
    ]);
    const sheet = (await loadWorkbook(await readFile(written.workbook!))).getWorksheet('Incidents')!;
    const header = findRow(sheet, 'Monitor');
    const notice = [...Array(header).keys()].map((r) => sheet.getCell(r + 1, 1).text).join('\n');
    expect(notice).toContain(
      `This sheet shows the first 2 of ${all} incidents; all of them are in uptrends-incidents_2025-10_Europe-Amsterdam.csv beside this workbook.`,
    );
    expect(sheet.getCell(header + 3, 1).text).toBe('');
    expect(sheet.getCell(header + 2, 1).text).not.toBe('');
    expect(parseCsv(await readFile(written.paths[1]!, 'utf8')).records).toHaveLength(all + 1);
  });
});
