/**
 * Watermarks (uptrends.etl_state). `saveWatermark` runs inside the transaction that writes the
 * window's rows: the state can never claim data that was not committed. A backfill passes
 * `onlyForward` so it never moves the nightly watermark backwards.
 */
import { sql, type Kysely } from 'kysely';
import { type Database } from './schema.ts';

/** Identifies one state row. */
export interface StateKey {
  accountId: string;
  stream: string;
  partition?: string;
}

/** The stored watermark, or undefined when the stream never completed a window. */
export async function loadWatermark(db: Kysely<Database>, key: StateKey): Promise<Date | undefined> {
  const row = await db
    .selectFrom('etl_state')
    .select('watermark')
    .where('account_id', '=', key.accountId)
    .where('stream', '=', key.stream)
    .where('partition', '=', key.partition ?? '-')
    .executeTakeFirst();
  return row?.watermark ?? undefined;
}

/** All watermarks of a stream by partition. */
export async function loadWatermarks(
  db: Kysely<Database>,
  accountId: string,
  stream: string,
): Promise<Map<string, Date>> {
  const rows = await db
    .selectFrom('etl_state')
    .select(['partition', 'watermark'])
    .where('account_id', '=', accountId)
    .where('stream', '=', stream)
    .execute();
  return new Map(rows.filter((r) => r.watermark !== null).map((r) => [r.partition, r.watermark as Date]));
}

/**
 * Writes the watermark; with `onlyForward` an older value never replaces a newer one (backfills and
 * out-of-order concurrent windows).
 */
export async function saveWatermark(
  db: Kysely<Database>,
  key: StateKey,
  watermark: Date,
  runId: number,
  options: { onlyForward?: boolean; state?: unknown } = {},
): Promise<void> {
  const values = {
    account_id: key.accountId,
    stream: key.stream,
    partition: key.partition ?? '-',
    watermark,
    state: options.state === undefined ? null : JSON.stringify(options.state),
    updated_at: new Date(),
    updated_by_run_id: runId,
  };
  await db
    .insertInto('etl_state')
    .values(values)
    .onConflict((oc) => {
      const update = oc.columns(['account_id', 'stream', 'partition']).doUpdateSet({
        watermark:
          options.onlyForward === true
            ? sql<Date>`greatest(etl_state.watermark, excluded.watermark)`
            : sql<Date>`excluded.watermark`,
        state: sql`excluded.state`,
        updated_at: (eb) => eb.ref('excluded.updated_at'),
        updated_by_run_id: (eb) => eb.ref('excluded.updated_by_run_id'),
      });
      return update;
    })
    .execute();
}
