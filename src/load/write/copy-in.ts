/**
 * `COPY ... FROM STDIN` through Kysely. Kysely hands a statement and its parameters to the driver
 * and has no way to stream COPY data, so the warehouse's two drivers agree on a convention: a
 * statement `copy <table> (<columns>) from stdin` with exactly one parameter, the rows to copy
 * (a CopyRows, encoded as COPY text while it is sent), is sent as a COPY with that data: on
 * Postgres through pg-copy-streams on the connection the statement was given to (so it runs inside
 * the caller's transaction), on PGlite as a blob read from `/dev/blob`. db.ts wraps node-postgres
 * clients with `copyAwareQuery`; pglite-dialect.ts calls `pgliteCopy`.
 */
import { pipeline } from 'node:stream/promises';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { CompiledQuery, type Kysely } from 'kysely';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../schema.ts';
import { CopyRows } from './copy-text.ts';

const COPY_FROM_STDIN = /^copy\s+[\s\S]+\sfrom\s+stdin$/i;

/** True when `text` with `parameters` is the convention's COPY (one parameter: the data). */
export function isCopyIn(text: string, parameters: readonly unknown[] | undefined): boolean {
  return parameters?.length === 1 && parameters[0] instanceof CopyRows && COPY_FROM_STDIN.test(text);
}

/** Runs `copy <into> (<columns>) from stdin` with `data` on `db`'s connection. */
export async function copyIn(
  db: Kysely<Database>,
  into: string,
  columns: readonly string[],
  data: CopyRows,
): Promise<number> {
  const list = columns.map((c) => `"${c.replace(/"/g, '""')}"`).join(', ');
  const result = await db.executeQuery(CompiledQuery.raw(`copy ${into} (${list}) from stdin`, [data]));
  return Number(result.numAffectedRows ?? 0);
}

/** The result shape node-postgres gives and Kysely reads. */
interface CopyResult {
  command: 'COPY';
  rowCount: number;
  rows: never[];
  fields: never[];
}

/** Something with node-postgres' `query(submittable)`. */
interface SubmittingClient {
  query(submittable: ReturnType<typeof copyFrom>): unknown;
}

/** What sendEachMessageWhole reads of pg-copy-streams' query once it is submitted. */
interface FramingQuery {
  flushChunk?: (chunk: Buffer) => boolean;
  connection?: { stream?: Pick<Socket, 'cork' | 'uncork'> };
}

/**
 * pg-copy-streams writes each CopyData message to the socket as two writes: its 5-byte header,
 * then the data. Uncorked, each is a system call and a TCP segment of its own, and the server
 * wakes up to read 5 bytes before each chunk. Corking the socket around the pair sends both in
 * one `writev` (bench scenario 2, load path / raw COPY, three runs each, alternating: 0.66–0.71
 * before, 0.75–0.78 after). Should a later version of the library frame its messages otherwise,
 * this finds no `flushChunk` and leaves the query as it is.
 */
function sendEachMessageWhole(query: object): void {
  const framing = query as FramingQuery;
  const flushChunk = framing.flushChunk;
  if (typeof flushChunk !== 'function') return;
  framing.flushChunk = function (this: FramingQuery, chunk: Buffer): boolean {
    const socket = this.connection?.stream;
    socket?.cork();
    try {
      return flushChunk.call(this, chunk);
    } finally {
      socket?.uncork();
    }
  };
}

/** Streams `data` into a node-postgres client as the COPY `text`, chunk by chunk as it is encoded. */
export async function pgCopy(client: SubmittingClient, text: string, data: CopyRows): Promise<CopyResult> {
  const stream = client.query(copyFrom(text)) as ReturnType<typeof copyFrom>;
  sendEachMessageWhole(stream);
  await pipeline(Readable.from(data.chunks()), stream);
  return { command: 'COPY', rowCount: stream.rowCount, rows: [], fields: [] };
}

/** A PGlite-like instance: `query` with a blob option. */
interface BlobQuerying {
  query(text: string, params: unknown[], options: { blob: Blob }): Promise<{ affectedRows?: number }>;
}

/** Runs the convention's COPY on PGlite, which reads COPY data from a blob at `/dev/blob`. */
export async function pgliteCopy(
  pglite: BlobQuerying,
  text: string,
  data: CopyRows,
): Promise<{ affectedRows: number }> {
  const sql = text.replace(/\sfrom\s+stdin$/i, " from '/dev/blob'");
  const result = await pglite.query(sql, [], { blob: new Blob([...data.chunks()]) });
  return { affectedRows: result.affectedRows ?? 0 };
}
