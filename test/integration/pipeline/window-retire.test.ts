/**
 * What a window read in full removes, and what a window not read in full leaves alone (issue 40,
 * item 1): statistics buckets the service no longer answers go; an alert the window's read
 * rejects takes its earlier row with it; a window that fails after its first page removes nothing.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SERVED_MONITOR as MONITOR, servedSyncRig } from '../../support/served-sync.ts';

const rig = servedSyncRig();

async function read<T>(
  query: (db: Awaited<ReturnType<typeof rig.tdb.reopen>>['db']) => Promise<T>,
): Promise<T> {
  const warehouse = await rig.tdb.reopen();
  try {
    return await query(warehouse.db);
  } finally {
    await rig.tdb.release();
  }
}

function wireAlert(id: string, type: string, timestamp: string, key: string, firstError = timestamp): string {
  return `{"Type": "Alert", "Id": "${id}", "Attributes": {"AlertType": "${type}",
    "MonitorGuid": "${MONITOR}", "Timestamp": "${timestamp}", "FirstError": "${firstError}",
    "MonitorCheckId": 11, "FirstErrorMonitorCheckId": 11, "IncidentKey": "${key}"}}`;
}

const page = (alerts: readonly string[], next: string | null = null): string =>
  `{"Data": [${alerts.join(',')}], "Cursors": {"Next": ${next === null ? 'null' : `"${next}"`}}}`;

const alertIds = (): Promise<string[]> =>
  read(async (db) =>
    (
      await sql<{ id: string }>`select alert_id::text as id from uptrends.alert order by 1`.execute(db)
    ).rows.map((r) => r.id),
  );

const ongoing = (): Promise<string[]> =>
  read(async (db) =>
    (
      await sql<{
        key: string;
      }>`select incident_key as key from uptrends.incident where ended_at is null order by 1`.execute(db)
    ).rows.map((r) => r.key),
  );

const id = (n: number): string => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const DAY = { from: '2025-11-03', to: '2025-11-04' };

describe('a statistics window answered in full', () => {
  it('holds exactly the buckets of the last answer', async () => {
    const bucket = (day: string): string => `{"Id": "b-${day}", "Type": "Statistics",
      "Attributes": {"StartDateTime": "2025-11-${day}T00:00:00", "EndDateTime": "2025-11-${day}T23:59:59",
        "Checks": 1440, "UptimePercentage": 99.5}}`;
    const range = { from: '2025-11-05', to: '2025-11-07' };
    await rig.sync(
      'statistics',
      '/Statistics/Monitor/',
      `{"Data": [${bucket('05')}, ${bucket('06')}]}`,
      range,
    );
    await rig.sync('statistics', '/Statistics/Monitor/', `{"Data": [${bucket('05')}]}`, range);
    const days = await read(async (db) =>
      (
        await sql<{
          day: string;
        }>`select bucket_start_local::date::text as day from uptrends.monitor_statistics order by 1`.execute(
          db,
        )
      ).rows.map((r) => r.day),
    );
    expect(days).toEqual(['2025-11-05']);
  });
});

describe('an alert window', () => {
  it('read in full drops the alerts no longer served and closes the incident the service closed', async () => {
    await rig.sync(
      'alerts',
      '/Alert/Monitor/',
      page([wireAlert(id(1), 'Error', '2025-11-03T10:00:00', 'k-1')]),
      DAY,
    );
    expect(await ongoing()).toEqual(['k-1']);
    // The service moved the incident: its Error now comes under another id and key, with its Ok.
    await rig.sync(
      'alerts',
      '/Alert/Monitor/',
      page([
        wireAlert(id(2), 'Error', '2025-11-03T10:03:00', 'k-2'),
        wireAlert(id(3), 'Ok', '2025-11-03T10:20:00', 'k-2', '2025-11-03T10:03:00'),
      ]),
      DAY,
    );
    expect(await alertIds()).toEqual([id(2), id(3)]);
    expect(await ongoing()).toEqual([]);
  });

  it('failing after its first page removes nothing', async () => {
    const day = { from: '2025-11-05', to: '2025-11-06' };
    await rig.sync(
      'alerts',
      '/Alert/Monitor/',
      page([wireAlert(id(5), 'Error', '2025-11-05T10:00:00', 'k-5')]),
      day,
    );
    const before = await alertIds();
    expect(before).toContain(id(5));
    await rig.sync(
      'alerts',
      '/Alert/Monitor/',
      [
        { body: page([wireAlert(id(4), 'Error', '2025-11-05T11:00:00', 'k-4')], 'next-page') },
        { status: 404, body: '{"Message": "gone"}' },
      ],
      day,
      'failed',
    );
    const after = await alertIds();
    for (const kept of before) expect(after).toContain(kept);
  });
});
