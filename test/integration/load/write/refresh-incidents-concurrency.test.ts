/**
 * Two windows that commit concurrently and touch the same incident (bug: the last committer could
 * recompute the incident from a snapshot without the other window's alerts and leave a closed
 * incident open). Deterministic: the first transaction holds its commit while the second refreshes.
 * Needs two connections, so it runs on Postgres only.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshIncidents } from '../../../../src/load/write/refresh-incidents.ts';
import { createTestDatabase, type TestDatabase } from '../../../support/test-database.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => tdb.drop());

const monitor = randomUUID();
const key = `${monitor}-0-1`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function insertAlert(db: Kysely<any>, type: 'Error' | 'Ok', raisedAt: string): Promise<void> {
  await sql`insert into uptrends.alert (alert_id, account_id, monitor_guid, alert_type, raised_at, raised_at_local,
      first_error_at, first_error_at_local, incident_key, incident_key_derived, raw, run_id)
    values (${randomUUID()}::uuid, 'acc', ${monitor}::uuid, ${type}, ${raisedAt}::timestamptz, ${raisedAt.slice(0, 19)}::timestamp,
      '2025-01-01T10:00:00Z'::timestamptz, '2025-01-01T10:00:00'::timestamp, ${key}, false, '{}'::jsonb, 1)`.execute(
    db,
  );
}

describe('incident refresh under concurrent windows', () => {
  it('the second window waits for the first and sees its Ok alert', async ({ skip }) => {
    if (tdb.backend !== 'postgres') skip('needs two concurrent connections (Postgres)');
    const db = tdb.warehouse.db;
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstRefreshed!: () => void;
    const firstHasRefreshed = new Promise<void>((resolve) => (firstRefreshed = resolve));
    // Window 1 holds the Ok alert, refreshes, and keeps its transaction open.
    const first = db.transaction().execute(async (trx) => {
      await insertAlert(trx, 'Ok', '2025-01-01T11:00:00Z');
      await refreshIncidents(trx, [{ monitorGuid: monitor, incidentKey: key }], 1);
      firstRefreshed();
      await firstMayCommit;
    });
    await firstHasRefreshed;
    // Window 2 holds the Error alert and refreshes while window 1 is still open.
    const second = db.transaction().execute(async (trx) => {
      await insertAlert(trx, 'Error', '2025-01-01T10:00:30Z');
      await refreshIncidents(trx, [{ monitorGuid: monitor, incidentKey: key }], 2);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    releaseFirst();
    await first;
    await second;
    const rows = await sql<{ ended_at: Date | null; alert_count: number }>`
      select ended_at, alert_count from uptrends.incident where incident_key = ${key}`.execute(db);
    expect(rows.rows).toEqual([{ ended_at: new Date('2025-01-01T11:00:00Z'), alert_count: 2 }]);
  });
});
