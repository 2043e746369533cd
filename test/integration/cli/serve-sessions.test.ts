/**
 * Issue 40, items 5 to 7: `serve` gives every client the session a fresh server gives. What one
 * client sets (extra_float_digits, TimeZone, DateStyle, search_path, statement_timeout), prepares
 * (pgJDBC's and node-pg's named statement `S_1`) or leaves open (a cursor WITH HOLD, a failed
 * transaction, an unfinished extended-protocol sequence) never reaches another, whether it left
 * or is still connected; bounds on what one client may hold are refused with SQLSTATE 53400; and
 * the memory of 1 MiB Parse messages goes with the client that sent them. Real clients over the
 * socket of a spawned serve. The fuzz of the same is serve-session-fuzz.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, parseMessage, startServe, type ServedWarehouse } from '../../support/served-warehouse.ts';

let served: ServedWarehouse;

beforeAll(async () => {
  served = await startServe('serve-sessions-', ['--timeout', '10']);
}, 120_000);

afterAll(async () => {
  await served.stop();
});

/** The instant 2026-10-23 13:53 UTC as text in the session's TimeZone and DateStyle. */
const INSTANT = `select '2026-10-23T13:53:00Z'::timestamptz::text as t`;

// What a fresh session answers, from first principles: serve sets TimeZone UTC and search_path
// uptrends, public; Postgres defaults to DateStyle ISO, MDY and shortest-exact float output.
const CASES: ReadonlyArray<readonly [string, string, string, unknown]> = [
  ['set extra_float_digits = -15', 'extra_float_digits', 'select 98.1754::float8 as v', { v: 98.1754 }],
  ["set timezone = 'America/New_York'", 'timezone', INSTANT, { t: '2026-10-23 13:53:00+00' }],
  ["set datestyle = 'SQL, DMY'", 'datestyle', INSTANT, { t: '2026-10-23 13:53:00+00' }],
  ['set search_path = pg_catalog', 'search_path', 'select count(*)::int as n from etl_run', { n: 1 }],
  ['set statement_timeout = 1', 'statement_timeout', 'show statement_timeout', { statement_timeout: '0' }],
];

