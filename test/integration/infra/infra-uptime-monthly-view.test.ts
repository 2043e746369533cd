/**
 * v_infra_uptime_monthly weights each day by its length in the account's zone: the autumn day of
 * 25 hours counts more than a day of 24, the spring day of 23 less. Expected values are worked
 * out by hand from the hours, not read back from the view's own SQL.
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
  ]);
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
