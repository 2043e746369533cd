/**
 * v_infra_uptime_monthly weights each day by its length in the account's zone: the autumn day of
 * 25 hours counts more than a day of 24, the spring day of 23 less. Expected values are worked
 * out by hand from the hours, not read back from the view's own SQL. Coverage (issue 41, item 10)
 * is the share of the month read and holding data for the device: a device whose days were all read
 * without data has coverage 0, not 1.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeRows } from '../../../src/load/write/merge-rows.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

let tdb: TestDatabase;
const H = 3600;

function day(account: string, device: string, date: string, uptime: number | null, hasData = true) {
  return {
    account_id: account,
    device_id: device,
    day: date,
    uptime_percentage: uptime,
    has_data: hasData,
    status: 'OK',
    friendly_uptime: null,
    period: `${date.replaceAll('-', '')}-${date.replaceAll('-', '')}`,
    raw: {},
    run_id: 1,
  };
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  const db = tdb.warehouse.db;
  await sql`insert into uptrends.etl_run (command, started_at, status, options, stream_counts, requests, host, tool_version)
    values ('test', now(), 'succeeded', '{}', '{}', 0, 'h', 't')`.execute(db);
  await sql`insert into uptrends.account (account_id, iana_zone, iana_zone_exact, iana_zone_source, run_id)
    values ('ams', 'Europe/Amsterdam', true, 'setting', 1)`.execute(db);
  await mergeRows(db, { table: 'infra_device', key: ['account_id', 'device_id'] }, [
    {
      account_id: 'ams',
      device_id: 'd1',
      name: 'srv-1',
      item_type: 'Device',
      status: 'OK',
      device_group_ids: ['all'],
      raw: {},
      run_id: 1,
    },
  ]);
  await mergeRows(db, { table: 'infra_device_uptime_daily', key: ['account_id', 'device_id', 'day'] }, [
    // October 2025 in Amsterdam: the 26th has 25 hours.
    day('ams', 'd1', '2025-10-26', 0),
    day('ams', 'd1', '2025-10-27', 100),
    day('ams', 'd1', '2025-10-28', 0, false), // no data: left out
    // March 2025: the 30th has 23 hours.
    day('ams', 'd1', '2025-03-30', 50),
    day('ams', 'd1', '2025-03-31', 100),
    // A device reporting no data all month.
    day('ams', 'd2', '2025-10-01', 0, false),
    // An account the warehouse has no zone for: days count 24 hours (UTC).
    day('nozone', 'x', '2025-10-26', 0),
    day('nozone', 'x', '2025-10-27', 100),
    // November 2025: read only from the 3rd on (below); the 1st has data but was read by no window.
    day('ams', 'd1', '2025-11-01', 100),
    day('ams', 'd1', '2025-11-03', 100),
  ]);
  // Infra uptime read for all of October 2025 in Amsterdam (CEST until the 26th, CET after:
  // 1 October 00:00 local is 30 September 22:00Z, 1 November 00:00 local is 31 October 23:00Z),
  // and November from the 3rd (00:00 CET = 2 November 23:00Z) to the 4th.
  await sql`insert into uptrends.etl_coverage (account_id, stream, partition, covered)
    values ('ams', 'infra_device_uptime', '-', tstzmultirange(
      tstzrange('2025-09-30T22:00:00Z', '2025-10-31T23:00:00Z'),
      tstzrange('2025-11-02T23:00:00Z', '2025-11-03T23:00:00Z')))`.execute(db);
});
afterAll(async () => tdb.drop());

async function month(account: string, device: string, first: string) {
  const result = await sql<Record<string, unknown>>`
    select * from uptrends.v_infra_uptime_monthly where account_id = ${account} and device_id = ${device} and month = ${first}::date`.execute(
    tdb.warehouse.db,
  );
  expect(result.rows).toHaveLength(1);
  return result.rows[0]!;
}

/** October 2025 in Amsterdam: 31 days and the hour the clocks went back. */
const OCTOBER_HOURS = 31 * 24 + 1;
const NOVEMBER_HOURS = 30 * 24;

describe('v_infra_uptime_monthly', () => {
  it('weights the 25-hour autumn day by 25 hours and leaves days without data out', async () => {
    const row = await month('ams', 'd1', '2025-10-01');
    expect(row).toMatchObject({
      device_name: 'srv-1',
      days_reported: 3,
      days_with_data: 2,
      covered_seconds: 49 * H,
      downtime_seconds: 25 * H,
    });
    expect(row.uptime_percentage).toBeCloseTo((100 * 24) / 49, 10);
  });

  it('weights the 23-hour spring day by 23 hours', async () => {
    const row = await month('ams', 'd1', '2025-03-01');
    expect(row).toMatchObject({
      days_reported: 2,
      days_with_data: 2,
      covered_seconds: 47 * H,
      downtime_seconds: 11.5 * H,
    });
    expect(row.uptime_percentage).toBeCloseTo((50 * 23 + 100 * 24) / 47, 10);
  });

  it('has no percentage for a month without data, and falls back to 24-hour days without a zone', async () => {
    expect(await month('ams', 'd2', '2025-10-01')).toMatchObject({
      days_with_data: 0,
      covered_seconds: 0,
      uptime_percentage: null,
      device_name: null,
    });
    const utc = await month('nozone', 'x', '2025-10-01');
    expect(utc.uptime_percentage).toBeCloseTo(50, 10);
    expect(utc.covered_seconds).toBe(48 * H);
  });
});

describe('v_infra_uptime_monthly coverage', () => {
  it('is the share of the month read with data for the device: the days with data of a month read in full', async () => {
    // d1 has data on the 26th (25 hours) and the 27th (24 hours); the 28th was read without data.
    expect((await month('ams', 'd1', '2025-10-01')).coverage).toBeCloseTo(49 / OCTOBER_HOURS, 12);
  });

  it('is 0 for a device read all month without a day of data, whose uptime is null', async () => {
    const row = await month('ams', 'd2', '2025-10-01');
    expect(row.uptime_percentage).toBeNull();
    expect(row.coverage).toBe(0);
  });

  it('counts a day with data only where it was read, and 0 for an account nothing was read of', async () => {
    // 1 November has a row but no window read it; 3 November (24 hours) was read.
    expect((await month('ams', 'd1', '2025-11-01')).coverage).toBeCloseTo(24 / NOVEMBER_HOURS, 12);
    expect((await month('nozone', 'x', '2025-10-01')).coverage).toBe(0);
  });
});
