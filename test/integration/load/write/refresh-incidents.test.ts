/**
 * uptrends.refresh_incidents() through refreshIncidents(): incidents derived from merged alerts,
 * recomputed for the given keys only, on the backend the test set-up chose (run the file again
 * with UPTRENDS_TEST_BACKEND=pglite for the other one).
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertSchema } from '../../../../src/extract/schemas/alert.ts';
import { mergeRows } from '../../../../src/load/write/merge-rows.ts';
import { refreshIncidents } from '../../../../src/load/write/refresh-incidents.ts';
import { alertRow } from '../../../../src/transform/rows/alert-row.ts';
import { createTestDatabase, type TestDatabase } from '../../../support/test-database.ts';
import { type Database } from '../../../../src/load/schema.ts';

type Db = Kysely<Database>;

const ZONE = 'Europe/Amsterdam';
const M1 = '11111111-AAAA-4AAA-8AAA-111111111111';
const m1 = M1.toLowerCase();
const M2 = '22222222-bbbb-4bbb-8bbb-222222222222';

let tdb: TestDatabase;
let db: Db;
let nextId = 1;

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = tdb.warehouse.db;
});
afterAll(async () => tdb.drop());

interface AlertSpec {
  monitor?: string;
  type: string;
  at: string;
  firstError: string;
  key?: string | null;
  check: number;
  firstCheck: number;
  description?: string;
}

function alertInput(spec: AlertSpec): Record<string, unknown> {
  const id = `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
  return {
    Id: id,
    Type: 'Alert',
    Attributes: {
      AlertType: spec.type,
      MonitorGuid: spec.monitor ?? M1,
      Timestamp: spec.at,
      FirstError: spec.firstError,
      MonitorCheckId: spec.check,
      FirstErrorMonitorCheckId: spec.firstCheck,
      ErrorDescription: spec.description ?? (spec.type === 'Ok' ? 'OK' : 'HTTP 503'),
      ...(spec.key === null ? {} : { IncidentKey: spec.key }),
    },
  };
}

/** Loads alerts the way the pipeline does: parse, map, merge on alert_id. Returns their ids. */
async function loadAlerts(specs: AlertSpec[], runId: number): Promise<string[]> {
  const rows = specs.map((spec) => {
    const input = alertInput(spec);
    return alertRow(alertSchema.parse(input), { accountId: 'acc', zone: ZONE, runId }, input);
  });
  // Spread: the mappers' row interfaces have no index signature.
  await mergeRows(
    db,
    { table: 'alert', key: ['alert_id'] },
    rows.map((row) => ({ ...row })),
  );
  return rows.map((row) => row.alert_id);
}

async function incident(monitorGuid: string, key: string): Promise<Record<string, unknown> | undefined> {
  const result = await sql<Record<string, unknown>>`
    select * from uptrends.incident where monitor_guid = ${monitorGuid}::uuid and incident_key = ${key}`.execute(
    db,
  );
  return result.rows[0];
}