describe('serve: every client starts from a fresh session (issue 40, item 5)', () => {
  it.each(CASES)('after another client ran "%s" and left', async (set, _name, probe, fresh) => {
    const first = await served.client();
    await first.query(set);
    await first.end();
    const next = await served.client();
    try {
      expect((await next.query(probe)).rows).toEqual([fresh]);
      expect((await next.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await next.end();
    }
  });

  it.each(CASES)('while the client that ran "%s" stays connected, and it keeps it', async (set, name) => {
    const first = await served.client();
    const next = await served.client();
    try {
      const fresh = (await next.query(`select current_setting('${name}') as v`)).rows;
      await first.query(set);
      const mine = (await first.query(`select current_setting('${name}') as v`)).rows;
      expect(mine).not.toEqual(fresh);
      expect((await next.query(`select current_setting('${name}') as v`)).rows).toEqual(fresh);
      expect((await first.query(`select current_setting('${name}') as v`)).rows).toEqual(mine);
      expect((await next.query('show default_transaction_read_only')).rows).toEqual([
        { default_transaction_read_only: 'on' },
      ]);
    } finally {
      await first.end();
      await next.end();
    }
  });
});

describe('serve: prepared statements and cursors stay with their client (item 6)', () => {
  it("node-pg's named statement S_1 (as pgJDBC names them) is the next client's own", async () => {
    const first = await served.client();
    expect((await first.query({ name: 'S_1', text: 'select 1 as one' })).rows).toEqual([{ one: 1 }]);
    await first.end();
    const next = await served.client();
    try {
      expect((await next.query({ name: 'S_1', text: 'select 2 as two' })).rows).toEqual([{ two: 2 }]);
      expect((await next.query({ name: 'S_1', text: 'select 2 as two' })).rows).toEqual([{ two: 2 }]);
    } finally {
      await next.end();
    }
  });

  it('two clients connected at once, each with its own S_1, take turns', async () => {
    const a = await served.client();
    const b = await served.client();
    try {
      for (let turn = 0; turn < 3; turn++) {
        expect((await a.query({ name: 'S_1', text: 'select $1::int as a', values: [turn] })).rows).toEqual([
          { a: turn },
        ]);
        expect((await b.query({ name: 'S_1', text: "select 'b' as b" })).rows).toEqual([{ b: 'b' }]);
      }
    } finally {
      await a.end();
      await b.end();
    }
  });

  it('a raw client that leaves between Parse and Sync, or inside a failed transaction, leaves nothing', async () => {
    const raw = await served.raw();
    raw.write(Buffer.concat([parseMessage('S_1', 'select 1'), message('B', '', 'S_1', Buffer.alloc(6))]));
    await new Promise((resolve) => setTimeout(resolve, 100));
    raw.destroy();
    const failed = await served.client();
    await failed.query('begin');
    await failed.query("set local timezone = 'Asia/Tokyo'");
    await failed.query('set extra_float_digits = -15');
    await expect(failed.query('select 1 / 0')).rejects.toThrow(/division by zero/);
    // Gone without ROLLBACK or Terminate.
    (failed as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const next = await served.client();
    try {
      expect((await next.query({ name: 'S_1', text: 'select 3 as three' })).rows).toEqual([{ three: 3 }]);
      expect((await next.query('select 98.1754::float8 as v')).rows).toEqual([{ v: 98.1754 }]);
      expect((await next.query('select count(*)::int as n from pg_prepared_statements')).rows).toEqual([
        { n: 1 },
      ]);
    } finally {
      await next.end();
    }
  });

  it('a client that ends (Terminate) inside a transaction leaves the session to the next', async () => {
    const first = await served.client();
    await first.query('begin');
    await first.query("set local timezone = 'Asia/Tokyo'");
    await first.end();
    const next = await served.client();
    try {
      // On a8c54c7 this waited for ever: the engine stayed with the client that had left.
      expect((await next.query('show timezone')).rows).toEqual([{ TimeZone: 'UTC' }]);
    } finally {
      await next.end();
    }
  });

  it('a cursor WITH HOLD is not readable by the next client', async () => {
    const first = await served.client();
    await first.query('begin');
    await first.query('declare held cursor with hold for select g from generate_series(1, 3) g');
    await first.query('commit');
    expect((await first.query('fetch 1 from held')).rows).toEqual([{ g: 1 }]);
    await first.end();
    const next = await served.client();
    try {
      await expect(next.query('fetch all from held')).rejects.toMatchObject({ code: '34000' });
    } finally {
      await next.end();
    }
  });

  it('a client with a cursor WITH HOLD open keeps the session until it closes it; the other then reads nothing of it', async () => {
    const first = await served.client();
    const other = await served.client();
    try {
      await first.query('begin');
      await first.query('declare held cursor with hold for select g from generate_series(1, 3) g');
      await first.query('commit');
      let otherDone = false;
      const waiting = other
        .query<{ n: number }>('select count(*)::int as n from pg_cursors where is_holdable')
        .then((r) => {
          otherDone = true;
          return r.rows;
        });
      expect((await first.query('fetch 2 from held')).rows).toEqual([{ g: 1 }, { g: 2 }]);
      expect(otherDone).toBe(false);
      await first.query('close held');
      expect(await waiting).toEqual([{ n: 0 }]);
    } finally {
      await first.end();
      await other.end();
    }
  });
});

describe('serve: what one client may hold is bounded, and goes when it leaves (item 7)', () => {
  it('the 257th named statement is refused with 53400; the connection stays usable', async () => {
    const client = await served.client();
    try {
      for (let i = 1; i <= 256; i++) await client.query({ name: `S_${i}`, text: `select ${i} as n` });
      await expect(client.query({ name: 'S_257', text: 'select 257 as n' })).rejects.toMatchObject({
        code: '53400',
        message: expect.stringMatching(/at most 256 named prepared statements/),
      });
      expect((await client.query({ name: 'S_256', text: 'select 256 as n' })).rows).toEqual([{ n: 256 }]);
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  });

  it('the 65th open cursor of a transaction is refused with 53400', async () => {
    const client = await served.client();
    try {
      await client.query('begin');
      for (let i = 1; i <= 64; i++) await client.query(`declare c${i} cursor for select ${i}`);
      await expect(client.query('declare c65 cursor for select 65')).rejects.toMatchObject({ code: '53400' });
      expect((await client.query('fetch 1 from c64')).rows).toEqual([{ '?column?': 64 }]);
      await client.query('commit');
    } finally {
      await client.end();
    }
  });

  it("clients leaving 1 MiB Parse messages behind: the 9th is refused, and serve's memory stays level", async () => {
    const big = (client: number, i: number): string =>
      `select '${String(client).padEnd(1024 * 1024 - 64, 'x')}' as v${i}`;
    const oneClient = async (n: number): Promise<void> => {
      const client = await served.client();
      for (let i = 0; i < 8; i++) await client.query({ name: `big_${i}`, text: big(n, i) });
      await expect(client.query({ name: 'big_8', text: big(n, 8) })).rejects.toMatchObject({ code: '53400' });
      await client.end();
    };
    // One client first: the engine's heap grows to what one client may hold, and keeps that size.
    await oneClient(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = served.rss();
    for (let n = 1; n <= 24; n++) await oneClient(n);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = served.rss();
    // 24 clients of 8 MiB each would be 192 MiB kept: all of it went with them.
    expect(after - before).toBeLessThan(50 * 1024 * 1024);
    const next = await served.client();
    expect((await next.query('select count(*)::int as n from pg_prepared_statements')).rows).toEqual([
      { n: 0 },
    ]);
    await next.end();
  }, 120_000);
});
