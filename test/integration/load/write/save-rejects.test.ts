/**
 * Rejected records are stored whatever text they hold: NUL and lone surrogates, which Postgres text
 * and jsonb refuse, become U+FFFD in the record id, the error and the raw record (keys included),
 * as in every other table. Runs on the backend of this test run (CI runs both).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRun } from '../../../../src/load/ledgers/run-ledger.ts';
import { saveRejects } from '../../../../src/load/write/save-rejects.ts';
import { createTestDatabase, type TestDatabase } from '../../../support/test-database.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

describe('saveRejects', () => {
  it('stores NUL and lone surrogates as U+FFFD in id, error and raw record', async () => {
    const db = tdb.warehouse.db;
    const runId = await openRun(db, 'test', {}, '0.0.0');
    const saved = await saveRejects(db, runId, 'acc', [
      {
        stream: 'alerts',
        recordId: 'id\u0000',
        error: 'bad \u0000 text \udc00',
        raw: { 'k\u0000': ['v\u0000', 'half \ud800', 'pair \ud83d\ude00'] },
      },
      { stream: 'alerts', recordId: null, error: 'no id', raw: undefined },
    ]);
    expect(saved).toBe(2);
    const rows = await sql<{ record_id: string | null; error: string; raw: unknown }>`
      select record_id, error, raw from uptrends.etl_rejected_record where run_id = ${runId}
      order by rejected_id`.execute(db);
    expect(rows.rows).toEqual([
      {
        record_id: 'id\ufffd',
        error: 'bad \ufffd text \ufffd',
        raw: { 'k\ufffd': ['v\ufffd', 'half \ufffd', 'pair \ud83d\ude00'] },
      },
      { record_id: null, error: 'no id', raw: null },
    ]);
  });
});
