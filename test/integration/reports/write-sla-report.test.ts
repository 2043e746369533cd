import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportError } from '../../../src/errors.ts';
import { writeSlaReport } from '../../../src/reports/sla/write-sla-report.ts';
import { parseCsv } from '../../unit/reports/csv-reader.ts';
import { loadWorkbook } from '../../unit/reports/xlsx-reader.ts';
import type { SlaModel } from '../../../src/reports/sla/model-types.ts';
import { A, AFTER_OCTOBER, octoberModels, type FixtureModels } from '../../support/report-fixture.ts';

const afterPeriod = (): Date => AFTER_OCTOBER;
let fixture: FixtureModels;
let model: SlaModel;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sla-report-'));
  fixture = await octoberModels();
  model = fixture.sla;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await fixture.tdb.drop();
});

describe('writeSlaReport', () => {
  it('writes the workbook and the CSVs, named by report, period and zone', async () => {
    const written = await writeSlaReport(model, { outDir: join(dir, 'all'), clock: afterPeriod });
    expect(written.paths.map((p) => basename(p))).toEqual([
      'uptrends-sla_2025-10_Europe-Amsterdam.xlsx',
      'uptrends-sla-monitors_2025-10_Europe-Amsterdam.csv',
      'uptrends-sla-groups_2025-10_Europe-Amsterdam.csv',
      'uptrends-sla-daily_2025-10_Europe-Amsterdam.csv',
      'uptrends-sla-trend_2025-10_Europe-Amsterdam.csv',
      'uptrends-sla-maintenance_2025-10_Europe-Amsterdam.csv',
      'uptrends-sla-overview_2025-10_Europe-Amsterdam.csv',
    ]);
    const workbook = await loadWorkbook(await readFile(written.workbook!));
    expect(workbook.worksheets).toHaveLength(9);

    const monitors = parseCsv(await readFile(written.paths[1]!, 'utf8'));
    expect(monitors.hasBom).toBe(true);
    const [header, ...rows] = monitors.records;
    const a = rows.find((r) => r[header!.indexOf('monitor_guid')] === A)!;
    const field = (name: string) => a[header!.indexOf(name)];
    // Same hand-computed figures as model.test.ts, in CSV units.
    expect(field('downtime_min')).toBe('125');
    expect(field('monitored_min')).toBe('44670');
    // Rounded as the workbook shows it: 99.720170... -> 99.72 (three decimals, trailing zero dropped).
    expect(field('uptime_pct')).toBe('99.72');
    expect(field('status')).toBe('At risk');
    expect(field('uptime_uptrends_pct')).toBe('');

    const daily = parseCsv(await readFile(written.paths[3]!, 'utf8')).records;
    // Three monitors x 31 local days, plus the header.
    expect(daily).toHaveLength(1 + 3 * 31);
    // 100 x (1 - 75 / 1,410) = 94.680851... -> 94.681.
    expect(daily.find((r) => r[0] === A && r[2] === '2025-10-10')!.slice(3)).toEqual(['94.681', 'Complete']);

    const maintenance = parseCsv(await readFile(written.paths[5]!, 'utf8')).records;
    expect(maintenance[0]!.slice(3, 7)).toEqual([
      'start_utc',
      'end_utc',
      'start_local_Europe_Amsterdam',
      'end_local_Europe_Amsterdam',
    ]);
    expect(maintenance[1]!.slice(3, 7)).toEqual([
      '2025-10-10T09:15:00Z',
      '2025-10-10T09:45:00Z',
      '2025-10-10 11:15:00',
      '2025-10-10 11:45:00',
    ]);
  });

  it('writes only the formats asked for', async () => {
    const written = await writeSlaReport(model, {
      outDir: join(dir, 'csv'),
      clock: afterPeriod,
      formats: ['csv'],
    });
    expect(written.workbook).toBeNull();
    expect(written.paths.every((p) => p.endsWith('.csv'))).toBe(true);
  });

  it('wraps a file system failure in ReportError', async () => {
    const blocked = join(dir, 'all', 'uptrends-sla_2025-10_Europe-Amsterdam.xlsx', 'sub');
    await expect(writeSlaReport(model, { outDir: blocked, clock: afterPeriod })).rejects.toBeInstanceOf(
      ReportError,
    );
  });
});
