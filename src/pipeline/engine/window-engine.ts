/**
 * The engine of windowed streams (alerts, statistics, Infra uptime): the one loop they share.
 * For each partition of the stream (a monitor group, a monitor, the account), plan the windows of
 * this run from the partition's watermark (nightly) or the requested range (backfill); read the
 * windows with bounded concurrency; validate and map each page's records as they arrive; merge
 * them in bounded batches, each batch with its rejects in one short transaction; and commit the
 * watermark with the window's last batch, only when the window was read to its end.
 *
 * What that guarantees (docs/extraction.md, "Windows and batches"):
 * - Memory stays bounded by a batch, whatever the window's length or a cursor's misbehaviour.
 * - The watermark only ever claims complete windows, and only contiguous ones: it is the end of the
 *   longest run of completed windows from the first of the plan. A backfill that does not touch the
 *   watermark never moves it (it would claim the gap before it).
 * - A window that fails may leave some of its batches loaded; they are complete rows, the
 *   watermark does not claim them, and the next run re-reads the window: merges make that exact.
 * - A window read to its end converges to the service: its last batch also removes what the
 *   stream's `retire` says the service no longer serves (alerts, statistics buckets); a window not
 *   read in full removes nothing.
 */
import type { z } from 'zod';
import { AuthError, EtlError, InterruptedError, StreamError } from '../../errors.ts';
import type { ApiGetter } from '../../extract/http/api-client.ts';
import { recordCoverage } from '../../load/ledgers/coverage.ts';
import { saveRejects } from '../../load/write/save-rejects.ts';
import { loadWatermarks, saveWatermark } from '../../load/ledgers/stream-state.ts';
import type { StreamResult, SyncContext } from '../sync-context.ts';
import { clientOf, rowContextOf, streamIdentity, type StreamDefinition } from './stream-definition.ts';
import { ServedKeys } from './served-keys.ts';
import { windowFetch } from './window-request.ts';
import { probeAndJoin } from './window-probes.ts';
import { contiguousEnd, splitDays, type PlannedWindow } from './window-plan.ts';
import { plansOf, type PartitionPlan } from './partition-plans.ts';
import type {
  PageItem,
  Partition,
  StreamPage,
  WindowedStreamSpec,
  WindowFetch,
  WindowRef,
} from './windowed-stream-spec.ts';

/** A window not loaded because an earlier one of an ordered stream failed: not a failure of its own. */
class SkippedWindow extends Error {}
/** Concurrency slots of a run (at least one). */
const slotsOf = (ctx: SyncContext): number => Math.max(1, ctx.options.concurrency);

function passesThrough(error: unknown, ctx: SyncContext): boolean {
  // Refused credentials and an interrupt end the whole run: they are not this window's failure.
  return error instanceof AuthError || error instanceof InterruptedError || ctx.signal.aborted;
}

async function runWindow<P extends Partition, S extends z.ZodObject, M, R, W>(
  spec: WindowedStreamSpec<P, S, M, R, W>,
  ctx: SyncContext,
  client: ApiGetter,
  part: PartitionPlan<P>,
  index: number,
  totals: StreamResult,
): Promise<void> {
  try {
    const records = await readAndCommitWindow(spec, ctx, client, part, index, totals);
    if (index < (part.probes ?? 0) && index >= (part.probes ?? 0) - slotsOf(ctx))
      part.probeRecords = (part.probeRecords ?? 0) + records;
    part.settled[index]?.resolve(true);
    totals.records += records;
    totals.windows++;
  } catch (error) {
    part.settled[index]?.resolve(false);
    throw error;
  }
}

/** The pages of a stream without a reader of its own: the declared request for the whole window. */
async function* pagesOfWindow<M>(fetch: WindowFetch, window: PlannedWindow): AsyncGenerator<StreamPage<M>> {
  for await (const page of fetch({ start: window.startLocal, end: window.endLocal })) {
    // Such a stream declares no page meta: M is undefined for it.
    yield {
      records: page.records,
      texts: page.texts,
      pass: page.pass,
      complete: page.complete,
      meta: undefined as M,
    };
  }
}

