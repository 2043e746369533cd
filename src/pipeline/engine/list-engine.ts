/**
 * The engine of list streams (configuration snapshots). A list stream is declared as data (route,
 * where the answer holds the records, schema, key, mapper, tables) and this runs it: fetch the
 * list once, or once per parent read from the warehouse (each monitor group for its members),
 * validate every record, map it to rows, then write every table of the stream, the rejects and
 * the soft deletes in ONE transaction. A stream that fails leaves the warehouse as it was; a
 * record that fails is rejected and the rest load.
 */
import { sql, type Transaction } from 'kysely';
import pLimit from 'p-limit';
import type { z } from 'zod';
import { HttpError, ResponseFormatError } from '../../errors.ts';
import { fillRoute } from '../../extract/http/request-url.ts';
import { dataListSchema } from '../../extract/schemas/envelope.ts';
import type { KnownValues } from '../../extract/schemas/lenient.ts';
import { keyText, loadSnapshot, type SnapshotTable } from '../../load/write/load-snapshot.ts';
import type { ColumnOf } from '../../load/write/merge-rows.ts';
import { saveRejects } from '../../load/write/save-rejects.ts';
import type { Database, MappedRow, TableName } from '../../load/schema.ts';
import type { RowContext } from '../../transform/row-context.ts';
import type { StreamResult, SyncContext } from '../sync-context.ts';
import { keyColumns, PARENT_SEPARATOR, rawKeyText, recordIdOf, type KeySpec } from './record-keys.ts';
import {
  clientOf,
  rowContextOf,
  streamIdentity,
  type RowsByTable,
  type StreamDefinition,
} from './stream-definition.ts';

/** One parsed record with where it came from. */
export interface ListItem<T> {
  readonly record: T;
  readonly raw: unknown;
  readonly parent: string | undefined;
}

/** Another table a list stream writes besides its own (error conditions, daily quota, ...). */
export interface ListTable<T extends TableName> {
  readonly table: T;
  readonly key: readonly ColumnOf<T>[];
  /** Soft-delete rows missing from the snapshot (Default: true); false for daily snapshots. */
  readonly softDelete?: boolean;
}

/** Work a list stream does after its tables were merged, in the same transaction. */
export interface AfterLoad<T extends TableName> {
  /** The tables it writes (StreamDefinition.tables). */
  readonly tables: readonly TableName[];
  /**
   * Runs with the rows of the stream's `table`, those of partial records apart (`partial`);
   * returns rows written.
   */
  run(
    trx: Transaction<Database>,
    rows: readonly MappedRow<T>[],
    ctx: SyncContext,
    partial: readonly MappedRow<T>[],
  ): Promise<number>;
}

/**
 * Records that carry only some of their fields because the caller may see no more (a monitor read
 * by an operator without administrator rights): which ones, and the columns of the stream's table
 * such a record writes. The other columns of a stored row stay, and the rows of the other tables
 * that belong to it (keyed by the same columns) are not marked deleted.
 */
export interface PartialRecords<T extends TableName, I> {
  is(item: ListItem<I>): boolean;
  readonly columns: readonly ColumnOf<T>[];
}

/** A ListTable of any table, as a stream's list of tables holds it. */
interface AnyListTable {
  readonly table: TableName;
  readonly key: readonly string[];
  readonly softDelete?: boolean;
}

/** Declares another table of a list stream, its key checked against the table's columns. */
export function listTable<T extends TableName>(table: ListTable<T>): AnyListTable {
  return table;
}

/** What a custom reader returns: records already parsed (by `ctx.validator`). */
export interface ListRead<T> {
  readonly items: readonly ListItem<T>[];
  /** Records received, parsed or not. */
  readonly records: number;
  /** False when the listing may have missed records: nothing is marked deleted then. */
  readonly complete: boolean;
  /** Rows that come from the listing itself rather than from one record (a device tree's groups). */
  readonly rows?: RowsByTable;
  /** A notice for the run summary. */
  readonly notice?: string;
}

/** What every list stream declares: where it writes and how records become rows. */
interface ListStreamBase<T extends TableName, I> {
  readonly name: string;
  readonly description: string;
  /** (Default: api) */
  readonly api?: 'api' | 'infra';
  /** Request path; `{guid}` is replaced by each parent. */
  readonly route: string;
  readonly table: T;
  /** The table's key and where each part comes from: the one declaration of the primary key. */
  readonly key: KeySpec<ColumnOf<T>>;
  /** Other tables the mapper fills (declared with `listTable`). */
  readonly also?: readonly AnyListTable[];
  /** Maps one record to the rows of `table` (and of `also`); may throw RecordValidationError. */
  map(
    item: ListItem<I>,
    row: RowContext,
    ctx: SyncContext,
  ): { readonly [P in T]: readonly MappedRow<T>[] } & RowsByTable;
  /** Work after the tables were merged, in the same transaction (monitor history). */
  readonly afterLoad?: AfterLoad<T>;
  /** Records read with fewer fields, which write only some columns. (Default: none) */
  readonly partial?: PartialRecords<T, I>;
}

