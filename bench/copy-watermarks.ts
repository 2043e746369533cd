/**
 * Gives a warehouse the watermarks of another (every stream and partition of etl_state), recorded
 * under the target's latest run. The nightly scenario uses it to make an empty warehouse that a
 * nightly run treats exactly like a full one: same windows, same requests, only no history.
 */
import { saveWatermark } from '../src/load/ledgers/stream-state.ts';
import type { ScratchWarehouse } from './scratch-warehouse.ts';

/** Copies the watermarks of `from` into `to`; resolves with how many. */
export async function copyWatermarks(from: ScratchWarehouse, to: ScratchWarehouse): Promise<number> {
  const source = await from.open();
  let states;
  try {
    states = await source.db
      .selectFrom('etl_state')
      .select(['account_id', 'stream', 'partition', 'watermark'])
      .execute();
  } finally {
    await source.close();
  }
  const target = await to.open();
  try {
    const run = await target.db
      .selectFrom('etl_run')
      .select((eb) => eb.fn.max('run_id').as('id'))
      .executeTakeFirstOrThrow();
    await target.db.transaction().execute(async (trx) => {
      for (const s of states) {
        if (s.watermark === null) continue;
        await saveWatermark(
          trx,
          { accountId: s.account_id, stream: s.stream, partition: s.partition },
          s.watermark,
          Number(run.id),
        );
      }
    });
    return states.length;
  } finally {
    await target.close();
  }
}
