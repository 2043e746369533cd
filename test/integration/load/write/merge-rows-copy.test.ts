/**
 * The COPY load path of mergeRows (issue 12): every value survives COPY's text format, a batch
 * of new rows goes straight in, and a batch that meets existing rows the key sample missed falls
 * back to the staged merge with the same semantics (unchanged rows not rewritten, `run_id` of the
 * last change). Runs on the backend of this test run (CI runs both).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeAnyRows } from '../../../../src/load/write/merge-rows.ts';
import { createTestDatabase, type TestDatabase } from '../../../support/test-database.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
  await sql`create table uptrends.copy_probe (
      id text primary key, t text, j jsonb, tags text[], ids uuid[], at timestamptz, n bigint, b boolean,
      run_id bigint, loaded_at timestamptz not null default now())`.execute(tdb.warehouse.db);
});
afterAll(() => tdb.drop());

const MERGE = { table: 'copy_probe', key: ['id'] } as const;

interface ProbeRow {
  id: string;
  t: string | null;
  j: unknown;
  tags: string[] | null;
  ids: string[] | null;
  at: Date | null;
  n: string | number | null;
  b: boolean | null;
  run_id: string | number;
}

async function rows(): Promise<ProbeRow[]> {
  const result = await sql<ProbeRow>`select id, t, j, tags, ids, at, n::text as n, b, run_id::int as run_id
    from uptrends.copy_probe order by id`.execute(tdb.warehouse.db);
  return result.rows;
}

describe('mergeRows through COPY', () => {
  it('keeps every character COPY text format escapes, arrays, JSON, timestamps and NULLs', async () => {
    const awkward = 'tab\there\nnew line\r\\N literal \\ back"slash\' {a,b} "q" ,;';
    const j = { text: awkward, nested: [{ k: 'c:\\path\\"x"' }, null, 1.5], '\\key\t': true };
    const written = await mergeAnyRows(tdb.warehouse.db, MERGE, [
      {
        id: 'awkward',
        t: awkward,
        j,
        tags: ['a,b', 'c"d', 'e\\f', null, 'NULL', '{x}', 'tab\tin'],
        ids: ['aaaaaaaa-1111-2222-3333-444444444444'],
        at: new Date('2025-03-30T01:30:00.123Z'),
        n: 9_007_199_254_740_993n,
        b: false,
        run_id: 1,
      },
      { id: 'nulls', t: null, j: null, tags: null, ids: null, at: null, n: null, b: null, run_id: 1 },
      { id: 'empty', t: '', j: {}, tags: [], ids: [], at: null, n: 0, b: true, run_id: 1 },
    ]);
    expect(written).toEqual({ rows: 3, written: 3, previous: [] });
    const [awkwardRow, empty, nulls] = await rows();
    expect(awkwardRow).toEqual({
      id: 'awkward',
      t: awkward,
      j,
      tags: ['a,b', 'c"d', 'e\\f', null, 'NULL', '{x}', 'tab\tin'],
      ids: ['aaaaaaaa-1111-2222-3333-444444444444'],
      at: new Date('2025-03-30T01:30:00.123Z'),
      n: '9007199254740993',
      b: false,
      run_id: 1,
    });
    expect(nulls).toEqual({
      id: 'nulls',
      t: null,
      j: null,
      tags: null,
      ids: null,
      at: null,
      n: null,
      b: null,
      run_id: 1,
    });
    expect(empty).toMatchObject({ id: 'empty', t: '', j: {}, tags: [], ids: [], n: '0', b: true });
  });

  it('falls back to the staged merge when rows the key sample missed already exist', async () => {
    const db = tdb.warehouse.db;
    await sql`delete from uptrends.copy_probe`.execute(db);
    const row = (id: string, t: string, runId: number) => ({ id, t, run_id: runId });
    // Of five rows the sample looks at the first, middle and last (a, c, e): b and d exist.
    await mergeAnyRows(db, MERGE, [row('b', 'same', 1), row('d', 'old', 1)]);
    const result = await mergeAnyRows(db, { ...MERGE, previous: ['t'] }, [
      row('a', 'new', 2),
      row('b', 'same', 2),
      row('c', 'new', 2),
      row('d', 'changed', 2),
      row('e', 'new', 2),
    ]);
    // a, c, e inserted and d updated; b unchanged is not rewritten and keeps run 1. Of the
    // `previous` columns, only d's changed: its old text comes back.
    expect(result).toEqual({ rows: 5, written: 4, previous: [{ t: 'old' }] });
    expect((await rows()).map((r) => [r.id, r.t, r.run_id])).toEqual([
      ['a', 'new', 2],
      ['b', 'same', 1],
      ['c', 'new', 2],
      ['d', 'changed', 2],
      ['e', 'new', 2],
    ]);
  });

  it('sends a batch of several chunks whole, straight in and again staged when a row exists', async () => {
    const db = tdb.warehouse.db;
    await sql`delete from uptrends.copy_probe`.execute(db);
    const id = (n: number) => `k${String(n).padStart(4, '0')}`;
    const batch = (runId: number) =>
      Array.from({ length: 1000 }, (_, n) => ({ id: id(n), t: `row ${n}\twith a tab`, run_id: runId }));
    // 1,000 rows are eight chunks of COPY data; all new, they go straight in.
    const withPrevious = { ...MERGE, previous: ['t'] };
    expect(await mergeAnyRows(db, withPrevious, batch(1))).toEqual({
      rows: 1000,
      written: 1000,
      previous: [],
    });
    // One row the key sample does not look at exists with other text: the direct COPY fails on
    // it after some chunks were sent, and the whole batch is sent again, staged.
    await sql`delete from uptrends.copy_probe`.execute(db);
    await mergeAnyRows(db, MERGE, [{ id: id(700), t: 'old', run_id: 1 }]);
    expect(await mergeAnyRows(db, withPrevious, batch(2))).toEqual({
      rows: 1000,
      written: 1000,
      previous: [{ t: 'old' }],
    });
    const stored = await rows();
    expect(stored).toHaveLength(1000);
    expect(stored.every((r, n) => r.id === id(n) && r.t === `row ${n}\twith a tab` && r.run_id === 2)).toBe(
      true,
    );
  });

  it('commits a merging transaction without waiting for the disk, and only that transaction', async () => {
    const db = tdb.warehouse.db;
    const setting = async (conn: typeof db) =>
      (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(conn)).rows[0]!
        .synchronous_commit;
    await db.transaction().execute(async (trx) => {
      expect(await setting(trx)).toBe('on');
      await mergeAnyRows(trx, MERGE, [{ id: 'sync-commit', t: 'x', run_id: 1 }]);
      expect(await setting(trx)).toBe('off');
    });
    // The run ledger and the deliveries commit in transactions of their own: durably.
    await db.transaction().execute(async (trx) => expect(await setting(trx)).toBe('on'));
  });

  it('merges twice into one table inside one transaction (the staging table is emptied per batch)', async () => {
    const db = tdb.warehouse.db;
    await sql`delete from uptrends.copy_probe`.execute(db);
    await mergeAnyRows(db, MERGE, [{ id: 'x', t: 'x0', run_id: 1 }]);
    await db.transaction().execute(async (trx) => {
      // Both batches meet the existing x, so both take the staged path.
      await mergeAnyRows(trx, MERGE, [
        { id: 'x', t: 'x1', run_id: 2 },
        { id: 'y', t: 'y1', run_id: 2 },
      ]);
      await mergeAnyRows(trx, MERGE, [
        { id: 'x', t: 'x2', run_id: 3 },
        { id: 'z', t: 'z1', run_id: 3 },
      ]);
    });
    expect((await rows()).map((r) => [r.id, r.t, r.run_id])).toEqual([
      ['x', 'x2', 3],
      ['y', 'y1', 2],
      ['z', 'z1', 3],
    ]);
  });
});
