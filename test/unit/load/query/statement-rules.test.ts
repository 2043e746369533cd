/**
 * The rules every analyst statement passes (`query`, and each statement a `serve` client sends),
 * without a database: the lexer sees what the server's lexer sees, a session may steer itself but
 * never out of read-only, and wall 3 refuses whatever name the catalog marks (here a stand-in set).
 */
import { describe, expect, it } from 'vitest';
import { QueryError } from '../../../../src/errors.ts';
import { lexStatements, namesOf } from '../../../../src/load/query/sql-lexer.ts';
import { checkStatement, type StatementRules } from '../../../../src/load/query/statement-rules.ts';

const REFUSED = new Set(['pg_stat_reset', 'set_config', 'lo_import', 'x'.repeat(63)]);
const serve = { session: true, allowEmpty: true, refusedFunctions: REFUSED };

function refusal(text: string, rules: StatementRules = serve): string {
  try {
    checkStatement(text, rules);
  } catch (error) {
    expect(error).toBeInstanceOf(QueryError);
    expect((error as QueryError).code).toBe('QUERY_REFUSED');
    return (error as Error).message;
  }
  throw new Error(`not refused: ${text}`);
}

describe('the lexer splits like the server', () => {
  it.each([
    ['select 1; select 2', 2],
    ["select ';'", 1],
    ['select $$;$$', 1],
    ['select $tag$ ; $tag$', 1],
    ['select $é$ ; $é$', 1],
    ['select 1 -- ; comment\n', 1],
    ['select 1 /* /* ; */ ; */', 1],
    ["select E'\\';'", 1],
    ["select 'a\\'; select 2", 2],
    ['select "a;b"', 1],
    ['select 1;;;', 1],
    ['', 0],
    ['-- only a comment', 0],
  ])('%j holds %i statement(s)', (text, count) => {
    expect(lexStatements(text)).toHaveLength(count);
  });

  it('folds unquoted names, keeps quoted ones, and knows the server cuts names at 63 bytes', () => {
    const names = namesOf(lexStatements(`select PG_Stat_Reset(), "Quoted", ${'x'.repeat(70)}()`)[0]!);
    expect(names).toContain('pg_stat_reset');
    expect(names).toContain('quoted');
    expect(names).toContain('x'.repeat(63));
  });

  it('a no-break space is part of a name to the server, so it separates nothing here either', () => {
    expect(namesOf(lexStatements('select pg_stat\u00a0reset()')[0]!)).not.toContain('reset');
  });
});

describe('one reading statement', () => {
  it.each([
    ['select 1', 'reading'],
    ['  (select 1)', 'reading'],
    ['with a as (select 1) select * from a', 'reading'],
    ['values (1)', 'reading'],
    ['table uptrends.monitor', 'reading'],
    ['show search_path', 'reading'],
    ['explain select 1', 'reading'],
  ])('%s runs', (text, kind) => {
    expect(checkStatement(text, serve)).toBe(kind);
    expect(checkStatement(text)).toBe(kind);
  });

  it.each([
    ['commit; drop table t', /one statement at a time/],
    ['copy t to program $$touch /tmp/x$$', /not COPY/],
    ['do $$ begin end $$', /not DO/],
    ['select * into t2 from t', /INTO writes/],
    ['select pg_stat_reset()', /pg_stat_reset\(\)/],
    ["select pg_catalog.set_config('a', 'b', false)", /set_config\(\)/],
    ['select U&"lo\\005fimport"()', /Unicode-escaped/],
    [`select ${'x'.repeat(80)}()`, /x{63}\(\)/],
    ["select 'open", /not closed/],
  ])('%s is refused', (text, reason) => {
    expect(refusal(text)).toMatch(reason);
  });

  it('query alone refuses session statements', () => {
    expect(refusal('begin', {})).toMatch(/only reading statements .* not BEGIN/);
    expect(refusal('set application_name = x', {})).toMatch(/not SET/);
    expect(refusal('', {})).toMatch(/holds no statement/);
  });
});

describe('serve: a session may steer itself, never out of read-only', () => {
  it.each([
    'begin',
    'begin isolation level repeatable read, read only',
    'start transaction read only',
    'commit',
    'rollback',
    'end',
    'savepoint a',
    'rollback to savepoint a',
    'release a',
    'set application_name = psql',
    "set session timezone to 'Europe/Amsterdam'",
    "set time zone 'UTC'",
    'set local search_path to uptrends, public',
    'set extra_float_digits = 3',
    'reset application_name',
    'set transaction isolation level serializable',
    'set session characteristics as transaction read only',
    'declare c cursor for select 1',
    'declare c no scroll cursor with hold for (select 1)',
    'fetch 100 from c',
    'close c',
    'deallocate all',
    '',
  ])('%j runs', (text) => {
    expect(() => checkStatement(text, serve)).not.toThrow();
  });

  it.each([
    ['begin read write', /READ WRITE/],
    ['start transaction isolation level serializable, read write', /READ WRITE/],
    ['set transaction read write', /READ WRITE/],
    ['set session characteristics as transaction read write', /READ WRITE/],
    ['set default_transaction_read_only = off', /DEFAULT_TRANSACTION_READ_ONLY cannot be changed/],
    ['set session default_transaction_read_only to off', /cannot be changed/],
    ['reset default_transaction_read_only', /cannot be changed/],
    ['reset all', /ALL cannot be changed/],
    ['discard all', /not DISCARD/],
    ['set role postgres', /ROLE cannot be changed/],
    ['set session authorization postgres', /AUTHORIZATION cannot be changed/],
    ['set client_encoding = sjis', /CLIENT_ENCODING cannot be changed/],
    ['set standard_conforming_strings = off', /cannot be changed/],
    ['set my.setting = 1', /cannot be changed/],
    ['commit prepared $$x$$', /two-phase/],
    ['prepare transaction $$x$$', /not PREPARE/],
    ['declare c cursor for delete from t returning *', /cursor may only read/],
    ['listen x', /not LISTEN/],
    ['copy (select 1) to program $$true$$', /not COPY/],
  ])('%s is refused', (text, reason) => {
    expect(refusal(text)).toMatch(reason);
  });

  it("allows set_config, SET's function form, for the settings SET may change (pg_dump's first statement)", () => {
    expect(checkStatement("SELECT pg_catalog.set_config('search_path', '', false);", serve)).toBe('reading');
    expect(checkStatement("select set_config('Application_Name', 'x', true)", serve)).toBe('reading');
    for (const text of [
      "select set_config('default_transaction_read_only', 'off', false)",
      "select set_config('search_path', '', false), set_config('role', 'postgres', false)",
      "select set_config(E'search_path', '', false)",
      "select set_config('search' || '_path', '', false)",
      'select set_config($$search_path$$, $$$$, false)',
    ])
      expect(refusal(text), text).toMatch(/set_config\(\)/);
    // query, which has no session to steer, refuses it whatever it sets.
    expect(refusal("select set_config('search_path', '', false)", { refusedFunctions: REFUSED })).toMatch(
      /set_config\(\)/,
    );
  });
});