/** A list stream read with GET `route` (once, or once per parent) and parsed with `schema`. */
export interface ListStreamSpec<S extends z.ZodObject, T extends TableName> extends ListStreamBase<
  T,
  z.infer<S>
> {
  /**
   * Parents to list children of: the live (not deleted) rows of a table loaded earlier in the run.
   * Several columns make a composite parent (`a/b`); each fills the route's `{...}` placeholders in order.
   */
  readonly parents?: { readonly table: TableName; readonly columns: readonly string[] };
  /**
   * Where the answer holds the records: `none`, a bare JSON array (the configuration routes), or
   * `data`, the `Data` array of the JSON:API-like envelope (`GET /Checkpoint`; facts 1.2).
   * (Default: none)
   */
  readonly envelope?: 'none' | 'data';
  readonly schema: S;
  /** Top-level fields the API may send that the schema does not type. (Default: the schema's keys) */
  readonly known?: ReadonlySet<string>;
  /** Enum-like fields and the values known; a run reports others once. (Default: none) */
  readonly values?: KnownValues;
}

/** A list stream with a reader of its own (a tree walk) that parses what it reads. */
export interface CustomListStreamSpec<T extends TableName, I> extends ListStreamBase<T, I> {
  read(ctx: SyncContext): Promise<ListRead<I>>;
}

/** The form the engine runs: every declaration reduced to a reader and a mapper. */
interface RunnableList<T extends TableName, I> extends ListStreamBase<T, I> {
  /** Reads the list; keys of records rejected while reading go to `keep`. */
  read(ctx: SyncContext, keep: string[]): Promise<ListRead<I>>;
}

async function parentIds(
  ctx: SyncContext,
  parents: { readonly table: TableName; readonly columns: readonly string[] },
): Promise<string[]> {
  const key = sql.join(
    parents.columns.map((c) => sql`${sql.ref(c)}::text`),
    sql` || ${PARENT_SEPARATOR} || `,
  );
  const result = await sql<{ id: string }>`
    select ${key} as id from ${sql.table(`uptrends.${parents.table}`)}
    where account_id = ${ctx.accountId} and deleted_at is null order by 1`.execute(ctx.db);
  return result.rows.map((r) => r.id);
}

