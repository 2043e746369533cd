/**
 * The alert rows of the load-throughput scenario, taken from a warehouse the pipeline filled: the
 * rows exactly as the alerts stream wrote them, grouped into the batches the stream writes (one per
 * account-local day window), plus the same rows as a CSV file for the raw COPY. Each row's JSON
 * values are made text by the stream's own `compactJsonValues`, as the stream does before a row
 * waits in its batch, so mergeRows gets what it gets in a sync (until 2026-11-26 the scenario
 * handed it parsed objects, and timed a JSON.stringify per row that a sync never does).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { compactJsonValues } from '../src/transform/raw-column.ts';
import type { TableRow } from '../src/load/schema.ts';

type Row = TableRow<'alert'>;
import type { CleanupStack } from './cleanup-stack.ts';
import type { ScratchWarehouse } from './scratch-warehouse.ts';
import { localDateOf } from '../src/time/calendar.ts';

/** Alert rows in window batches and as CSV. */
export interface AlertRowSource {
  batches: Row[][];
  rows: number;
  csvFile: string;
}

/** Reads every alert of the Postgres `source` into day batches and writes them to a CSV file. */
export async function alertRowSource(
  source: ScratchWarehouse,
  zone: string,
  cleanup: CleanupStack,
): Promise<AlertRowSource> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-bench-rows-'));
  cleanup.add(`rows ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  // The server process (user postgres) writes the file.
  chmodSync(dir, 0o777);
  const csvFile = path.join(dir, 'alerts.csv');
  const warehouse = await source.open();
  try {
    await sql`copy (select * from uptrends.alert order by raised_at, alert_id) to ${sql.lit(csvFile)} with (format csv)`.execute(
      warehouse.db,
    );
    const result = await sql<
      Row & { raised_at: Date }
    >`select * from uptrends.alert order by raised_at, alert_id`.execute(warehouse.db);
    const byDay = new Map<string, Row[]>();
    for (const row of result.rows) {
      compactJsonValues(row);
      const day = localDateOf(row.raised_at, zone);
      const batch = byDay.get(day);
      if (batch === undefined) byDay.set(day, [row]);
      else batch.push(row);
    }
    return { batches: [...byDay.values()], rows: result.rows.length, csvFile };
  } finally {
    await warehouse.close();
  }
}
