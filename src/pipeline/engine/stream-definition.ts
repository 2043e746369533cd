/**
 * What the run sees of a stream, whichever engine runs it: its name, which API it reads, a
 * description for `--help`, and how to run it. Streams are declared as data in
 * `src/pipeline/streams/`; `defineListStream` and `defineWindowedStream` turn a declaration into
 * one of these.
 */
import type { StreamResult, SyncContext } from '../sync-context.ts';
import type { TableName, TableRow } from '../../load/schema.ts';
import { ConfigError } from '../../errors.ts';
import { type ApiGetter } from '../../extract/http/api-client.ts';

/** A stream of the registry. */
export interface StreamDefinition {
  readonly name: string;
  readonly description: string;
  /** Which API the stream reads; infra streams are skipped without infra credentials. */
  readonly api: 'api' | 'infra';
  /** Which engine runs it: a list (snapshot) or windows of time. */
  readonly kind: 'list' | 'windowed';
  /** The route it requests, as shown in errors and `sync --help`. */
  readonly route: string;
  /**
   * Every warehouse table it writes, its own first: the checks of the tables (the row-shape test,
   * test/integration/transform/rows-match-tables.test.ts) read them from here.
   */
  readonly tables: readonly TableName[];
  /**
   * A windowed stream: the list streams whose rows it reads (its partitions). It starts once
   * those of them in the run have finished, while the later list streams go on beside it.
   * (Default: it starts after every list stream of the run)
   */
  readonly after?: readonly string[];
  run(ctx: SyncContext): Promise<StreamResult>;
}

/** What a stream's spec declares about it for the registry: its name, API (default 'api') and route. */
export interface StreamIdentitySpec {
  readonly name: string;
  readonly description: string;
  readonly api?: 'api' | 'infra' | undefined;
  readonly route: string;
}

/** The registry entry's identity fields, for either engine. */
export function streamIdentity(spec: StreamIdentitySpec, kind: StreamDefinition['kind']) {
  return {
    name: spec.name,
    description: spec.description,
    api: spec.api ?? 'api',
    kind,
    route: spec.route,
  } as const;
}

/** Rows per table, as a mapper returns them. */
export type RowsByTable = { readonly [T in TableName]?: readonly TableRow<T>[] };

/** The row context of a run for one stream, as the row mappers take it. */
export function rowContextOf(ctx: SyncContext, stream: string) {
  return { accountId: ctx.accountId, zone: ctx.zone, runId: ctx.runId, stream } as const;
}

/**
 * The client of the API a stream reads. `runSync` skips Infra streams without credentials before
 * they start; this guards callers that run a stream directly.
 */
export function clientOf(ctx: SyncContext, api: 'api' | 'infra', stream: string): ApiGetter {
  if (api === 'api') return ctx.api;
  if (ctx.infra === undefined) {
    throw new ConfigError(
      `Stream ${stream} needs the Infra API: set UPTRENDS_INFRA_USERNAME and UPTRENDS_INFRA_PASSWORD.`,
      { context: { stream, setting: 'UPTRENDS_INFRA_USERNAME' } },
    );
  }
  return ctx.infra;
}