async function fetchList(
  ctx: SyncContext,
  spec: Pick<ListStreamSpec<z.ZodObject, TableName>, 'name' | 'route' | 'api' | 'envelope'>,
  parent: string | undefined,
): Promise<unknown[]> {
  // Each part of a composite parent (`definition/level`) fills the next placeholder.
  const path = fillRoute(spec.route, parent?.split(PARENT_SEPARATOR) ?? []);
  let body: unknown;
  try {
    body = (
      await clientOf(ctx, spec.api ?? 'api', spec.name).get<unknown>(path, undefined, {
        route: spec.route,
        context: { stream: spec.name, ...(parent === undefined ? {} : { parent }) },
      })
    ).body;
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
  return recordsOf(spec, body);
}

/** The records of a list answer, where the declaration says they are; anything else fails the stream naming the route. */
function recordsOf(
  spec: Pick<ListStreamSpec<z.ZodObject, TableName>, 'name' | 'route' | 'envelope'>,
  body: unknown,
): unknown[] {
  const context = { stream: spec.name, route: spec.route };
  if (spec.envelope === 'data') {
    const envelope = dataListSchema.safeParse(body);
    if (envelope.success) return envelope.data.Data;
    throw new ResponseFormatError(
      `Stream ${spec.name}: ${spec.route} answered no Data array (${envelope.error.issues[0]?.message ?? 'invalid'})`,
      { retriable: false, context },
    );
  }
  if (!Array.isArray(body)) {
    throw new ResponseFormatError(
      `Stream ${spec.name}: ${spec.route} answered ${typeof body} instead of a JSON array`,
      { retriable: false, context },
    );
  }
  return body as unknown[];
}

/** Reads the whole list over HTTP and parses it; keys of rejected records go to `keep`. */
async function readList<S extends z.ZodObject, T extends TableName>(
  spec: ListStreamSpec<S, T>,
  ctx: SyncContext,
  keep: string[],
): Promise<ListRead<z.infer<S>>> {
  const parents = spec.parents === undefined ? [undefined] : await parentIds(ctx, spec.parents);
  const limit = pLimit(ctx.options.concurrency);
  const lists = await Promise.all(
    parents.map((parent) => limit(async () => ({ parent, raws: await fetchList(ctx, spec, parent) }))),
  );
  const known = spec.known ?? new Set(Object.keys(spec.schema.shape));
  const items: ListItem<z.infer<S>>[] = [];
  let records = 0;
  for (const { parent, raws } of lists) {
    for (const raw of raws) {
      records++;
      const record = ctx.validator.parse(spec.name, spec.schema, raw, {
        idOf: (r) => recordIdOf(spec.key, r),
        known,
        values: spec.values,
      });
      if (record === undefined) {
        const key = rawKeyText(spec.key, raw, parent, ctx.accountId);
        if (key !== undefined) keep.push(key);
        continue;
      }
      items.push({ record, raw, parent });
    }
  }
  return { items, records, complete: true };
}

function append(into: Map<TableName, unknown[]>, rows: RowsByTable): void {
  for (const [table, list] of Object.entries(rows) as [TableName, readonly unknown[] | undefined][]) {
    if (list === undefined) continue;
    const target = into.get(table);
    if (target === undefined) into.set(table, [...list]);
    else for (const row of list) target.push(row);
  }
}

/**
 * One item per key, the last copy: an answer that lists a record twice is taken as its last word,
 * whatever field differs (two copies would each write the row, and the monitor history would open
 * two versions of one monitor). Items whose key cannot be read are kept as they are.
 */
function lastCopies<I>(
  items: readonly ListItem<I>[],
  keyOf: (item: ListItem<I>) => string | undefined,
): ListItem<I>[] {
  const keys = items.map(keyOf);
  const last = new Map<string, number>();
  keys.forEach((key, i) => {
    if (key !== undefined) last.set(key, i);
  });
  return items.filter((_, i) => keys[i] === undefined || last.get(keys[i]) === i);
}

/** Runs a list stream end to end. */
async function runListStream<T extends TableName, I>(
  spec: RunnableList<T, I>,
  ctx: SyncContext,
): Promise<StreamResult> {
  const keep: string[] = [];
  const read = await spec.read(ctx, keep);
  const rowCtx = rowContextOf(ctx, spec.name);
  const rowsByTable = new Map<TableName, unknown[]>();
  const primary: MappedRow<T>[] = [];
  const partial: MappedRow<T>[] = [];
  if (read.rows !== undefined) append(rowsByTable, read.rows);
  const items = lastCopies(read.items, (item) => rawKeyText(spec.key, item.raw, item.parent, ctx.accountId));
  for (const item of items) {
    try {
      const { [spec.table]: own, ...others } = spec.map(item, rowCtx, ctx);
      (spec.partial?.is(item) === true ? partial : primary).push(...own);
      append(rowsByTable, others);
    } catch (error) {
      ctx.validator.rejectFromError(error, spec.name, item.raw, undefined, (r) => recordIdOf(spec.key, r));
      const key = rawKeyText(spec.key, item.raw, item.parent, ctx.accountId);
      if (key !== undefined) keep.push(key);
    }
  }
  append(rowsByTable, { [spec.table]: primary });
  const primaryKey = keyColumns(spec.key);
  const tables: AnyListTable[] = [{ table: spec.table, key: primaryKey }, ...(spec.also ?? [])];
  const partialKeys = partial.map((row) =>
    keyText(primaryKey.map((k) => (row as Record<string, unknown>)[k])),
  );
  const seenAt = ctx.clock();
  const rejects = ctx.validator.drain(spec.name);
  let written = 0;
  await ctx.db.transaction().execute(async (trx) => {
    for (const table of tables) {
      const snapshot: SnapshotTable = {
        table: table.table,
        key: table.key,
        rows: (rowsByTable.get(table.table) ?? []) as object[],
        scope: { account_id: ctx.accountId },
        keep: table.table === spec.table ? keep : undefined,
        softDelete: table.softDelete,
        markMissing: read.complete,
        ...(table.table === spec.table
          ? { partial: { rows: partial, columns: spec.partial?.columns ?? [] } }
          : { spare: { columns: primaryKey, keys: partialKeys } }),
      };
      const result = await loadSnapshot(trx, snapshot, seenAt);
      written += result.written + result.deleted;
    }
    if (spec.afterLoad !== undefined) written += await spec.afterLoad.run(trx, primary, ctx, partial);
    await saveRejects(trx, ctx.runId, ctx.accountId, rejects);
  });
  if (read.notice !== undefined)
    ctx.logger.warn({ stream: spec.name }, `stream ${spec.name}: ${read.notice}`);
  return {
    records: read.records,
    written,
    windows: 1,
    rejected: rejects.length,
    ...(read.notice === undefined ? {} : { notice: read.notice }),
  };
}

function registryEntry<T extends TableName, I>(
  spec: RunnableList<T, I>,
): StreamDefinition & { readonly table: T } {
  return Object.freeze({
    ...streamIdentity(spec, 'list'),
    table: spec.table,
    tables: [
      ...new Set([spec.table, ...(spec.also ?? []).map((t) => t.table), ...(spec.afterLoad?.tables ?? [])]),
    ],
    run: (ctx: SyncContext) => runListStream(spec, ctx),
  });
}

/** Declares a list stream read with GET `route`: the registry entry that runs it. */
export function defineListStream<S extends z.ZodObject, T extends TableName>(
  spec: ListStreamSpec<S, T>,
): StreamDefinition & { readonly table: T } {
  const frozen = Object.freeze(spec);
  return registryEntry({ ...frozen, read: (ctx, keep) => readList(frozen, ctx, keep) });
}

/** Declares a list stream with a reader of its own. */
export function defineCustomListStream<T extends TableName, I>(
  spec: CustomListStreamSpec<T, I>,
): StreamDefinition & { readonly table: T } {
  const frozen = Object.freeze(spec);
  return registryEntry({ ...frozen, read: (ctx) => frozen.read(ctx) });
}
