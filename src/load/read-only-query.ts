/**
 * An analyst's SQL, run so that it cannot change the warehouse or the session it runs on.
 *
 * Four walls, each of which alone stops most writes:
 * 1. One statement. The text is lexed (comments, quoted identifiers, '...' and E'...' strings,
 *    dollar quotes) and more than one statement is refused: with node-postgres a query without
 *    parameters goes through the simple protocol, which runs `commit; drop table ...` as two.
 * 2. A reading statement: it must start with SELECT, WITH, VALUES, TABLE, SHOW or EXPLAIN. COMMIT,
 *    SET, RESET, COPY (... TO PROGRAM), DO, PREPARE, LISTEN, CALL, ... are refused by name.
 * 3. Functions with effects outside the transaction are refused by name wherever they appear as
 *    a word outside strings and comments: session advisory locks, set_config, server files
 *    (pg_read_file, lo_import, ...), signals to other sessions, NOTIFY, dblink.
 * 4. The statement runs in a transaction begun READ ONLY with a statement timeout, so a write
 *    hidden anywhere else (a data-modifying CTE, SELECT INTO, nextval) fails in the server.
 */
import { sql, type Kysely } from 'kysely';
import { DatabaseError, ConfigError } from '../errors.ts';
import type { Database } from './schema.ts';

/** Statements a query may start with. */
const READING = new Set(['select', 'with', 'values', 'table', 'show', 'explain']);

/** Functions whose effect outlives the read-only transaction or leaves the database. */
const REFUSED_FUNCTIONS = new Set([
  'set_config',
  'pg_advisory_lock',
  'pg_advisory_lock_shared',
  'pg_try_advisory_lock',
  'pg_try_advisory_lock_shared',
  'pg_advisory_unlock',
  'pg_advisory_unlock_all',
  'pg_advisory_unlock_shared',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'pg_switch_wal',
  'pg_create_restore_point',
  'pg_promote',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'pg_file_write',
  'lo_import',
  'lo_export',
  'lo_unlink',
  'lo_create',
  'lo_open',
  'lo_put',
  'pg_notify',
  'dblink',
  'dblink_exec',
  'dblink_connect',
]);

/** A token of the statement: a word (keyword or identifier, lower-cased) or one punctuation character. */
interface Token {
  readonly word?: string;
  readonly punct?: string;
}

function refuse(message: string): never {
  throw new ConfigError(`query refused: ${message}`, { context: { setting: 'query' } });
}

/**
 * The statement's tokens outside comments and literals, split at top-level semicolons. Throws on
 * an unterminated string, identifier, comment or dollar quote.
 */
export function lexStatements(text: string): Token[][] {
  const statements: Token[][] = [[]];
  const current = (): Token[] => statements[statements.length - 1]!;
  let i = 0;
  const n = text.length;
  const until = (end: string, from: number, what: string): number => {
    const at = text.indexOf(end, from);
    if (at < 0) refuse(`unterminated ${what}`);
    return at + end.length;
  };
  while (i < n) {
    const c = text[i]!;
    const next = text[i + 1];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '-' && next === '-') {
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? n : eol + 1;
    } else if (c === '/' && next === '*') {
      // Block comments nest in Postgres.
      let depth = 1;
      i += 2;
      while (depth > 0) {
        if (i >= n) refuse('unterminated comment');
        if (text.startsWith('/*', i)) {
          depth++;
          i += 2;
        } else if (text.startsWith('*/', i)) {
          depth--;
          i += 2;
        } else i++;
      }
    } else if (c === "'" || ((c === 'e' || c === 'E') && next === "'")) {
      const escapes = c !== "'";
      i += escapes ? 2 : 1;
      for (;;) {
        if (i >= n) refuse('unterminated string');
        const ch = text[i]!;
        if (escapes && ch === '\\') i += 2;
        else if (ch === "'" && text[i + 1] === "'") i += 2;
        else if (ch === "'") break;
        else i++;
      }
      i++;
      current().push({ punct: "'" });
    } else if (c === '"') {
      let j = i + 1;
      let name = '';
      for (;;) {
        if (j >= n) refuse('unterminated quoted identifier');
        if (text[j] === '"' && text[j + 1] === '"') {
          name += '"';
          j += 2;
        } else if (text[j] === '"') break;
        else name += text[j++];
      }
      i = j + 1;
      current().push({ word: name.toLowerCase() });
    } else if (c === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
      if (tag === null) {
        i++; // a positional parameter or part of an identifier
        continue;
      }
      i = until(tag[0], i + tag[0].length, 'dollar-quoted string');
      current().push({ punct: '$' });
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      let j = i;
      while (j < n && /[A-Za-z0-9_$\u0080-\uffff]/.test(text[j]!)) j++;
      current().push({ word: text.slice(i, j).toLowerCase() });
      i = j;
    } else if (c === ';') {
      statements.push([]);
      i++;
    } else {
      current().push({ punct: c });
      i++;
    }
  }
  return statements.filter((s) => s.length > 0);
}

