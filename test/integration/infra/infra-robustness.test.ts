/**
 * What goes wrong on the wire: bad records are rejected with a named error and the rest loads;
 * an incomplete tree walk marks nothing deleted, a complete one soft-deletes what is gone and a
 * later walk revives it; HTTP faults (5xx, 429, resets, cut-off and HTML bodies) are retried and
 * leave exactly the rows of a clean run; a failing day stops the watermark before it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { infraDevicesStream, infraDeviceUptimeStream } from '../../../src/pipeline/streams/infra.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { tableSnapshot } from '../../support/table-snapshot.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { runInfraStream } from './infra-harness.ts';
import { localMidnight } from '../../../src/time/calendar.ts';
import { type ApiGetter } from '../../../src/extract/http/api-client.ts';

const NOW = new Date('2025-06-12T07:00:00Z');
const BACKFILL = { from: '2025-06-08', to: '2025-06-12' };
const TABLES = [
  'infra_device_group',
  'infra_device',
  'infra_device_uptime_daily',
  'infra_data_feed_value',
  'etl_state',
];

let tdb: TestDatabase;
let sim: RunningSimulator;

beforeAll(async () => {
  tdb = await createTestDatabase();
  sim = await startSimulator({ seed: 8, monitors: 30, days: 20, now: NOW });
});
afterAll(async () => {
  await sim.close();
  await tdb.drop();
});
beforeEach(async () => {
  sim.setFaults(undefined);
  await sql`truncate uptrends.infra_device_group, uptrends.infra_device, uptrends.infra_device_uptime_daily,
    uptrends.infra_data_feed_value, uptrends.etl_state, uptrends.etl_rejected_record`.execute(
    tdb.warehouse.db,
  );
});

type Items = Record<string, unknown>[];

/** A getter that lets the test edit every DeviceGroupData body's items before the stream sees them. */
function tamper(edit: (items: Items, query: Record<string, unknown>) => Items) {
  return (getter: ApiGetter): ApiGetter => ({
    get: async <T>(
      path: string,
      query?: Record<string, string | number | boolean | undefined>,
      options?: Parameters<ApiGetter['get']>[2],
    ) => {
      const response = await getter.get<{ Devices?: Items; Count?: number }>(path, query, options);
      const body = response.body;
      const devices = edit(structuredClone(body.Devices ?? []), query ?? {});
      const removed = (body.Devices?.length ?? 0) - devices.length;
      return { ...response, body: { ...body, Count: (body.Count ?? 0) - removed, Devices: devices } as T };
    },
    stats: () => getter.stats(),
    close: () => getter.close(),
  });
}

const db = () => tdb.warehouse.db;
const firstDevice = () => String(sim.truth.infraDevices()[0]!.id);
const secondDevice = () => String(sim.truth.infraDevices()[1]!.id);

async function rejects() {
  const result = await sql<{ stream: string; record_id: string | null; error: string }>`
    select stream, record_id, error from uptrends.etl_rejected_record order by stream, record_id`.execute(
    db(),
  );
  return result.rows;
}

