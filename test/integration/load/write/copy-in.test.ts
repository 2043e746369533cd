/**
 * The COPY of node-postgres (copy-in.ts, pgCopy): each chunk of COPY data reaches the socket as one
 * write, its message header and data together, and the rows arrive whole. Postgres only: PGlite
 * reads COPY data from a blob, with no socket.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pgCopy } from '../../../../src/load/write/copy-in.ts';
import { CopyRows } from '../../../../src/load/write/copy-text.ts';
import { createTestDatabase, type TestDatabase } from '../../../support/test-database.ts';

const postgres = inject('testDb').backend === 'postgres';
let tdb: TestDatabase | undefined;
let client: pg.Client | undefined;

beforeAll(async () => {
  if (!postgres) return;
  tdb = await createTestDatabase();
  client = new pg.Client({ connectionString: tdb.env.DATABASE_URL });
  await client.connect();
  await client.query('create temp table copied (n integer, t text)');
});
afterAll(async () => {
  await client?.end();
  await tdb?.drop();
});

/** The socket writes (system calls as Node issues them) made while `run` runs. */
async function socketWrites(socket: object, run: () => Promise<unknown>): Promise<number> {
  const target = socket as { _write: (...a: unknown[]) => void; _writev: (...a: unknown[]) => void };
  let writes = 0;
  const write = target._write;
  const writev = target._writev;
  target._write = function (this: unknown, ...args: unknown[]) {
    writes++;
    return write.apply(this, args);
  };
  target._writev = function (this: unknown, ...args: unknown[]) {
    writes++;
    return writev.apply(this, args);
  };
  try {
    await run();
  } finally {
    target._write = write;
    target._writev = writev;
  }
  return writes;
}

describe.runIf(postgres)('pgCopy', () => {
  it('sends each chunk of COPY data as one socket write, header and data together', async () => {
    const rows = Array.from({ length: 320 }, (_, n) => ({ n, t: `row ${n}` }));
    const data = new CopyRows(rows, ['n', 't']);
    const chunks = [...data.chunks()].length;
    expect(chunks).toBe(10);
    const socket = (client as unknown as { connection: { stream: object } }).connection.stream;
    let copied = 0;
    const writes = await socketWrites(socket, async () => {
      copied = (await pgCopy(client!, 'copy copied (n, t) from stdin', data)).rowCount;
    });
    // The statement, one write per chunk, the end of the data. Header and data apart made it 22.
    expect(writes).toBeLessThanOrEqual(chunks + 2);
    expect(copied).toBe(320);
    const stored = await client!.query<{ count: string; sum: string }>(
      'select count(*)::text as count, sum(n)::text as sum from copied',
    );
    expect(stored.rows[0]).toEqual({ count: '320', sum: String((319 * 320) / 2) });
  });
});
