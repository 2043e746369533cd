import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInPages } from '../../../src/reports/queries/paged-read.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await tdb.drop();
});

/** A query of `n` numbered rows with a parameter, as the figure queries pass theirs. */
function numbers(n: number) {
  return tdb.warehouse.db
    .selectFrom(sql<{ n: number }>`generate_series(1, ${n}::integer)`.as('g'))
    .select(sql<number>`g::integer`.as('n'))
    .orderBy('n');
}

describe('readInPages', () => {
  it('hands on pages of at most pageRows rows, in order, each before the next is fetched', async () => {
    const pages: number[][] = [];
    await readInPages(tdb.warehouse.db, numbers(12), (rows) => pages.push(rows.map((r) => r.n)), 5);
    // 12 rows in pages of 5: never more than a page at a time reaches the report.
    expect(pages).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10],
      [11, 12],
    ]);
  });

  it('ends on an exact multiple and on no rows', async () => {
    const sizes: number[] = [];
    await readInPages(tdb.warehouse.db, numbers(10), (rows) => sizes.push(rows.length), 5);
    expect(sizes).toEqual([5, 5]);
    const none: number[] = [];
    await readInPages(tdb.warehouse.db, numbers(0), (rows) => none.push(rows.length), 5);
    expect(none).toEqual([]);
  });

  it('leaves the connection usable, and runs beside other queries', async () => {
    const seen: number[] = [];
    const [other] = await Promise.all([
      sql<{ one: number }>`select 1 as one`.execute(tdb.warehouse.db),
      readInPages(tdb.warehouse.db, numbers(3), (rows) => seen.push(...rows.map((r) => r.n)), 2),
    ]);
    expect(other.rows[0]?.one).toBe(1);
    expect(seen).toEqual([1, 2, 3]);
    await readInPages(tdb.warehouse.db, numbers(2), (rows) => seen.push(rows.length), 2);
    expect(seen).toEqual([1, 2, 3, 2]);
  });
});
