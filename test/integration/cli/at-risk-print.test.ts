/**
 * Issue 41: the early warning is management's one page, also when many services are warned. A
 * failure-heavy account of 70 monitors (most breached, burn rates in the thousands) run through
 * `demo` as a user runs it; its at-risk PDF and workbook are read as a reader reads them: the PDF
 * with pdf.js, the workbook printed by LibreOffice (when installed); its chart draws the six
 * services to act on first, one panel each, as it does for the 7 of at-risk-report.test.ts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, runCli } from '../../support/run-cli.ts';
import { readPdf } from '../../support/pdf-text.ts';
import { atRiskModelOf } from '../../support/report-request.ts';
import { openWarehouse } from '../../../src/load/connection/db.ts';
import { CHART_SERVICES } from '../../../src/reports/at-risk/model.ts';
import { DEFAULT_AT_RISK_WITHIN_DAYS, DEFAULT_SLA_TARGET } from '../../../src/reports/report-defaults.ts';
import { chartPanels } from '../../support/at-risk-chart.ts';
import { onPath } from '../../support/on-path.ts';

const run = promisify(execFile);
let dir: string;
let files: string[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'at-risk-print-'));
  const result = await runCli(
    [
      'demo',
      '--profile',
      'failure-heavy',
      '--monitors',
      '70',
      '--days',
      '35',
      '--out',
      path.join(dir, 'out'),
      '--json',
      '-q',
    ],
    { UPTRENDS_ETL_DATA_DIR: path.join(dir, 'warehouse') },
    dir,
    300_000,
  );
  expect(result.code, result.stderr).toBe(0);
  const demo = jsonLines(result.stdout).find((l) => l.result === 'demo')!;
  files = demo.files as string[];
}, 300_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const atRisk = (ext: string): string => files.find((f) => /uptrends-at-risk_/.test(f) && f.endsWith(ext))!;

describe('the at-risk report of an account with dozens of services warned', () => {
  it('its PDF is one page: the worst first, the rest counted, rates above 100 as "> 100×"', async () => {
    const pdf = await readPdf(atRisk('.pdf'));
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.text).toMatch(/and \d+ more breached, at risk or on watch/);
    expect(pdf.text).toContain('> 100×');
    // No burn multiple in the hundreds or thousands, and no share of a budget past 100 %.
    const rates = [...pdf.text.matchAll(/(\d[\d.,]*)×/g)].map((m) => Number(m[1]!.replace(/,/g, '')));
    expect(rates.length).toBeGreaterThan(0);
    for (const rate of rates) expect(rate).toBeLessThanOrEqual(100);
    expect(pdf.text).not.toMatch(/\d{4,}\.\d%/);
    expect(pdf.text).toContain('over budget');
    expect(pdf.images).toBeGreaterThanOrEqual(1);
  });
});

describe('its chart', () => {
  it('reads as it does for 7 services: one panel each for the six to act on first, no legend to match', async () => {
    const warehouse = await openWarehouse({ dataDir: path.join(dir, 'warehouse') });
    try {
      const model = await atRiskModelOf(warehouse.db, {
        target: { desired: DEFAULT_SLA_TARGET },
        atRiskWithinDays: DEFAULT_AT_RISK_WITHIN_DAYS,
        clock: () => new Date(),
      });
      expect(model.warned.length).toBeGreaterThan(3 * CHART_SERVICES);
      expect(model.chart.services).toHaveLength(CHART_SERVICES);
      expect(chartPanels(model)).toEqual({ panels: CHART_SERVICES, columns: 3, colourLegend: null });
    } finally {
      await warehouse.close();
    }
  });
});

describe.skipIf(!(await onPath('soffice')))('its workbook printed by LibreOffice', () => {
  it('shows no ###, and the Early warning sheet is one page followed by All services', async () => {
    const out = path.join(dir, 'lo');
    await run(
      'soffice',
      [
        `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        out,
        atRisk('.xlsx'),
      ],
      { timeout: 240_000 },
    );
    const pdf = await readPdf(path.join(out, path.basename(atRisk('.xlsx')).replace(/\.xlsx$/, '.pdf')));
    expect(pdf.text).not.toContain('###');
    expect(pdf.pages[0]!.text).toContain('SLA early warning');
    expect(pdf.pages[0]!.text).toContain('> 100×');
    // Page 2 is the next sheet, not an empty band of the first.
    expect(pdf.pages[1]!.text).toContain('All services');
  }, 300_000);
});
