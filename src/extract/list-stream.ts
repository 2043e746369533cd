/**
 * The engine of configuration streams: a stream is declared as data (route, schema, id, mapper,
 * tables) and this runs it: fetch the list (once, or once per parent such as each monitor group),
 * validate every record, map it to rows, then write all tables of the stream, the rejects and the
 * soft deletes in ONE transaction. A stream that fails leaves the warehouse as it was.
 */
import pLimit from 'p-limit';
import type { z } from 'zod';
import { HttpError, ResponseFormatError } from '../errors.ts';
import { loadSnapshot, type SnapshotTable } from '../load/load-snapshot.ts';
import type { Row } from '../load/merge-rows.ts';
import { saveRejects } from '../load/save-rejects.ts';
import type { RowContext } from '../transform/row-context.ts';
import type { StreamResult, SyncContext } from './sync-context.ts';

/** A table a list stream writes. */
export interface ListTable {
  table: string;
  key: readonly string[];
  /** Soft-delete rows missing from the snapshot (Default: true); false for daily snapshots. */
  softDelete?: boolean;
}

/** One parsed record with where it came from. */
export interface ListItem<T> {
  record: T;
  raw: unknown;
  parent: string | undefined;
}

/** Declaration of a configuration stream. */
export interface ListStreamSpec<S extends z.ZodType> {
  name: string;
  description: string;
  /** Route template for errors and stats, e.g. `/MonitorGroup/{guid}/Member`. */
  route: string;
  schema: S;
  known: ReadonlySet<string>;
  /** The record's id, read from the raw value, for messages and for keeping rejected rows. */
  idOf: (raw: unknown) => unknown;
  tables: readonly ListTable[];
  /** Parent ids to list children of (read from the warehouse); none = one request. */
  parents?: (ctx: SyncContext) => Promise<string[]>;
  /** Path of the request (per parent when parents are given). */
  path: (parent: string | undefined) => string;
  /** Maps one record to rows per table name; may throw RecordValidationError (record rejected). */
  toRows: (item: ListItem<z.infer<S>>, rowCtx: RowContext, ctx: SyncContext) => Record<string, Row[]>;
  /** Runs after the tables were merged, in the same transaction (e.g. monitor history). */
  afterLoad?: (
    items: ListItem<z.infer<S>>[],
    rowsByTable: Map<string, Row[]>,
    ctx: SyncContext,
    trx: SyncContext['db'],
  ) => Promise<number>;
  /** Keys of a rejected record, per table, so it is not marked deleted. */
  keepKeys?: (raw: unknown, parent: string | undefined, accountId: string) => Partial<Record<string, string>>;
}

async function fetchList(
  ctx: SyncContext,
  spec: ListStreamSpec<z.ZodType>,
  parent: string | undefined,
): Promise<unknown[]> {
  let response;
  try {
    response = await ctx.api.get<unknown>(spec.path(parent), undefined, {
      route: spec.route,
      context: { stream: spec.name, ...(parent === undefined ? {} : { parent }) },
    });
  } catch (error) {
    // A parent deleted between listing it and listing its children has no children any more.
    if (parent !== undefined && error instanceof HttpError && error.status === 404) {
      ctx.logger.info(
        { stream: spec.name, parent },
        `stream ${spec.name}: ${parent} no longer exists; treated as empty`,
      );
      return [];
    }
    throw error;
  }
  const body = response.body;
  if (!Array.isArray(body)) {
    throw new ResponseFormatError(
      `Stream ${spec.name}: ${spec.route} answered ${typeof body} instead of a JSON array`,
      {
        retriable: false,
        context: { stream: spec.name, route: spec.route },
      },
    );
  }
  return body as unknown[];
}

/** Declares a list stream (frozen, so the registry holds plain data). */
export function defineListStream<S extends z.ZodType>(spec: ListStreamSpec<S>): ListStreamSpec<S> {
  return Object.freeze(spec);
}

/** Runs a list stream end to end. */
export async function runListStream<S extends z.ZodType>(
  spec: ListStreamSpec<S>,
  ctx: SyncContext,
): Promise<StreamResult> {
  const parents = spec.parents === undefined ? [undefined] : await spec.parents(ctx);
  const limit = pLimit(ctx.options.concurrency);
  const lists = await Promise.all(
    parents.map((parent) => limit(async () => ({ parent, raws: await fetchList(ctx, spec, parent) }))),
  );
  const rowCtx: RowContext = {
    accountId: ctx.accountId,
    zone: ctx.zone,
    runId: ctx.runId,
    stream: spec.name,
  };
  const rowsByTable = new Map<string, Row[]>(spec.tables.map((t) => [t.table, []]));
  const keep = new Map<string, string[]>(spec.tables.map((t) => [t.table, []]));
  const items: ListItem<z.infer<S>>[] = [];
  let records = 0;
  for (const { parent, raws } of lists) {
    for (const raw of raws) {
      records++;
      const record = ctx.validator.parse(spec.name, spec.schema, raw, { idOf: spec.idOf, known: spec.known });
      let rows: Record<string, Row[]> | undefined;
      if (record !== undefined) {
        try {
          rows = spec.toRows({ record, raw, parent }, rowCtx, ctx);
        } catch (error) {
          ctx.validator.rejectFromError(error, spec.name, raw);
        }
      }
      if (record === undefined || rows === undefined) {
        const keys = spec.keepKeys?.(raw, parent, ctx.accountId) ?? {};
        for (const [table, key] of Object.entries(keys)) if (key !== undefined) keep.get(table)?.push(key);
        continue;
      }
      items.push({ record, raw, parent });
      for (const [table, tableRows] of Object.entries(rows)) rowsByTable.get(table)?.push(...tableRows);
    }
  }
  const seenAt = ctx.clock();
  let written = 0;
  const rejects = ctx.validator.drain(spec.name);
  await ctx.db.transaction().execute(async (trx) => {
    for (const table of spec.tables) {
      const snapshot: SnapshotTable = {
        table: table.table,
        key: table.key,
        rows: rowsByTable.get(table.table) ?? [],
        scope: { account_id: ctx.accountId },
        keep: keep.get(table.table),
        softDelete: table.softDelete,
      };
      const result = await loadSnapshot(trx, snapshot, seenAt);
      written += result.written + result.deleted;
    }
    if (spec.afterLoad !== undefined) written += await spec.afterLoad(items, rowsByTable, ctx, trx);
    await saveRejects(trx, ctx.runId, ctx.accountId, rejects);
  });
  return { records, written, windows: 1, rejected: rejects.length };
}
