/**
 * Reads a query's rows a page at a time through a server-side cursor, handing each page on before
 * the next is fetched: a report folds rows into what it keeps as they come, and never holds the
 * whole result (docs/reports.md, "Large accounts"). The cursor lives in a read-only transaction
 * of its own, on one connection.
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from '../../load/schema.ts';
import { heapSlack } from '../../heap-collection.ts';

/** Rows per page: a few MB of small rows at most. */
export const REPORT_PAGE_ROWS = 5000;

/**
 * Heap growth past which a read collects: its pages are garbage once folded, but V8 promotes them
 * (the reports hold the young generation small) and keeps them until its limit, which a
 * 10,000-monitor Daily read reached (heap 55 -> 100 MB while the other queries ran).
 */
const PAGE_GARBAGE_BYTES = 16 << 20;

let cursors = 0;

/** Runs `query` and calls `onPage` with each page of at most `pageRows` rows, in order. */
export async function readInPages<R>(
  db: Kysely<Database>,
  query: Compilable<R>,
  onPage: (rows: readonly R[]) => void,
  pageRows = REPORT_PAGE_ROWS,
): Promise<void> {
  if (!Number.isInteger(pageRows) || pageRows < 1) throw new RangeError(`pageRows: ${pageRows}`);
  const compiled = query.compile();
  cursors += 1;
  const name = `report_page_${cursors}`;
  await db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('set transaction read only'));
    await trx.executeQuery(
      CompiledQuery.raw(`declare ${name} no scroll cursor for ${compiled.sql}`, [...compiled.parameters]),
    );
    const slack = heapSlack(PAGE_GARBAGE_BYTES);
    for (;;) {
      const page = await trx.executeQuery<R>(CompiledQuery.raw(`fetch forward ${pageRows} from ${name}`));
      if (page.rows.length > 0) onPage(page.rows);
      slack.afterPage();
      if (page.rows.length < pageRows) break;
    }
    await trx.executeQuery(CompiledQuery.raw(`close ${name}`));
  });
}