describe('Infra streams when the wire misbehaves', () => {
  it('rejects a device without Id, an impossible uptime and a feed without Id, by name, and loads the rest', async () => {
    const broken = tamper((items, query) =>
      items.map((item) => {
        if (String(item.Id) === firstDevice()) {
          const { Id: _id, ...rest } = item;
          return rest;
        }
        if (String(item.Id) === secondDevice() && query.Period !== 'Last24Hours')
          return { ...item, Uptime: 130 };
        if (
          String(item.Id) === secondDevice() &&
          Array.isArray(item.DataFeeds) &&
          item.DataFeeds.length > 0
        ) {
          return { ...item, DataFeeds: [{ ...(item.DataFeeds[0] as object), Id: null }] };
        }
        return item;
      }),
    );
    const devices = await runInfraStream(db(), sim, infraDevicesStream, {}, broken);
    const uptime = await runInfraStream(db(), sim, infraDeviceUptimeStream, BACKFILL, broken);
    const truth = sim.truth.infraDevices();
    expect(devices.rejected).toBeGreaterThanOrEqual(2);
    expect(devices.notice).toMatch(/incompletely; nothing was marked deleted/);
    expect(uptime.rejected).toBe(4 * 2); // each day: the device without Id and the 130 % uptime
    const rows = await rejects();
    expect(
      rows.filter(
        (r) =>
          r.stream === 'infra_device_uptime' &&
          r.error === `Uptime 130 of device ${secondDevice()} on ${'2025-06-08'} is outside 0-100`,
      ),
    ).toHaveLength(1);
    expect(
      rows.filter((r) => r.stream === 'infra_device_uptime' && r.record_id === null && /^Id: /.test(r.error)),
    ).toHaveLength(4);
    expect(
      rows.some(
        (r) =>
          r.stream === 'infra_devices' && r.record_id === `${secondDevice()}/?` && /has no Id/.test(r.error),
      ),
    ).toBe(true);
    expect(
      rows.some((r) => r.stream === 'infra_devices' && r.record_id === null && /^Id: /.test(r.error)),
    ).toBe(true);
    const loaded = await sql<{
      n: number;
    }>`select count(*)::int as n from uptrends.infra_device_uptime_daily`.execute(db());
    expect(loaded.rows[0]?.n).toBe((truth.length - 2) * 4);
    const window = await sql<{ window_start: Date }>`
      select window_start from uptrends.etl_rejected_record where stream = 'infra_device_uptime' order by window_start limit 1`.execute(
      db(),
    );
    expect(window.rows[0]?.window_start).toEqual(localMidnight('2025-06-08', sim.timeZone));
  });

  it('soft-deletes a device a complete walk no longer finds, and revives it when it returns', async () => {
    await runInfraStream(db(), sim, infraDevicesStream);
    const gone = firstDevice();
    const without = tamper((items) => items.filter((i) => String(i.Id) !== gone));
    const second = await runInfraStream(db(), sim, infraDevicesStream, {}, without);
    expect(second.notice).toBeUndefined();
    const deleted = await sql<{ id: string; deleted_at: Date }>`
      select device_id as id, deleted_at from uptrends.infra_device where deleted_at is not null`.execute(
      db(),
    );
    expect(deleted.rows).toEqual([{ id: gone, deleted_at: sim.truth.now() }]);
    await runInfraStream(db(), sim, infraDevicesStream);
    const live = await sql<{
      n: number;
    }>`select count(*)::int as n from uptrends.infra_device where deleted_at is null`.execute(db());
    expect(live.rows[0]?.n).toBe(sim.truth.counts().infraDevices);
  });

  it('an incomplete walk marks nothing deleted', async () => {
    await runInfraStream(db(), sim, infraDevicesStream);
    const gone = firstDevice();
    // One device vanishes and another loses its Id: the walk cannot tell what was removed.
    const partial = tamper((items) =>
      items
        .filter((i) => String(i.Id) !== gone)
        .map((i) => (String(i.Id) === secondDevice() ? { ...i, Id: undefined } : i)),
    );
    const result = await runInfraStream(db(), sim, infraDevicesStream, {}, partial);
    expect(result.notice).toBeDefined();
    const deleted = await sql<{
      n: number;
    }>`select count(*)::int as n from uptrends.infra_device where deleted_at is not null`.execute(db());
    expect(deleted.rows[0]?.n).toBe(0);
  });

  it('HTTP faults are retried and leave exactly the rows of a clean run', async () => {
    await runInfraStream(db(), sim, infraDevicesStream);
    await runInfraStream(db(), sim, infraDeviceUptimeStream, BACKFILL);
    const clean = await tableSnapshot(db(), TABLES);
    await sql`truncate uptrends.infra_device_group, uptrends.infra_device, uptrends.infra_device_uptime_daily,
      uptrends.infra_data_feed_value, uptrends.etl_state`.execute(db());
    sim.setFaults(
      'error500=0.15,error503=0.1,rate429=0.1,retryAfter=0,reset=0.1,truncate=0.1,malformed=0.1,scope=DeviceGroupData',
    );
    const devices = await runInfraStream(db(), sim, infraDevicesStream);
    const uptime = await runInfraStream(db(), sim, infraDeviceUptimeStream, BACKFILL);
    expect(devices.requests + uptime.requests).toBeGreaterThan(10 + 4);
    expect(await tableSnapshot(db(), TABLES)).toEqual(clean);
  });

  it('a day that keeps failing stops the watermark before it; the next run reads it again', async () => {
    await runInfraStream(db(), sim, infraDevicesStream);
    const failing = (getter: ApiGetter): ApiGetter => ({
      get: (path, query, options) =>
        query?.Period === '20250610-20250610'
          ? Promise.reject(new Error('day 10 unavailable'))
          : getter.get(path, query, options),
      stats: () => getter.stats(),
      close: () => getter.close(),
    });
    await expect(runInfraStream(db(), sim, infraDeviceUptimeStream, BACKFILL, failing)).rejects.toThrow(
      'day 10 unavailable',
    );
    const state = await sql<{
      watermark: Date;
    }>`select watermark from uptrends.etl_state where stream = 'infra_device_uptime'`.execute(db());
    expect(state.rows[0]?.watermark).toEqual(localMidnight('2025-06-10', sim.timeZone));
    const days = await sql<{
      day: string;
    }>`select distinct day from uptrends.infra_device_uptime_daily order by 1`.execute(db());
    expect(days.rows.map((r) => r.day)).toEqual(['2025-06-08', '2025-06-09']);
    const nightly = await runInfraStream(db(), sim, infraDeviceUptimeStream, { lookbackDays: 0 });
    expect(nightly.windows).toBe(2);
    const after = await sql<{
      day: string;
    }>`select distinct day from uptrends.infra_device_uptime_daily order by 1`.execute(db());
    expect(after.rows.map((r) => r.day)).toEqual(['2025-06-08', '2025-06-09', '2025-06-10', '2025-06-11']);
  });
});
