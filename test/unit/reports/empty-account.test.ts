import { describe, expect, it } from 'vitest';
import { buildIncidentModel } from '../../../src/reports/incidents/model.ts';
import { renderIncidentXlsx } from '../../../src/reports/incidents/render-xlsx.ts';
import { buildSlaModel } from '../../../src/reports/sla/model.ts';
import { renderSlaXlsx } from '../../../src/reports/sla/render-xlsx.ts';
import { findRow, loadWorkbook } from './xlsx-reader.ts';
import { afterPeriod, octoberIncidentInput, octoberInput } from './sla/october-fixture.ts';

// A fresh warehouse (the demo before its first sync, a new account) has nothing to report; the
// workbooks must still be written and say so rather than fail.
describe('an account with no monitors', () => {
  it('still yields both workbooks, with empty figures rather than zeros', async () => {
    const sla = buildSlaModel(
      { ...octoberInput(), monitors: [], incidents: [], statistics: [], maintenance: [] },
      afterPeriod,
    );
    expect(sla.overall.uptime).toBeNull();
    expect(sla.groups).toEqual([]);
    const workbook = await loadWorkbook(await renderSlaXlsx(sla));
    const summary = workbook.getWorksheet('Summary')!;
    expect(summary.getCell(findRow(summary, 'No monitor had downtime in this period.'), 1).value).toBe(
      'No monitor had downtime in this period.',
    );
    const monitors = workbook.getWorksheet('Monitors')!;
    expect(monitors.rowCount).toBe(findRow(monitors, 'Group'));

    const incidents = buildIncidentModel(
      { ...octoberIncidentInput(), monitors: [], incidents: [] },
      afterPeriod,
    );
    const incidentBook = await loadWorkbook(
      await renderIncidentXlsx(incidents, { kind: 'rows', alerts: [] }),
    );
    expect(incidentBook.worksheets).toHaveLength(5);
  });

  it('a period that has not started yet has no days and no monitors in scope', () => {
    const sla = buildSlaModel(octoberInput(), () => new Date('2025-09-15T00:00:00Z'));
    expect(sla.monitors).toEqual([]);
    expect(sla.daily.days).toEqual([]);
  });
});
