/**
 * What a windowed stream declares (alerts, statistics, Infra uptime): its partitions, how it cuts
 * time into windows, the request it reads a window with (route, query and paging: the engine builds
 * and sends it, window-request.ts), how its records map to rows and how a batch loads. The engine
 * that runs such a declaration is window-engine.ts.
 */
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { QueryValues } from '../../extract/http/request-url.ts';
import type { InfraFormat } from '../../extract/infra/device-group-data.ts';
import type { KnownValues } from '../../extract/schemas/lenient.ts';
import type { Database, TableName } from '../../load/schema.ts';
import type { RowContext } from '../../transform/row-context.ts';
import type { SyncContext } from '../sync-context.ts';
import type { PlannedWindow } from './window-plan.ts';

/** One partition of a windowed stream: the unit that keeps its own watermark. */
export interface Partition {
  /** `etl_state.partition`: `all`, `group:<guid>`, a monitor GUID, `-`. */
  readonly id: string;
}

/** How a stream cuts time into windows. */
export interface WindowPolicy {
  /** Window length in local days: the run's `--window`, or fixed. */
  readonly days: 'option' | number;
  /** Only whole local days that have ended (statistics, Infra uptime). (Default: false) */
  readonly completedDaysOnly?: boolean;
  /**
   * The plan's whole range is one window, or windows of `maxWindowDays` (statistics: as few
   * requests per monitor as the service allows). (Default: false)
   */
  readonly wholeRange?: boolean;
  /**
   * Windows are read concurrently but committed in plan order, and none after a failed one, so
   * the loaded days never have a hole (Infra uptime). (Default: false: each window commits on its own)
   */
  readonly ordered?: boolean;
  /**
   * The first window of each partition is read alone and the rest joined by the density it showed
   * (density-plan.ts): windows sized for cursor chains. (Default: false)
   */
  readonly densityJoin?: boolean;
}

/** Where a page or record comes from. */
export interface WindowRef<P extends Partition> {
  readonly partition: P;
  readonly window: PlannedWindow;
  /** Position of the window in its partition's plan. */
  readonly index: number;
  /** The last window of the plan (the newest data of this run). */
  readonly last: boolean;
}

/** A span of account-local time a request asks for, as the API takes `Start` and `End`. */
export interface LocalSpan {
  /** Account-local `yyyy-MM-ddTHH:mm:ss`, inclusive. */
  readonly start: string;
  /** Account-local `yyyy-MM-ddTHH:mm:ss`, exclusive. */
  readonly end: string;
}

/** How the answers to a stream's request come. */
export type WindowPaging =
  /** An enveloped list (`Data`) with `Cursors.Next`, followed to its end; a rejected or repeated cursor restarts the window. */
  | { readonly kind: 'cursor' }
  /** One enveloped list (`Data`), unpaged. */
  | { readonly kind: 'single' }
  /** An Infra DeviceGroupData listing, paged by Skip and `take` items, in `format`. */
  | { readonly kind: 'device-group'; readonly take: number; readonly format: InfraFormat };

/**
 * The request a windowed stream reads with. The engine fills the route's `{...}` placeholders
 * with `params`, in order, adds `query`, sends it with the stream's client and reads the answers
 * as `paging` says; errors name the route template, the stream, the partition and the span.
 */
export interface WindowRequest<P extends Partition> {
  /** The route template for a partition (alerts of one chosen monitor have a route of their own). (Default: the stream's `route`) */
  readonly route?: (partition: P) => string;
  /** The values of the route's placeholders, in order. (Default: none) */
  readonly params?: (partition: P) => readonly string[];
  /**
   * The query for a partition and a span of local time; `part` is what a stream that reads a
   * window in parts asks for (Infra uptime: a device group; undefined for the first or only part).
   */
  readonly query: (partition: P, span: LocalSpan, part?: string) => QueryValues;
  readonly paging: WindowPaging;
}

/** One answer to a stream's request: a page of records, as the reader gets it. */
export interface FetchedPage {
  readonly records: readonly unknown[];
  /** Each record's JSON text as the response held it, when it could be taken (same length). */
  readonly texts?: readonly string[] | undefined;
  /** Read pass of the window (cursor paging restarts a window with a new pass). */
  readonly pass: number;
  /** False when the listing may have missed records (an Infra listing that changed while paged). (Default: true) */
  readonly complete?: boolean;
  /** The whole body of the answer, for the unknown-field report (Infra listings). */
  readonly body?: unknown;
}

/** Sends the stream's declared request for `span` (and `part`) and yields its answers' pages, in order. */
export type WindowFetch = (span: LocalSpan, part?: string) => AsyncIterable<FetchedPage>;

/** A page of a window, as a stream's reader yields it. */
export interface StreamPage<M> {
  readonly records: readonly unknown[];
  /** Each record's JSON text as the response held it, when the reader kept it (same length). */
  readonly texts?: readonly string[] | undefined;
  /** Read pass of the window: a new pass restarts it from its first page. (Default: 0) */
  readonly pass?: number;
  /** False when the reader knows the window may miss records: its rows load, the watermark stays before it. */
  readonly complete?: boolean;
  /** What the page says beyond its records (the day an Infra page is of, ...). */
  readonly meta: M;
}

