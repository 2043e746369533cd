import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderIncidentXlsx } from '../../../src/reports/incidents/render-xlsx.ts';
import { renderSlaXlsx } from '../../../src/reports/sla/render-xlsx.ts';
import { findRow, loadWorkbook } from '../../unit/reports/xlsx-reader.ts';
import { AFTER_OCTOBER } from '../../support/report-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { slaModelOf, incidentModelOf } from '../../support/report-request.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
  await sql`insert into uptrends.account (account_id, iana_zone, iana_zone_exact, iana_zone_source, run_id)
    values ('1', 'Europe/Amsterdam', true, 'setting', 1)`.execute(tdb.warehouse.db);
});
afterAll(async () => {
  await tdb.drop();
});

// A fresh warehouse (the demo before its first sync, a new account) has nothing to report; the
// workbooks must still be written and say so rather than fail.
describe('an account with no monitors', () => {
  it('still yields both workbooks, with empty figures rather than zeros', async () => {
    const options = { period: { month: '2025-10' }, clock: () => AFTER_OCTOBER };
    const sla = await slaModelOf(tdb.warehouse.db, { ...options, target: { desired: 99.9 } });
    expect(sla.account.uptime_percentage).toBeNull();
    expect(sla.account.data_state).toBe('no data');
    expect(sla.groups).toEqual([]);
    const workbook = await loadWorkbook(await renderSlaXlsx(sla));
    const summary = workbook.getWorksheet('Summary')!;
    expect(summary.getCell(findRow(summary, 'No monitor had downtime in this period.'), 1).value).toBe(
      'No monitor had downtime in this period.',
    );
    const monitors = workbook.getWorksheet('Monitors')!;
    expect(monitors.rowCount).toBe(findRow(monitors, 'Group'));

    const incidents = await incidentModelOf(tdb.warehouse.db, options);
    const incidentBook = await loadWorkbook(
      await renderIncidentXlsx(incidents, { kind: 'rows', alerts: [] }, { rows: [], count: 0 }),
    );
    expect(incidentBook.worksheets).toHaveLength(5);
  });
});
