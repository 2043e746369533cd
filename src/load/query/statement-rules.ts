/**
 * What an analyst's statement may be, for `query` and for every statement a `serve` client sends:
 * the one definition both enforce (docs/reliability.md, "The analyst's surface").
 *
 * 1. One statement. The text is lexed like the server lexes it (sql-lexer.ts) and a second
 *    statement is refused: the simple protocol runs `commit; drop table ...` as two.
 * 2. A reading statement: SELECT, WITH, VALUES, TABLE, SHOW or EXPLAIN. `serve` also lets a
 *    client steer its own session as BI tools and psql do, but never its read-only mode: BEGIN,
 *    START TRANSACTION, SET TRANSACTION without READ WRITE; COMMIT, ROLLBACK, savepoints; cursors
 *    over a reading statement; DEALLOCATE; SET and RESET of a few harmless settings (never
 *    default_transaction_read_only, RESET ALL or DISCARD). Everything else (COPY, DO, CALL,
 *    PREPARE, LISTEN, CREATE, ...) is refused by its first word.
 * 3. No function acting outside the transaction. Which functions those are comes from the
 *    server's catalog, not from a list of names: every volatile function (pg_proc.provolatile =
 *    'v': the server's own mark for "may have side effects") is refused wherever its name
 *    appears, unless it is one of the few known to act on nothing but the statement's own result
 *    (HARMLESS_VOLATILE). A function added by an extension or a newer server is refused until
 *    someone decides it is harmless.
 * 4. The statement then runs in a READ ONLY transaction (query: its own, rolled back; serve: the
 *    session's default, which 2 keeps a client from changing), so a write hidden anywhere else
 *    fails in the server.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { lexStatements, namesOf, refuse, type Token } from './sql-lexer.ts';

/** Statements a query may start with. */
export const READING = new Set(['select', 'with', 'values', 'table', 'show', 'explain']);

/**
 * Volatile functions whose only effect is on the value they return (random numbers, the clock, a
 * pause, sizes of relations) or that name a TABLESAMPLE method: allowed although volatile.
 */
export const HARMLESS_VOLATILE: ReadonlySet<string> = new Set([
  'random',
  'random_normal',
  'gen_random_uuid',
  'uuidv4',
  'uuidv7',
  'clock_timestamp',
  'timeofday',
  'pg_sleep',
  'pg_sleep_for',
  'pg_sleep_until',
  'pg_relation_size',
  'pg_total_relation_size',
  'pg_table_size',
  'pg_indexes_size',
  'pg_database_size',
  'pg_tablespace_size',
  'pg_partition_tree',
  'pg_partition_ancestors',
  'pg_is_in_recovery',
  'system',
  'bernoulli',
]);

/** Settings a `serve` client may SET or RESET for the shared session: display and lookup only. */
export const SESSION_SETTINGS: ReadonlySet<string> = new Set([
  'application_name',
  'extra_float_digits',
  'datestyle',
  'intervalstyle',
  'timezone',
  'client_min_messages',
  'bytea_output',
  'search_path',
  'statement_timeout',
  'lock_timeout',
]);

/** What a checked statement is. */
export type StatementKind = 'empty' | 'reading' | 'session';

/** Options of checkStatement. */
export interface StatementRules {
  /** serve: also transaction control, cursors and harmless settings (wall 2). (Default: false) */
  readonly session?: boolean;
  /** serve: an empty text is a no-op rather than refused. (Default: false) */
  readonly allowEmpty?: boolean;
  /** Names of the functions to refuse (refusedFunctions); undefined: not checked yet (wall 3). */
  readonly refusedFunctions?: ReadonlySet<string> | undefined;
}

const upper = (token: Token | undefined): string =>
  (token?.quoted === true ? `"${token.word}"` : (token?.word ?? token?.punct ?? '')).toUpperCase();

/** An unquoted word at `index`, or undefined. */
const wordAt = (tokens: readonly Token[], index: number): string | undefined =>
  tokens[index]?.quoted === true ? undefined : tokens[index]?.word;

function hasWord(tokens: readonly Token[], word: string): boolean {
  return tokens.some((t) => t.quoted !== true && t.word === word);
}

