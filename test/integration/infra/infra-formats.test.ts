/**
 * XML and JSON bodies, and small and large pages, load identical rows: the same backfill runs
 * four ways (JSON or XML, Take 500 or 3) into emptied tables and the table contents are compared.
 * The request counts of the small pages are checked against the tree: one request per group per
 * page of its items, one per day per page of devices.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInfraDevicesStream,
  createInfraDeviceUptimeStream,
} from '../../../src/pipeline/streams/infra.ts';
import type { InfraFormat } from '../../../src/extract/infra/device-group-data.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { tableSnapshot } from '../../support/table-snapshot.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { runInfraStream } from './infra-harness.ts';
import { type ApiGetter } from '../../../src/extract/http/api-client.ts';

const NOW = new Date('2025-03-31T08:00:00Z');
// Includes 2025-03-30, the 23-hour day of Amsterdam.
const BACKFILL = { from: '2025-03-27', to: '2025-03-31' };
const DAYS = 4;
const TABLES = ['infra_device_group', 'infra_device', 'infra_device_uptime_daily', 'infra_data_feed_value'];

let tdb: TestDatabase;
let sim: RunningSimulator;

beforeAll(async () => {
  tdb = await createTestDatabase();
  sim = await startSimulator({ seed: 21, monitors: 50, days: 30, now: NOW });
});
afterAll(async () => {
  await sim.close();
  await tdb.drop();
});

/** Wraps a getter and records the Accept format of every request. */
function recordFormats(formats: string[]) {
  return (getter: ApiGetter): ApiGetter => ({
    get: (path, query, options) => {
      formats.push(options?.accept ?? 'json');
      return getter.get(path, query, options);
    },
    stats: () => getter.stats(),
    close: () => getter.close(),
  });
}

async function load(format: InfraFormat, take: number) {
  const db = tdb.warehouse.db;
  await sql`truncate uptrends.infra_device_group, uptrends.infra_device, uptrends.infra_device_uptime_daily, uptrends.infra_data_feed_value, uptrends.etl_state`.execute(
    db,
  );
  const formats: string[] = [];
  const devices = await runInfraStream(
    db,
    sim,
    createInfraDevicesStream({ format, take }),
    {},
    recordFormats(formats),
  );
  const uptime = await runInfraStream(
    db,
    sim,
    createInfraDeviceUptimeStream({ format, take }),
    BACKFILL,
    recordFormats(formats),
  );
  expect(new Set(formats)).toEqual(new Set([format]));
  expect(devices.rejected + uptime.rejected).toBe(0);
  return { devices, uptime, snapshot: await tableSnapshot(db, TABLES) };
}

describe('Infra bodies and pages', () => {
  let reference: Awaited<ReturnType<typeof load>>;

  beforeAll(async () => {
    reference = await load('json', 500);
  });

  it('the JSON load is complete: every device has a row for every day', () => {
    const devices = sim.truth.counts().infraDevices;
    expect(reference.snapshot.infra_device).toHaveLength(devices);
    expect(reference.snapshot.infra_device_uptime_daily).toHaveLength(devices * DAYS);
    expect(reference.uptime.requests).toBe(DAYS);
  });

  it('XML bodies give the same rows as JSON bodies', async () => {
    const xml = await load('xml', 500);
    for (const table of TABLES) expect(xml.snapshot[table], table).toEqual(reference.snapshot[table]);
    expect(xml.devices.requests).toBe(reference.devices.requests);
  });

  it('Take 3 gives the same rows as Take 500, in the number of requests the tree needs', async () => {
    const small = await load('json', 3);
    for (const table of TABLES) expect(small.snapshot[table], table).toEqual(reference.snapshot[table]);
    // Items per group: its child groups plus the devices it lists directly.
    const items = await sql<{ id: string; n: number }>`
      select g.device_group_id as id,
        (select count(*) from uptrends.infra_device_group c where c.parent_device_group_id = g.device_group_id)
        + (select count(*) from uptrends.infra_device d where g.device_group_id = any(d.device_group_ids)) as n
      from uptrends.infra_device_group g`.execute(tdb.warehouse.db);
    const treeRequests = items.rows.reduce((sum, g) => sum + Math.max(1, Math.ceil(g.n / 3)), 0);
    expect(small.devices.requests).toBe(treeRequests);
    expect(small.uptime.requests).toBe(DAYS * Math.ceil(sim.truth.counts().infraDevices / 3));
  });

  it('XML with Take 3 gives the same rows as well', async () => {
    const both = await load('xml', 3);
    for (const table of TABLES) expect(both.snapshot[table], table).toEqual(reference.snapshot[table]);
  });
});
