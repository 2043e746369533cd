import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { writeIncidentReport } from '../../../src/reports/incidents/write-incident-report.ts';
import { writeSlaReport } from '../../../src/reports/sla/write-sla-report.ts';
import { AFTER_OCTOBER, octoberModels, type FixtureModels } from '../../support/report-fixture.ts';
import { onPath } from '../../support/on-path.ts';

const run = promisify(execFile);

const hasSoffice = await onPath('soffice');
if (!hasSoffice)
  console.warn('libreoffice.test.ts: soffice is not on PATH; skipping the LibreOffice conversion test');

let dir: string | undefined;
let fixture: FixtureModels | undefined;
afterAll(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  await fixture?.tdb.drop();
});

describe.skipIf(!hasSoffice)('workbooks open in LibreOffice', () => {
  it('converts the SLA and incident workbooks to PDF', async () => {
    dir = await mkdtemp(join(tmpdir(), 'libreoffice-'));
    fixture = await octoberModels();
    const clock = (): Date => AFTER_OCTOBER;
    const sla = await writeSlaReport(fixture.sla, { outDir: dir, clock, formats: ['xlsx'] });
    const incidents = await writeIncidentReport(fixture.incidents, { outDir: dir, clock, formats: ['xlsx'] });
    const profile = join(dir, 'profile');
    for (const workbook of [sla.workbook!, incidents.workbook!]) {
      await run(
        'soffice',
        [
          `-env:UserInstallation=file://${profile}`,
          '--headless',
          '--convert-to',
          'pdf',
          '--outdir',
          dir,
          workbook,
        ],
        { timeout: 180_000 },
      );
      const pdf = join(dir, basename(workbook).replace(/\.xlsx$/, '.pdf'));
      expect((await stat(pdf)).size).toBeGreaterThan(5_000);
    }
    expect((await readdir(dir)).filter((f) => f.endsWith('.pdf'))).toHaveLength(2);
  }, 400_000);
});
