import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportError } from '../../../../src/errors.ts';
import { writeSlaReport } from '../../../../src/reports/sla/write-sla-report.ts';
import { parseCsv } from '../csv-reader.ts';
import { loadWorkbook } from '../xlsx-reader.ts';
import { A, afterPeriod, octoberInput } from './october-fixture.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sla-report-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeSlaReport', () => {
  it('writes the workbook and the CSVs, named by report, period and zone', async () => {
    const written = await writeSlaReport(octoberInput(), { outDir: join(dir, 'all'), clock: afterPeriod });
    expect(written.paths.map((p) => basename(p))).toEqual([
      'uptrends-sla_2025-10_Europe-Amsterdam.xlsx',
      'uptrends-sla-monitors_2025-10_Europe-Amsterdam.csv',
      'uptrends-sla-groups_2025-10_Europe-Amsterdam.csv',
      'uptrends-sla-daily_2025-10_Europe-Amsterdam.csv',
      'uptrends-sla-trend_2025-10_Europe-Amsterdam.csv',
      'uptrends-sla-maintenance_2025-10_Europe-Amsterdam.csv',
    ]);
    const workbook = await loadWorkbook(await readFile(written.workbook!));
    expect(workbook.worksheets).toHaveLength(8);

    const monitors = parseCsv(await readFile(written.paths[1]!, 'utf8'));
    expect(monitors.hasBom).toBe(true);
    const [header, ...rows] = monitors.records;
    const a = rows.find((r) => r[header!.indexOf('monitor_guid')] === A)!;
    const field = (name: string) => a[header!.indexOf(name)];
    // Same hand-computed figures as model.test.ts, in CSV units.
    expect(field('downtime_min')).toBe('125');
    expect(field('monitored_h')).toBe('744.5');
    expect(Number(field('uptime_pct'))).toBeCloseTo(100 * (1 - 125 / 44_670), 9);
    expect(field('status')).toBe('At risk');
    expect(field('uptime_uptrends_pct')).toBe('');

    const daily = parseCsv(await readFile(written.paths[3]!, 'utf8')).records;
    // Three monitors x 31 local days, plus the header.
    expect(daily).toHaveLength(1 + 3 * 31);
    expect(daily.find((r) => r[0] === A && r[2] === '2025-10-10')![3]).toBe(String(100 * (1 - 75 / 1410)));

    const maintenance = parseCsv(await readFile(written.paths[5]!, 'utf8')).records;
    expect(maintenance[0]!.slice(3, 7)).toEqual([
      'start_utc',
      'end_utc',
      'start_local_Europe/Amsterdam',
      'end_local_Europe/Amsterdam',
    ]);
    expect(maintenance[1]!.slice(3, 7)).toEqual([
      '2025-10-10T09:15:00Z',
      '2025-10-10T09:45:00Z',
      '2025-10-10 11:15:00',
      '2025-10-10 11:45:00',
    ]);
  });

  it('writes only the formats asked for', async () => {
    const written = await writeSlaReport(octoberInput(), {
      outDir: join(dir, 'csv'),
      clock: afterPeriod,
      formats: ['csv'],
    });
    expect(written.workbook).toBeNull();
    expect(written.paths.every((p) => p.endsWith('.csv'))).toBe(true);
  });

  it('wraps a file system failure in ReportError', async () => {
    const blocked = join(dir, 'all', 'uptrends-sla_2025-10_Europe-Amsterdam.xlsx', 'sub');
    await expect(
      writeSlaReport(octoberInput(), { outDir: blocked, clock: afterPeriod }),
    ).rejects.toBeInstanceOf(ReportError);
  });
});