/** Checks `text` against walls 1 to 3; throws a ConfigError (exit 2) naming what was refused. */
export function checkReadOnlyStatement(text: string): void {
  const statements = lexStatements(text);
  if (statements.length === 0) refuse('the text holds no statement');
  if (statements.length > 1) {
    refuse(`one statement at a time, this text holds ${statements.length} (separated by ";")`);
  }
  const tokens = statements[0]!;
  const first = tokens[0]?.word;
  const opening = first ?? tokens[0]?.punct ?? '';
  if (opening !== '(' && !READING.has(opening)) {
    refuse(`only reading statements (${[...READING].join(', ')}) may run, not ${opening.toUpperCase()}`);
  }
  for (const token of tokens) {
    if (token.word !== undefined && REFUSED_FUNCTIONS.has(token.word)) {
      refuse(`${token.word}() acts outside the read-only transaction`);
    }
  }
}

/**
 * What the server said about the statement. An error with an SQL state of the statement itself
 * (syntax, a refused write, the timeout) is the analyst's to fix (exit 2); a lost or refused
 * connection is the warehouse's (exit 3).
 */
function queryError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  const connection = typeof code !== 'string' || code.startsWith('08') || code.startsWith('57P');
  if (connection)
    return new DatabaseError(`The query failed: ${message}`, { cause: error, retriable: false });
  const hint =
    code === '25006'
      ? ' (queries are read-only)'
      : code === '57014'
        ? ' (it ran past the statement timeout: --timeout)'
        : '';
  return new ConfigError(`The query failed: ${message}${hint} [SQLSTATE ${code}]`, {
    cause: error,
    context: { setting: 'query', sqlstate: code },
  });
}

/** The rows of a query and their column names in order. */
export interface QueryResult {
  readonly columns: readonly string[];
  readonly rows: readonly Record<string, unknown>[];
}

/**
 * Runs one checked statement in a READ ONLY transaction with `timeoutMs` as its statement
 * timeout. The transaction is always rolled back: nothing it did, if anything slipped through,
 * is kept.
 */
export async function runReadOnlyQuery(
  db: Kysely<Database>,
  text: string,
  timeoutMs: number,
): Promise<QueryResult> {
  checkReadOnlyStatement(text);
  const done = new Error('read-only query done');
  let result: QueryResult | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      await sql.raw(`set local statement_timeout = ${Math.max(1, Math.round(timeoutMs))}`).execute(trx);
      const rows = (await sql<Record<string, unknown>>`${sql.raw(text)}`.execute(trx)).rows;
      result = { columns: rows.length === 0 ? [] : Object.keys(rows[0]!), rows };
      // Roll back whatever happened: the result is kept, the transaction is not.
      throw done;
    });
  } catch (error) {
    if (error !== done) throw queryError(error);
  }
  return result!;
}
