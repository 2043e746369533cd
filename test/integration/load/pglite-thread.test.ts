/**
 * The embedded engine in a worker thread (src/load/connection/pglite-thread.ts), which the reports
 * open so that an interrupt stops a running statement: it must answer every query with the values
 * the engine in the main thread gives (the one set of parsers, arrays of them included), run
 * transactions, and `cancelRunning` must end a statement that would run for minutes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../../src/load/connection/db.ts';

let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
  const created = await openWarehouse({ dataDir: dir });
  await created.close();
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PROBE = sql<Record<string, unknown>>`select
  42::int4 as i4, 9007199254740991::int8 as i8, 98.1754::numeric as num, 1.5::float8 as f8,
  true as b, 'text é'::text as t, null::text as nothing,
  '2026-10-23'::date as d, '2026-10-23 13:53:07.25'::timestamp as ts,
  '2026-10-23 13:53:07.25+02'::timestamptz as tstz,
  array[1, 2]::int8[] as i8s, array[1.25, null]::numeric[] as nums,
  array['2026-01-01', '2026-12-31']::date[] as ds,
  array['2026-10-23 13:53:07+00']::timestamptz[] as tstzs,
  '{"a": [1, "x"]}'::jsonb as j, '\\x01ff'::bytea as bytes,
  interval '1 day 2 hours' as iv, '0b6c2d1e-0000-4000-8000-000000000001'::uuid as u`;

describe('the embedded engine in a worker thread', () => {
  it('answers with the values of the engine in the main thread', async () => {
    const main = await openWarehouse({ dataDir: dir, create: false });
    const expected = (await PROBE.execute(main.db)).rows;
    await main.close();
    const threaded = await openWarehouse({ dataDir: dir, create: false, engineThread: true });
    try {
      expect((await PROBE.execute(threaded.db)).rows).toEqual(expected);
      // A value of each parsed kind, as the one set of parsers makes it.
      expect(expected[0]).toMatchObject({
        i8: 9007199254740991,
        num: 98.1754,
        d: '2026-10-23',
        ts: '2026-10-23T13:53:07',
        tstz: new Date('2026-10-23T11:53:07.250Z'),
        i8s: [1, 2],
        nums: [1.25, null],
        ds: ['2026-01-01', '2026-12-31'],
        tstzs: [new Date('2026-10-23T13:53:07Z')],
      });
    } finally {
      await threaded.close();
    }
  }, 120_000);

  it("starts the engine with the tool's settings in either thread: a 16 MB buffer pool", async () => {
    // PGlite's default pool (128 MB) is part of the engine's memory from its start (issue 42).
    const pool = sql<{ shared_buffers: string }>`show shared_buffers`;
    for (const engineThread of [false, true]) {
      const warehouse = await openWarehouse({ dataDir: dir, create: false, engineThread });
      try {
        expect((await pool.execute(warehouse.db)).rows, `engineThread ${engineThread}`).toEqual([
          { shared_buffers: '16MB' },
        ]);
      } finally {
        await warehouse.close();
      }
    }
  }, 120_000);

  it('runs transactions and parameters, and reports errors with their SQLSTATE', async () => {
    const threaded = await openWarehouse({ dataDir: dir, create: false, engineThread: true });
    try {
      await threaded.db.transaction().execute(async (trx) => {
        await sql`create temp table probe (n int8, at timestamptz)`.execute(trx);
        await sql`insert into probe values (${7}, ${new Date('2026-01-02T03:04:05Z')})`.execute(trx);
        const rows = await sql<{ n: number; at: Date }>`select n, at from probe where n = ${7}`.execute(trx);
        expect(rows.rows).toEqual([{ n: 7, at: new Date('2026-01-02T03:04:05Z') }]);
      });
      await expect(sql`select 1/0`.execute(threaded.db)).rejects.toMatchObject({ code: '22012' });
      expect((await sql<{ one: number }>`select 1 as one`.execute(threaded.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await threaded.close();
    }
  }, 120_000);

  it('cancelRunning stops a statement that would run for minutes, and the directory opens again', async () => {
    const threaded = await openWarehouse({ dataDir: dir, create: false, engineThread: true });
    const running = sql`select count(*) from generate_series(1, 20000000000)`.execute(threaded.db);
    running.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = Date.now();
    await threaded.cancelRunning!();
    await expect(running).rejects.toThrow(/stopped/);
    // Generous: the statement alone runs for minutes.
    expect(Date.now() - sent).toBeLessThan(5_000);
    await threaded.close();
    const again = await openWarehouse({ dataDir: dir, create: false });
    try {
      expect((await sql<{ one: number }>`select 1 as one`.execute(again.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await again.close();
    }
  }, 120_000);
});