describe('refresh_incidents', () => {
  it('derives an incident from Error, Reminder and Ok alerts, and an ongoing one beside it', async () => {
    // Amsterdam in March is UTC+1. K1 runs 10:00:00 -> 11:00:30 local; K2 starts inside it.
    await loadAlerts(
      [
        {
          type: 'Error',
          at: '2025-03-10T10:05:00',
          firstError: '2025-03-10T10:00:00',
          key: 'K1',
          check: 1002,
          firstCheck: 1001,
          description: 'HTTP 503 on /',
        },
        {
          type: 'Reminder',
          at: '2025-03-10T10:35:00',
          firstError: '2025-03-10T10:00:00',
          key: 'K1',
          check: 1010,
          firstCheck: 1001,
        },
        {
          type: 'Ok',
          at: '2025-03-10T11:00:30',
          firstError: '2025-03-10T10:00:00',
          key: 'K1',
          check: 1020,
          firstCheck: 1001,
        },
        {
          type: 'Error',
          at: '2025-03-10T10:30:00',
          firstError: '2025-03-10T10:20:00',
          key: 'K2',
          check: 2002,
          firstCheck: 2001,
          description: 'DNS failure',
        },
        {
          type: 'Reminder',
          at: '2025-03-10T11:30:00',
          firstError: '2025-03-10T10:20:00',
          key: 'K2',
          check: 2010,
          firstCheck: 2001,
        },
      ],
      1,
    );
    // Duplicates, in both GUID casings, count once.
    const written = await refreshIncidents(
      db,
      [
        { monitorGuid: M1, incidentKey: 'K1' },
        { monitorGuid: m1, incidentKey: 'K1' },
        { monitorGuid: M1, incidentKey: 'K2' },
      ],
      7,
    );
    expect(written).toBe(2);

    expect(await incident(m1, 'K1')).toEqual({
      account_id: 'acc',
      monitor_guid: m1,
      incident_key: 'K1',
      started_at: new Date('2025-03-10T09:00:00Z'),
      started_at_local: '2025-03-10T10:00:00',
      ended_at: new Date('2025-03-10T10:00:30Z'),
      ended_at_local: '2025-03-10T11:00:30',
      duration_seconds: 3630,
      alert_count: 3,
      reminder_count: 1,
      first_error_description: 'HTTP 503 on /',
      first_error_monitor_check_id: 1001,
      last_monitor_check_id: 1020,
      last_alert_at: new Date('2025-03-10T10:00:30Z'),
      run_id: 7,
    });
    expect(await incident(m1, 'K2')).toMatchObject({
      started_at: new Date('2025-03-10T09:20:00Z'),
      ended_at: null,
      ended_at_local: null,
      duration_seconds: null,
      alert_count: 2,
      reminder_count: 1,
      first_error_description: 'DNS failure',
      last_monitor_check_id: 2010,
      last_alert_at: new Date('2025-03-10T10:30:00Z'),
    });
  });

  it('changes nothing, not even run_id, when the alerts did not change', async () => {
    expect(
      await refreshIncidents(
        db,
        [
          { monitorGuid: M1, incidentKey: 'K1' },
          { monitorGuid: M1, incidentKey: 'K2' },
        ],
        8,
      ),
    ).toBe(0);
    expect((await incident(m1, 'K1'))?.run_id).toBe(7);
  });

  it('ends an incident when its Ok alert arrives in a later window', async () => {
    await loadAlerts(
      [
        {
          type: 'Error',
          at: '2025-03-11T23:50:00',
          firstError: '2025-03-11T23:45:00',
          key: 'K3',
          check: 3002,
          firstCheck: 3001,
        },
      ],
      2,
    );
    expect(await refreshIncidents(db, [{ monitorGuid: M1, incidentKey: 'K3' }], 9)).toBe(1);
    expect((await incident(m1, 'K3'))?.ended_at).toBeNull();

    await loadAlerts(
      [
        {
          type: 'Ok',
          at: '2025-03-12T00:15:00',
          firstError: '2025-03-11T23:45:00',
          key: 'K3',
          check: 3009,
          firstCheck: 3001,
        },
      ],
      3,
    );
    // Not passed: not recomputed.
    await refreshIncidents(db, [{ monitorGuid: M1, incidentKey: 'K1' }], 10);
    expect((await incident(m1, 'K3'))?.ended_at).toBeNull();

    expect(await refreshIncidents(db, [{ monitorGuid: M1, incidentKey: 'K3' }], 11)).toBe(1);
    expect(await incident(m1, 'K3')).toMatchObject({
      ended_at: new Date('2025-03-11T23:15:00Z'),
      ended_at_local: '2025-03-12T00:15:00',
      duration_seconds: 1800,
      alert_count: 2,
      reminder_count: 0,
      last_monitor_check_id: 3009,
      run_id: 11,
    });
  });

  it('keeps overlapping incidents of one monitor apart, and the same key of another monitor apart', async () => {
    await loadAlerts(
      [
        {
          monitor: M2,
          type: 'Error',
          at: '2025-03-10T10:05:00',
          firstError: '2025-03-10T10:01:00',
          key: 'K1',
          check: 9002,
          firstCheck: 9001,
        },
      ],
      4,
    );
    await refreshIncidents(db, [{ monitorGuid: M2, incidentKey: 'K1' }], 12);
    const rows = await sql<{ monitor_guid: string; incident_key: string; started_at: Date }>`
      select monitor_guid, incident_key, started_at from uptrends.incident
      where incident_key in ('K1', 'K2') order by monitor_guid, incident_key`.execute(db);
    expect(rows.rows).toEqual([
      { monitor_guid: m1, incident_key: 'K1', started_at: new Date('2025-03-10T09:00:00Z') },
      { monitor_guid: m1, incident_key: 'K2', started_at: new Date('2025-03-10T09:20:00Z') },
      { monitor_guid: M2, incident_key: 'K1', started_at: new Date('2025-03-10T09:01:00Z') },
    ]);
  });

  it('takes each first and last by its own order, ties included, whatever order the alerts were loaded in', async () => {
    // Loaded out of time order. The start is the least coalesce(FirstError, Timestamp), ties
    // broken by Timestamp then alert id: the two Reminders share 09:50 local, the later-loaded
    // one raised first wins. The last check is by Timestamp then alert id, descending: the
    // two Oks share 11:00, the later id wins, though its check number is the smaller.
    const specs: AlertSpec[] = [
      {
        type: 'Reminder',
        at: '2025-03-10T10:30:00',
        firstError: '2025-03-10T09:50:00',
        check: 31,
        firstCheck: 200,
      },
      {
        type: 'Error',
        at: '2025-03-10T10:00:00',
        firstError: '2025-03-10T09:55:00',
        check: 10,
        firstCheck: 100,
      },
      {
        type: 'Reminder',
        at: '2025-03-10T10:20:00',
        firstError: '2025-03-10T09:50:00',
        check: 21,
        firstCheck: 300,
      },
      { type: 'Ok', at: '2025-03-10T11:00:00', firstError: '2025-03-10T09:55:00', check: 9, firstCheck: 100 },
      { type: 'Ok', at: '2025-03-10T11:00:00', firstError: '2025-03-10T09:55:00', check: 7, firstCheck: 100 },
    ];
    await loadAlerts(
      specs.map((spec, i) => ({ ...spec, key: 'ORDER', description: `description ${i}` })),
      5,
    );
    await refreshIncidents(db, [{ monitorGuid: M1, incidentKey: 'ORDER' }], 13);
    expect(await incident(m1, 'ORDER')).toMatchObject({
      started_at: new Date('2025-03-10T08:50:00Z'),
      started_at_local: '2025-03-10T09:50:00',
      first_error_monitor_check_id: 300,
      ended_at: new Date('2025-03-10T10:00:00Z'),
      ended_at_local: '2025-03-10T11:00:00',
      alert_count: 5,
      reminder_count: 2,
      // The first alert that is not an Ok, by Timestamp: the Error, loaded second.
      first_error_description: 'description 1',
      last_monitor_check_id: 7,
      last_alert_at: new Date('2025-03-10T10:00:00Z'),
    });
  });

  it('groups alerts without IncidentKey by their first error check, and passes awkward keys intact', async () => {
    await loadAlerts(
      [
        {
          type: 'Error',
          at: '2025-03-13T08:00:00',
          firstError: '2025-03-13T07:58:00',
          key: null,
          check: 4002,
          firstCheck: 4001,
        },
        {
          type: 'Ok',
          at: '2025-03-13T08:10:00',
          firstError: '2025-03-13T07:58:00',
          key: null,
          check: 4005,
          firstCheck: 4001,
        },
        {
          type: 'Error',
          at: '2025-03-13T09:00:00',
          firstError: '2025-03-13T09:00:00',
          key: 'a "quoted", {braced} \\ key',
          check: 5001,
          firstCheck: 5001,
        },
      ],
      5,
    );
    const awkward = 'a "quoted", {braced} \\ key';
    expect(
      await refreshIncidents(
        db,
        [
          { monitorGuid: M1, incidentKey: 'derived:4001' },
          { monitorGuid: M1, incidentKey: awkward },
        ],
        13,
      ),
    ).toBe(2);
    expect(await incident(m1, 'derived:4001')).toMatchObject({ duration_seconds: 720, alert_count: 2 });
    expect((await incident(m1, awkward))?.incident_key).toBe(awkward);
  });

  it('removes an incident whose alerts are all gone', async () => {
    await sql`delete from uptrends.alert where monitor_guid = ${m1}::uuid and incident_key = 'K3'`.execute(
      db,
    );
    expect(await refreshIncidents(db, [{ monitorGuid: M1, incidentKey: 'K3' }], 14)).toBe(1);
    expect(await incident(m1, 'K3')).toBeUndefined();
    // Unknown pairs are harmless.
    expect(await refreshIncidents(db, [{ monitorGuid: M1, incidentKey: 'never-seen' }], 15)).toBe(0);
  });

  it('handles more pairs than one call takes (chunks), counting each change once', async () => {
    await loadAlerts(
      [
        {
          type: 'Error',
          at: '2025-03-14T12:00:00',
          firstError: '2025-03-14T12:00:00',
          key: 'K-last',
          check: 6001,
          firstCheck: 6001,
        },
      ],
      6,
    );
    const filler = Array.from({ length: 6_000 }, (_, i) => ({ monitorGuid: M2, incidentKey: `none-${i}` }));
    expect(await refreshIncidents(db, [...filler, { monitorGuid: M1, incidentKey: 'K-last' }], 16)).toBe(1);
    expect((await incident(m1, 'K-last'))?.run_id).toBe(16);
  });

  it('rejects arrays of different lengths', async () => {
    await expect(
      sql`select uptrends.refresh_incidents(array[${m1}]::uuid[], array['a', 'b']::text[], 1)`.execute(db),
    ).rejects.toThrow(/1 monitor guids but 2 incident keys/);
  });

  it('reads only the alerts of the pairs (index), not the alert table', async () => {
    await sql`
      insert into uptrends.alert (alert_id, account_id, monitor_guid, alert_type, raised_at, raised_at_local,
        monitor_check_id, first_error_monitor_check_id, incident_key, incident_key_derived, raw, run_id)
      select
        ('10000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'acc',
        ('20000000-0000-4000-8000-' || lpad((g % 300)::text, 12, '0'))::uuid, 'Error',
        timestamptz '2025-01-01 00:00Z' + g * interval '1 minute', timestamp '2025-01-01 01:00' + g * interval '1 minute',
        g, g, 'bulk-' || g, false, '{}'::jsonb, 1
      from generate_series(1, 30000) as g`.execute(db);
    await sql`analyze uptrends.alert`.execute(db);
    const pages = await sql<{ relpages: number }>`
      select relpages from pg_class where oid = 'uptrends.alert'::regclass`.execute(db);
    const tablePages = Number(pages.rows[0]?.relpages);
    expect(tablePages).toBeGreaterThan(300);

    const measure = async (key: string): Promise<number> => {
      const plan = await sql<Record<string, unknown>>`
        explain (analyze, buffers, format json)
        select uptrends.refresh_incidents(array['20000000-0000-4000-8000-000000000007']::uuid[], array[${key}]::text[], 1)`.execute(
        db,
      );
      const raw = Object.values(plan.rows[0] ?? {})[0];
      const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Record<string, number> }[];
      const top = doc[0]!.Plan;
      return (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0);
    };
    await measure('bulk-7'); // the first call compiles and plans
    const touched = await measure('bulk-307');
    expect(touched).toBeLessThan(60);
    expect(await incident('20000000-0000-4000-8000-000000000007', 'bulk-307')).toMatchObject({
      alert_count: 1,
    });
  });
});