/** Reads one window page by page, committing bounded batches; returns the records of its last pass. */
async function readAndCommitWindow<P extends Partition, S extends z.ZodObject, M, R, W>(
  spec: WindowedStreamSpec<P, S, M, R, W>,
  ctx: SyncContext,
  client: ApiGetter,
  part: PartitionPlan<P>,
  index: number,
  totals: StreamResult,
): Promise<number> {
  const window = part.plan.windows[index]!;
  const ref: WindowRef<P> = {
    partition: part.partition,
    window,
    index,
    last: index === part.plan.windows.length - 1,
  };
  const row = rowContextOf(ctx, spec.name);
  const known = new Set(Object.keys(spec.schema.shape));
  let state = spec.initialState?.(ref) as W;
  let pass = 0;
  let complete = true;
  let batch: R[] = [];
  let rejects: ReturnType<SyncContext['validator']['drain']> = [];
  let records = 0;
  let waited = false;
  // The keys this pass served and rejected: what a window read in full retires by (spec.retire).
  let served = new ServedKeys();
  let rejectedKeys = new Set<string>();
  const commit = async (final: boolean): Promise<void> => {
    // Taken before any await: the next batch fills while this one waits and writes.
    const rows = batch;
    const saved = rejects;
    batch = [];
    rejects = [];
    if (!waited && index > 0 && part.settled.length > 0) {
      waited = true;
      if (!(await part.settled[index - 1]!.promise)) throw new SkippedWindow();
    }
    await ctx.db.transaction().execute(async (trx) => {
      // Awaited first, then added: `totals.x += await y` reads x before the await, and windows
      // committing concurrently would overwrite each other's counts.
      const written = await spec.load(trx, rows, ctx);
      const rejected = await saveRejects(trx, ctx.runId, ctx.accountId, saved);
      totals.written += written;
      totals.rejected += rejected;
      if (!final || !complete) return;
      if (spec.retire !== undefined)
        totals.written += await spec.retire.retire(trx, ref, served, rejectedKeys, ctx);
      part.completed.add(index);
      // Coverage records every complete window, also those a backfill may not move the watermark over.
      await recordCoverage(
        trx,
        { accountId: ctx.accountId, stream: spec.name, partition: part.partition.id },
        window,
        ctx.runId,
      );
      const end = contiguousEnd(part.plan.windows, part.completed);
      if (part.movesWatermark && end !== undefined) {
        await saveWatermark(
          trx,
          { accountId: ctx.accountId, stream: spec.name, partition: part.partition.id },
          end,
          ctx.runId,
          { onlyForward: true },
        );
      }
    });
  };
  // One batch is written while the pages of the next are read and mapped, so a window's cursor
  // chain does not stand still for its commits; at most one is in flight, and they commit in order.
  let writing: Promise<void> | undefined;
  let writeFailure: { error: unknown } | undefined;
  const settleWriting = async (): Promise<void> => {
    const pending = writing;
    writing = undefined;
    if (pending !== undefined) await pending;
    if (writeFailure !== undefined) throw writeFailure.error;
  };
  const startCommit = async (): Promise<void> => {
    await settleWriting();
    writing = commit(false).catch((error: unknown) => void (writeFailure ??= { error }));
  };
  const reject = (error: unknown, raw: unknown): void =>
    ctx.validator.rejectFromError(error, spec.name, raw, window, (r) => spec.recordId(r));
  try {
    const fetch = windowFetch(spec, ctx, client, part.partition);
    const pages = spec.read?.(ctx, ref, fetch) ?? pagesOfWindow<M>(fetch, window);
    for await (const page of pages) {
      if (ctx.signal.aborted) throw ctx.signal.reason as Error;
      if (writeFailure !== undefined) throw writeFailure.error;
      if ((page.pass ?? 0) !== pass) {
        // A restarted pass reads the window again from its first page: start its count and state over.
        pass = page.pass ?? 0;
        records = 0;
        state = spec.initialState?.(ref) as W;
        served = new ServedKeys();
        rejectedKeys = new Set();
      }
      if (page.complete === false) complete = false;
      records += page.records.length;
      const items: PageItem<z.infer<S>>[] = [];
      for (let i = 0; i < page.records.length; i++) {
        const raw = page.records[i];
        const fast = spec.conforming?.(raw);
        if (fast !== undefined) {
          ctx.validator.reportUnknown(spec.name, raw, known);
          ctx.validator.reportUnknownValues(spec.name, fast, spec.values);
        }
        const record =
          fast ??
          ctx.validator.parse(spec.name, spec.schema, raw, {
            idOf: (r) => spec.recordId(r),
            known,
            values: spec.values,
            windowStart: window.start,
            windowEnd: window.end,
          });
        if (record !== undefined) items.push({ record, raw, text: page.texts?.[i] });
      }
      for (const mapped of spec.mapPage({ items, page, ref, row, state, reject })) {
        if (spec.retire !== undefined) served.add(spec.retire.keyOf(mapped));
        spec.compact?.(mapped);
        batch.push(mapped);
      }
      // Parsing and mapping above are synchronous: the rejects collected now are this page's alone.
      for (const r of ctx.validator.drain(spec.name)) {
        if (r.recordId !== null) rejectedKeys.add(r.recordId.toLowerCase());
        rejects.push(r);
      }
      if (batch.length >= ctx.options.batchRows) await startCommit();
    }
    await settleWriting();
  } catch (error) {
    // Nothing of this window writes after it reports: the batch in flight settles first.
    await writing;
    if (passesThrough(error, ctx) || error instanceof SkippedWindow)
      throw ctx.signal.aborted ? (ctx.signal.reason as Error) : error;
    const where = {
      stream: spec.name,
      partition: part.partition.id,
      window: `[${window.startLocal}, ${window.endLocal})`,
    };
    throw new StreamError(`${spec.describe(ref)} failed: ${(error as Error).message}`, {
      cause: error,
      retriable: false,
      context: error instanceof EtlError ? { ...error.context, ...where } : where,
    });
  }
  await commit(true);
  return records;
}