/** A valid record of a page: as validated, as received, and its text when the page kept it. */
export interface PageItem<T> {
  readonly record: T;
  readonly raw: unknown;
  readonly text?: string | undefined;
}

/** What `mapPage` gets for one page. */
export interface PageToMap<T, P extends Partition, M, W> {
  /** The page's valid records, in order. */
  readonly items: readonly PageItem<T>[];
  readonly page: StreamPage<M>;
  readonly ref: WindowRef<P>;
  readonly row: RowContext;
  /** The window's state (`initialState`), carried from page to page. */
  readonly state: W;
  /** Rejects one record: `error` a RecordValidationError (anything else is rethrown). */
  readonly reject: (error: unknown, raw: unknown) => void;
}

/**
 * How a window read to its end makes the warehouse hold exactly what the service served for it:
 * the rows it holds for the window that this read did not serve go (docs/extraction.md, "A window
 * read again converges"). Runs in the transaction of the window's last batch, and only when the
 * window was read to its end in one pass; a window that failed or was not read in full retires nothing.
 */
export interface WindowRetirement<P extends Partition, R> {
  /** The row's key, as `retire` compares it with the rows held (e.g. the alert id). */
  keyOf(row: R): string;
  /**
   * Removes the rows of the window's partition and span whose key is not in `served`, and those
   * whose key is in `rejected` (records the service serves now but the window rejected: an earlier
   * read's row of them is not what the service says). `served` gives each key as often as it
   * was served, and is read once (engine/served-keys.ts keeps it compact). Returns the rows
   * changed (removed, and anything recomputed from them).
   */
  retire(
    trx: Transaction<Database>,
    ref: WindowRef<P>,
    served: Iterable<string>,
    rejected: ReadonlySet<string>,
    ctx: SyncContext,
  ): Promise<number>;
}

/** Declaration of a windowed stream whose records map to rows of type R. */
export interface WindowedStreamSpec<P extends Partition, S extends z.ZodObject, M, R, W = undefined> {
  readonly name: string;
  readonly description: string;
  /** (Default: api) */
  readonly api?: 'api' | 'infra';
  /** The route template it requests (its placeholders named `{guid}`, `{id}`), as `sync --help` shows it. */
  readonly route: string;
  /** The list streams whose rows its partitions come from (StreamDefinition.after). */
  readonly after?: readonly string[];
  readonly policy: WindowPolicy;
  /** Names a window in messages and errors, e.g. `alerts window [a, b) of all`. */
  describe(ref: WindowRef<P>): string;
  partitions(ctx: SyncContext): Promise<readonly P[]>;
  /**
   * For a `wholeRange` stream: the longest window in local days, decided once per run before
   * planning (the statistics stream's size the service answers at a daily grain); undefined keeps
   * the whole range one window. (Default: undefined)
   */
  maxWindowDays?(ctx: SyncContext): Promise<number | undefined>;
  /** The request its windows are read with. */
  readonly request: WindowRequest<P>;
  /**
   * The pages of one window, in order, as they arrive, for a stream that reads a window in parts
   * or judges its answers: `fetch` sends the declared request for a span (statistics asks again
   * in halves when an answer is coarser than a day; Infra uptime asks each device group).
   * (Default: the declared request for the window's span, its pages as they come)
   */
  read?(ctx: SyncContext, ref: WindowRef<P>, fetch: WindowFetch): AsyncIterable<StreamPage<M>>;
  readonly schema: S;
  /** Enum-like fields of a record and the values known; a run reports others once. (Default: none) */
  readonly values?: KnownValues;
  /**
   * The record itself when it already has the exact form the schema gives back, else undefined
   * (the schema then reads it): a check without the copies a schema makes, for streams of many
   * records. (Default: every record goes through the schema)
   */
  conforming?(raw: unknown): z.infer<S> | undefined;
  /** The record's id for messages and rejects. */
  recordId(raw: unknown): string | number | undefined;
  /** State a window carries from page to page (reset when a new pass restarts it). */
  initialState?(ref: WindowRef<P>): W;
  /**
   * Maps the records of one page, in order. A record may be left out (no row), or rejected by
   * passing the error to `reject` (a RecordValidationError: the record is stored as a reject and
   * the window goes on). Anything the mapper throws fails the whole window.
   */
  mapPage(page: PageToMap<z.infer<S>, P, M, W>): R[];
  /**
   * Makes a mapped row compact for the time it waits in its batch, in place: its JSON values as
   * the text the load writes (transform/raw-column.ts, compactJsonValues). (Default: rows kept as mapped)
   */
  compact?(row: R): void;
  /** Every table `load` writes, its main table first (StreamDefinition.tables). */
  readonly tables: readonly TableName[];
  /** Writes one batch of rows; returns rows written (inserted, changed, deleted). */
  load(trx: Transaction<Database>, rows: readonly R[], ctx: SyncContext): Promise<number>;
  /**
   * What a window read in full removes of what the warehouse held for it and the service no
   * longer serves. (Default: nothing: rows only ever merge)
   */
  readonly retire?: WindowRetirement<P, R>;
}
