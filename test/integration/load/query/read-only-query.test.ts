/**
 * `query` cannot write (issue 16): every bypass tried on the backend of this run (real Postgres
 * when one answers, PGlite otherwise; CI runs both). Before the fix `commit; create table ...`
 * created the table on both backends. Each refused text must leave the warehouse and the session
 * exactly as they were. Issue 32, finding 9: functions acting outside the transaction are refused
 * from the catalog (volatile ones), not from a list of names: before, a replication slot, a reset
 * of the statistics and a WAL message went through. Failures carry their own codes (issue 33).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryError } from '../../../../src/errors.ts';
import { runReadOnlyQuery, streamReadOnlyQuery } from '../../../../src/load/query/read-only-query.ts';
import { createTestDatabase, type TestDatabase } from '../../../support/test-database.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
  await sql`insert into uptrends.etl_run (command) values ('sync')`.execute(tdb.warehouse.db);
});
const SLOT = `uptrends_etl_t_${process.pid}`;
afterAll(async () => {
  // Had the refusal failed on Postgres, the slot would outlive the test database: drop it.
  if (tdb.backend === 'postgres') {
    await sql`select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = ${SLOT}`
      .execute(tdb.warehouse.db)
      .catch(() => undefined);
  }
  await tdb.drop();
});

const run = (text: string) => runReadOnlyQuery(tdb.warehouse.db, text, 5_000);

/** What a write would change: tables, rows, sequences, session settings, advisory locks. */
async function state(): Promise<unknown> {
  const db = tdb.warehouse.db;
  const one = async (q: ReturnType<typeof sql>) => (await q.execute(db)).rows;
  return {
    tables: await one(sql`select count(*)::int as n from pg_tables where schemaname = 'uptrends'`),
    runs: await one(sql`select count(*)::int as n, max(run_id)::int as max from uptrends.etl_run`),
    readOnlyDefault: await one(sql`select current_setting('default_transaction_read_only') as v`),
    searchPath: await one(sql`select current_setting('search_path') as v`),
    slots: await one(
      sql`select count(*)::int as n from pg_replication_slots where slot_name like 'uptrends_etl_t_%'`,
    ),
    // This file's database only: other test files hold advisory locks of their own meanwhile.
    locks: await one(
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory'
            and database = (select oid from pg_database where datname = current_database())`,
    ),
  };
}

const REFUSED: [string, RegExp][] = [
  ['commit; create table uptrends.pwned (x int)', /one statement at a time/],
  ['commit; drop table uptrends.etl_run', /one statement at a time/],
  ['select 1; drop table uptrends.etl_run', /one statement at a time/],
  ['select 1 -- a comment ; still the comment\n; drop table uptrends.etl_run', /one statement at a time/],
  ['select 1 /* nested /* ; */ ; */ ; drop table uptrends.etl_run', /one statement at a time/],
  ["select ';' as a; drop table uptrends.etl_run", /one statement at a time/],
  ['select $x$ ; $x$ as a; drop table uptrends.etl_run', /one statement at a time/],
  ['set transaction read write', /not SET/],
  ['set session characteristics as transaction read write', /not SET/],
  ['reset all', /not RESET/],
  ["select set_config('default_transaction_read_only', 'off', false)", /set_config\(\)/],
  ["copy uptrends.etl_run to program 'touch /tmp/uptrends-pwned'", /not COPY/],
  ["copy uptrends.etl_run from '/etc/passwd'", /not COPY/],
  ['do $$ begin create table uptrends.pwned (x int); end $$', /not DO/],
  ['select pg_advisory_lock(1433564526)', /pg_advisory_lock\(\)/],
  ['select "PG_ADVISORY_LOCK"(1)', /pg_advisory_lock\(\)/],
  ['select pg_terminate_backend(pg_backend_pid())', /pg_terminate_backend\(\)/],
  ["select pg_read_file('/etc/passwd')", /pg_read_file\(\)/],
  ["select lo_import('/etc/passwd')", /lo_import\(\)/],
  ["select pg_notify('c', 'x')", /pg_notify\(\)/],
  ['create temp table t (x int)', /not CREATE/],
  ['prepare p as select 1', /not PREPARE/],
  ['listen channel', /not LISTEN/],
  ['vacuum uptrends.etl_run', /not VACUUM/],
  ["select 'unterminated", /quoted string is not closed/],
  // Issue 32, finding 9: refused because the catalog marks them volatile, wherever they appear.
  [`select pg_create_physical_replication_slot('${SLOT}')`, /pg_create_physical_replication_slot\(\)/],
  ['select pg_stat_reset()', /pg_stat_reset\(\)/],
  ["select pg_stat_reset_shared('bgwriter')", /pg_stat_reset_shared\(\)/],
  ["select pg_logical_emit_message(true, 'p', 'x')", /pg_logical_emit_message\(\)/],
  ['select * from pg_catalog.pg_stat_reset()', /pg_stat_reset\(\)/],
  ['select "pg_stat_reset"()', /pg_stat_reset\(\)/],
  ['select pg_stat_reset/* hidden */()', /pg_stat_reset\(\)/],
  ['select U&"pg\\0073tat_reset"()', /Unicode-escaped names/],
  // A tag the old lexer did not know as one: the quote inside hid the call from it.
  ["select $é$ ' $é$, pg_stat_reset() -- '", /pg_stat_reset\(\)/],
  ["select query_to_xml('select pg_stat_reset()', true, true, '')", /query_to_xml\(\)/],
  ["select setval('uptrends.etl_run_run_id_seq', 99)", /setval\(\)/],
  ['select pg_try_advisory_xact_lock(1)', /pg_try_advisory_xact_lock\(\)/],
  // Written inside a reading statement: the read-only transaction refuses them in the server.
  [
    "with x as (insert into uptrends.etl_run (command) values ('x') returning 1) select * from x",
    /INTO writes/,
  ],
  ['select * into uptrends.pwned from uptrends.etl_run', /INTO writes/],
  [
    "with x as (update uptrends.etl_run set command = 'x' returning 1) select * from x",
    /read-only transaction|data-modifying/,
  ],
  ["select nextval('uptrends.etl_run_run_id_seq')", /read-only transaction|nextval/],
  ["explain analyze insert into uptrends.etl_run (command) values ('x')", /INTO writes/],
  ['explain analyze delete from uptrends.etl_run', /read-only transaction/],
];

describe('query refuses every write', () => {
  it.each(REFUSED)('%s', async (text, reason) => {
    const before = await state();
    const error = await run(text).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueryError);
    expect((error as QueryError).code).toBe('QUERY_REFUSED');
    expect((error as Error).message).toMatch(reason);
    expect(await state()).toEqual(before);
  });
});

describe('query reads', () => {
  it('runs one reading statement and returns its columns in order', async () => {
    const result = await run('select count(*)::int as runs, 2 as two from uptrends.etl_run;');
    expect(result.columns).toEqual(['runs', 'two']);
    expect(result.rows).toEqual([{ runs: 1, two: 2 }]);
  });

  it.each([
    ["select ';' as semi", { semi: ';' }],
    ["select E'\\';drop table uptrends.etl_run' as text", { text: "';drop table uptrends.etl_run" }],
    ['select $q$ ; $q$ as dollar', { dollar: ' ; ' }],
    ['with a as (select 1 as x) select x from a', { x: 1 }],
    ['(select 7 as y)', { y: 7 }],
  ])('keeps literals and comments whole: %s', async (text, row) => {
    expect((await run(text)).rows).toEqual([row]);
  });

  it('stops a statement at the timeout, with a hint (Postgres: PGlite runs it in this process and cannot interrupt it)', async (ctx) => {
    if (tdb.backend === 'pglite') ctx.skip();
    const error = await runReadOnlyQuery(tdb.warehouse.db, 'select pg_sleep(5)', 200).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(QueryError);
    expect((error as QueryError).code).toBe('QUERY_TIMEOUT');
    expect((error as Error).message).toMatch(/statement timeout.*--timeout/);
  });

  it.each([
    ['select from from uptrends.etl_run', 'QUERY_SYNTAX', /syntax error at or near "from" at character 13/],
    ['select nosuch from uptrends.etl_run', 'QUERY_SYNTAX', /column "nosuch" does not exist at character 8/],
    ['select 1 / 0', 'QUERY_FAILED', /division by zero/],
  ])(
    'a failing statement has its own code, the position in its own text: %s',
    async (text, code, message) => {
      const error = await run(text).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(QueryError);
      expect((error as QueryError).code).toBe(code);
      expect((error as Error).message).toMatch(message);
    },
  );

  it('allows the harmless volatile functions (random, clock, sizes, TABLESAMPLE)', async () => {
    const result = await run(
      `select random() >= 0 as r, clock_timestamp() is not null as c,
              pg_total_relation_size('uptrends.etl_run') >= 0 as s,
              (select count(*) from uptrends.etl_run tablesample system (100)) >= 0 as t`,
    );
    expect(result.rows).toEqual([{ r: true, c: true, s: true, t: true }]);
  });

  it('reads through a cursor in batches, each handed over before the next is fetched', async () => {
    const sizes: number[] = [];
    let inFlight = false;
    const rows = await streamReadOnlyQuery(tdb.warehouse.db, 'select g from generate_series(1, 2500) g', {
      timeoutMs: 5_000,
      batchRows: 1000,
      onBatch: async ({ columns, rows }) => {
        expect(inFlight).toBe(false);
        inFlight = true;
        expect(columns).toEqual(['g']);
        sizes.push(rows.length);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight = false;
      },
    });
    expect(rows).toBe(2500);
    expect(sizes).toEqual([1000, 1000, 500]);
  });
});