/** Runs a windowed stream end to end. */
async function runWindowedStream<P extends Partition, S extends z.ZodObject, M, R, W>(
  spec: WindowedStreamSpec<P, S, M, R, W>,
  ctx: SyncContext,
): Promise<StreamResult> {
  const client = clientOf(ctx, spec.api ?? 'api', spec.name);
  const totals: StreamResult = { records: 0, written: 0, windows: 0, rejected: 0 };
  const partitions = await spec.partitions(ctx);
  const watermarks = await loadWatermarks(ctx.db, ctx.accountId, spec.name);
  const maxWindowDays = spec.policy.wholeRange === true ? await spec.maxWindowDays?.(ctx) : undefined;
  const plans = plansOf(ctx, spec.policy, partitions, watermarks, maxWindowDays);
  // The run's slots, shared with the windowed streams running beside this one. Windows queue in
  // plan order, so a window that waits for its predecessor (ordered policy) never holds a slot
  // the predecessor is still queued for.
  const limit = ctx.windowSlots;
  let done = 0;
  // After the first failure no queued window starts; the ones in flight finish before the stream
  // reports, so nothing of this stream writes after the run moved on.
  let failure: { error: unknown } | undefined;
  const runAll = (work: readonly { part: PartitionPlan<P>; index: number }[]): Promise<unknown> =>
    Promise.all(
      work.map(({ part, index }) =>
        limit(async () => {
          if (failure !== undefined) return;
          try {
            if (ctx.signal.aborted) throw ctx.signal.reason as Error;
            await runWindow(spec, ctx, client, part, index, totals);
            ctx.progress.tick(spec.name, ++done, {
              records: totals.records,
              requests: client.stats().requests,
            });
          } catch (error) {
            if (!(error instanceof SkippedWindow)) failure ??= { error };
          }
        }),
      ),
    );
  // Windows sized for cursor chains (window-probes.ts): probes first, the rest joined by density.
  if (spec.policy.densityJoin === true) {
    const days = (windows: readonly PlannedWindow[]): PlannedWindow[] => splitDays(windows, ctx.zone);
    await probeAndJoin(plans, slotsOf(ctx), runAll, () => failure !== undefined, days);
  }
  const work = plans.flatMap((part) =>
    part.plan.windows.map((_, index) => ({ part, index })).filter(({ index }) => index >= (part.probes ?? 0)),
  );
  ctx.progress.start(spec.name, done + work.length, 'windows');
  await runAll(work).finally(() => ctx.progress.stop(spec.name));
  if (failure !== undefined) throw failure.error;
  if (plans.every((p) => p.plan.windows.length === 0)) return { ...totals, notice: 'nothing to read' };
  return totals;
}

/** Declares a windowed stream: the registry entry that runs it. */
export function defineWindowedStream<P extends Partition, S extends z.ZodObject, M, R, W = undefined>(
  spec: WindowedStreamSpec<P, S, M, R, W>,
): StreamDefinition {
  const frozen = Object.freeze(spec);
  return Object.freeze({
    ...streamIdentity(spec, 'windowed'),
    tables: spec.tables,
    ...(spec.after === undefined ? {} : { after: spec.after }),
    run: (ctx: SyncContext) => runWindowedStream(frozen, ctx),
  });
}
