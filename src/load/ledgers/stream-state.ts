/**
 * Watermarks (uptrends.etl_state). `saveWatermark` runs inside the transaction that writes the
 * window's rows: the state can never claim data that was not committed. A backfill passes
 * `onlyForward` so it never moves the nightly watermark backwards.
 */
import { sql, type Kysely } from 'kysely';
import { type Database } from '../schema.ts';

/** Identifies one state row. */
export interface StateKey {
  accountId: string;
  stream: string;
  partition?: string;
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

/** The stream-specific JSON of a state row (`etl_state.state`), or undefined when there is none. */
export async function loadStreamState(db: Kysely<Database>, key: StateKey): Promise<unknown> {
  const row = await db
    .selectFrom('etl_state')
    .select('state')
    .where('account_id', '=', key.accountId)
    .where('stream', '=', key.stream)
    .where('partition', '=', key.partition ?? '-')
    .executeTakeFirst();
  return row?.state ?? undefined;
}

/** A number to merge into a state row's JSON, and which of the stored and the new value to keep. */
export interface StateNumber {
  readonly value: number;
  readonly keep: 'max' | 'min';
}

/**
 * Merges numbers into a state row's JSON (creating the row, watermark null, when missing), without
 * touching its watermark: each key keeps the larger or the smaller of the stored and the new value,
 * so two windows that learn different things at once never undo each other.
 */
export async function mergeStateNumbers(
  db: Kysely<Database>,
  key: StateKey,
  numbers: Readonly<Record<string, StateNumber>>,
  runId: number,
): Promise<void> {
  const entries = Object.entries(numbers);
  if (entries.length === 0) return;
  const fresh = JSON.stringify(Object.fromEntries(entries.map(([k, n]) => [k, n.value])));
  const merged = entries.map(([k, n]) => {
    const stored = sql`(etl_state.state ->> ${k})::double precision`;
    const value = sql`${n.value}::double precision`;
    const kept = n.keep === 'max' ? sql`greatest(${stored}, ${value})` : sql`least(${stored}, ${value})`;
    return sql`${k}::text, to_jsonb(${kept})`;
  });
  await sql`
    insert into uptrends.etl_state (account_id, stream, partition, state, updated_at, updated_by_run_id)
    values (${key.accountId}, ${key.stream}, ${key.partition ?? '-'}, ${fresh}::jsonb, now(), ${runId})
    on conflict (account_id, stream, partition) do update
    set state = coalesce(etl_state.state, '{}'::jsonb) || jsonb_build_object(${sql.join(merged)}),
        updated_at = excluded.updated_at,
        updated_by_run_id = excluded.updated_by_run_id`.execute(db);
}