/** Wall 2 for `serve`: session statements that cannot change what the session may write. */
function checkSessionStatement(tokens: readonly Token[], first: string): void {
  switch (first) {
    case 'begin':
    case 'start':
      if (hasWord(tokens, 'write')) refuse('sessions are read-only: a READ WRITE transaction cannot start');
      return;
    case 'commit':
    case 'end':
    case 'rollback':
    case 'abort':
      if (hasWord(tokens, 'prepared')) refuse('prepared (two-phase) transactions are not available');
      return;
    case 'savepoint':
    case 'release':
    case 'fetch':
    case 'move':
    case 'close':
    case 'deallocate':
      return;
    case 'declare': {
      const at = tokens.findIndex((t, i) => i > 0 && t.quoted !== true && t.word === 'for');
      const query = tokens[at + 1];
      if (at < 0 || !(READING.has(wordAt(tokens, at + 1) ?? '') || query?.punct === '('))
        refuse('a cursor may only read: DECLARE ... CURSOR FOR SELECT ...');
      return;
    }
    case 'set':
    case 'reset': {
      const scoped = first === 'set' && ['session', 'local'].includes(wordAt(tokens, 1) ?? '');
      const at = scoped ? 2 : 1;
      const name = tokens[at]?.word ?? '';
      const characteristics = scoped && wordAt(tokens, 1) === 'session' && name === 'characteristics';
      if (first === 'set' && (name === 'transaction' || characteristics)) {
        // SET TRANSACTION ... / SET SESSION CHARACTERISTICS AS TRANSACTION ...
        if (hasWord(tokens, 'write')) refuse('sessions are read-only: READ WRITE cannot be set');
        return;
      }
      const setting = name === 'time' && wordAt(tokens, at + 1) === 'zone' ? 'timezone' : name;
      if (tokens[at + 1]?.punct === '.' || !SESSION_SETTINGS.has(setting)) {
        refuse(
          `${first.toUpperCase()} ${upper(tokens[at])} cannot be changed here; these can: ${[...SESSION_SETTINGS].join(', ')}`,
        );
      }
      return;
    }
    default:
      refuse(
        `only reading statements (${[...READING].join(', ')}) and session statements (BEGIN, COMMIT, ROLLBACK, SET of display settings, cursors) run, not ${first.toUpperCase()}`,
      );
  }
}

/**
 * Checks walls 1 and 2, and wall 3 when `rules.refusedFunctions` is given; throws a QueryError
 * (QUERY_REFUSED) naming what was refused. Returns what the statement is.
 */
export function checkStatement(text: string, rules: StatementRules = {}): StatementKind {
  const statements = lexStatements(text);
  if (statements.length === 0) {
    if (rules.allowEmpty === true) return 'empty';
    refuse('the text holds no statement');
  }
  if (statements.length > 1) {
    refuse(`one statement at a time, this text holds ${statements.length} (separated by ";")`);
  }
  const tokens = statements[0]!;
  const first = wordAt(tokens, 0) ?? tokens[0]?.punct ?? '';
  let kind: StatementKind = 'reading';
  if (first !== '(' && !READING.has(first)) {
    if (rules.session !== true) {
      refuse(`only reading statements (${[...READING].join(', ')}) may run, not ${upper(tokens[0])}`);
    }
    checkSessionStatement(tokens, first);
    kind = 'session';
  } else if (hasWord(tokens, 'into')) {
    // INTO is reserved: unquoted, it is SELECT ... INTO (a new table) or a CTE's INSERT INTO.
    refuse('INTO writes (SELECT ... INTO creates a table, INSERT INTO adds rows): queries only read');
  }
  if (rules.refusedFunctions !== undefined) {
    checkFunctions(tokens, rules.refusedFunctions, rules.session === true);
  }
  return kind;
}

/**
 * Wall 3: refuses the first name of `tokens` that is in `refused`. In a `serve` session,
 * `set_config` is the function form of SET (pg_dump opens with `set_config('search_path', '',
 * false)`): allowed when every call of it names one of SESSION_SETTINGS as a plain literal.
 */
function checkFunctions(tokens: readonly Token[], refused: ReadonlySet<string>, session = false): void {
  const names = namesOf(tokens);
  if (session && settingsOnly(tokens)) names.delete('set_config');
  for (const name of names) {
    if (refused.has(name)) {
      refuse(
        `${name}() may act outside the read-only transaction (the server marks it volatile, and it is not one of the functions known to be harmless)`,
      );
    }
  }
}

/** True when every `set_config(` of `tokens` sets one of SESSION_SETTINGS, named by a literal. */
function settingsOnly(tokens: readonly Token[]): boolean {
  return tokens.every(
    (token, i) =>
      token.word !== 'set_config' ||
      (tokens[i + 1]?.punct === '(' &&
        SESSION_SETTINGS.has(tokens[i + 2]?.literal?.toLowerCase() ?? '') &&
        tokens[i + 3]?.punct === ','),
  );
}

/** Checks wall 3 alone for a text that passed checkStatement. */
export function checkStatementFunctions(text: string, refused: ReadonlySet<string>): void {
  for (const tokens of lexStatements(text)) checkFunctions(tokens, refused);
}

/**
 * The names of the functions wall 3 refuses, from the server's catalog: every volatile function
 * (any schema, any argument list), lower-cased, except the harmless ones.
 */
export async function refusedFunctions(db: Kysely<Database>): Promise<ReadonlySet<string>> {
  const rows = await sql<{
    name: string;
  }>`select distinct lower(proname) as name from pg_catalog.pg_proc where provolatile = 'v'`.execute(db);
  return new Set(rows.rows.map((r) => r.name).filter((name) => !HARMLESS_VOLATILE.has(name)));
}
