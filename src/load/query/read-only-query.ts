/**
 * An analyst's SQL, run so that it cannot change the warehouse or the session it runs on, and
 * read in batches so that no result is ever held whole in memory.
 *
 * The statement must pass statement-rules.ts (one reading statement, no function acting outside
 * the transaction: the catalog says which) and runs in a transaction begun READ ONLY with a
 * statement timeout, rolled back at the end whatever happened. A SELECT, WITH, VALUES or TABLE
 * is read through a cursor (`declare ... no scroll cursor for <statement>`, then `fetch` of
 * `batchRows` rows at a time), and each batch is handed over and awaited before the next is
 * fetched, so a slow reader (a pipe) holds the query back instead of memory filling up. SHOW and
 * EXPLAIN, which a cursor cannot hold and which answer a few rows, are read whole. Files of
 * examples (`query --file`) are split into their statements here too (readSqlExamples).
 */
import { sql, type Kysely } from 'kysely';
import { DatabaseError, QueryError, type QueryErrorCode } from '../../errors.ts';
import { lexStatements } from './sql-lexer.ts';
import { checkStatement, checkStatementFunctions, refusedFunctions } from './statement-rules.ts';
import type { Database } from '../schema.ts';

/** Rows fetched at a time. (Default of ReadOnlyQueryOptions.batchRows) */
export const DEFAULT_BATCH_ROWS = 1000;

const CURSOR = 'uptrends_etl_query';

/** One batch of rows, with the column names in order. */
export interface RowBatch {
  readonly columns: readonly string[];
  readonly rows: readonly Record<string, unknown>[];
}

/** Options of streamReadOnlyQuery. */
export interface ReadOnlyQueryOptions {
  /** Statement timeout in ms (Postgres; PGlite cannot interrupt a statement). */
  readonly timeoutMs: number;
  /** Rows per batch. (Default: 1000) */
  readonly batchRows?: number;
  /** Receives each batch in order; the next is fetched once its promise settles. */
  readonly onBatch: (batch: RowBatch) => void | Promise<void>;
}

const HINTS: Partial<Record<QueryErrorCode, string>> = {
  QUERY_REFUSED: ' (queries are read-only)',
  QUERY_TIMEOUT: ' (it ran past the statement timeout: --timeout)',
};

/** The SQLSTATE classes of a statement's own failures, and their codes. */
function codeOf(sqlstate: string): QueryErrorCode {
  if (['25006', '42501', '0A000'].includes(sqlstate)) return 'QUERY_REFUSED';
  if (sqlstate === '57014') return 'QUERY_TIMEOUT';
  if (sqlstate.startsWith('42')) return 'QUERY_SYNTAX';
  return 'QUERY_FAILED';
}

const OPENING: Record<QueryErrorCode, string> = {
  QUERY_REFUSED: 'The query was refused by the warehouse',
  QUERY_SYNTAX: 'The query is not valid SQL, or names a table, column or function that does not exist',
  QUERY_TIMEOUT: 'The query was stopped',
  QUERY_FAILED: 'The query failed',
};

/**
 * What the server said about the statement. An error with an SQL state of the statement itself is
 * the analyst's to fix (a QueryError, exit 2); a lost or refused connection is the warehouse's
 * (exit 3). `shift` is the length of the text put before the analyst's (the cursor declaration),
 * taken off the position the server reports.
 */
function queryError(error: unknown, shift: number): Error {
  if (error instanceof QueryError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const { code: sqlstate, position } = error as { code?: unknown; position?: unknown };
  if (typeof sqlstate !== 'string' || sqlstate.startsWith('08') || sqlstate.startsWith('57P'))
    return new DatabaseError(`The query failed: ${message}`, { cause: error, retriable: false });
  const code = codeOf(sqlstate);
  const at = Number(position) - shift;
  const where = Number.isInteger(at) && at > 0 ? ` at character ${at}` : '';
  return new QueryError(
    code,
    `${OPENING[code]}: ${message}${where}${HINTS[code] ?? ''} [SQLSTATE ${sqlstate}]`,
    {
      cause: error,
      context: { setting: 'query', sqlstate },
    },
  );
}

/**
 * Runs one checked statement in a READ ONLY transaction with `timeoutMs` as its statement timeout,
 * handing its rows to `onBatch` batch by batch; resolves with the number of rows. The transaction
 * is always rolled back: nothing it did, if anything slipped through, is kept.
 */
export async function streamReadOnlyQuery(
  db: Kysely<Database>,
  text: string,
  options: ReadOnlyQueryOptions,
): Promise<number> {
  checkStatement(text);
  const batchRows = Math.max(1, options.batchRows ?? DEFAULT_BATCH_ROWS);
  const first = lexStatements(text)[0]?.[0]?.word;
  const whole = first === 'show' || first === 'explain';
  const declare = `declare ${CURSOR} no scroll cursor for `;
  const done = new Error('read-only query done');
  let count = 0;
  // What the receiver of the rows throws (a closed stdout) is its own, not the query's.
  let handed: { error: unknown } | undefined;
  const hand = async (rows: readonly Record<string, unknown>[]): Promise<void> => {
    count += rows.length;
    try {
      await options.onBatch({ columns: Object.keys(rows[0] ?? {}), rows });
    } catch (error) {
      handed = { error };
      throw error;
    }
  };
  try {
    await db.transaction().execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      const ms = Math.max(1, Math.round(options.timeoutMs));
      await sql.raw(`set local statement_timeout = ${ms}`).execute(trx);
      checkStatementFunctions(text, await refusedFunctions(trx));
      if (whole) {
        const rows = (await sql<Record<string, unknown>>`${sql.raw(text)}`.execute(trx)).rows;
        if (rows.length > 0) await hand(rows);
        throw done;
      }
      await sql.raw(`${declare}${text}`).execute(trx);
      for (;;) {
        const fetch = sql.raw<Record<string, unknown>>(`fetch forward ${batchRows} from ${CURSOR}`);
        const rows = (await fetch.execute(trx)).rows;
        if (rows.length > 0) await hand(rows);
        if (rows.length < batchRows) break;
      }
      // Roll back whatever happened: the rows are out, the transaction is not kept.
      throw done;
    });
  } catch (error) {
    if (handed !== undefined) throw handed.error;
    if (error !== done) throw queryError(error, whole ? 0 : declare.length);
  }
  return count;
}

/** The rows of a query and their column names in order. */
export interface QueryResult {
  readonly columns: readonly string[];
  readonly rows: readonly Record<string, unknown>[];
}

/** streamReadOnlyQuery with every row collected: for small results (tests, checks). */
export async function runReadOnlyQuery(
  db: Kysely<Database>,
  text: string,
  timeoutMs: number,
): Promise<QueryResult> {
  let columns: readonly string[] = [];
  const rows: Record<string, unknown>[] = [];
  await streamReadOnlyQuery(db, text, {
    timeoutMs,
    onBatch: (batch) => {
      if (columns.length === 0) columns = batch.columns;
      for (const row of batch.rows) rows.push(row);
    },
  });
  return { columns, rows };
}

/**
 * Files of example queries (docs/warehouse-examples.sql, or an analyst's own), as `query --file`
 * runs them and the test of the data dictionary reads them: blocks, each opened by a header line
 * `/* example: <name> *\/`, holding one statement and its comments. The older header
 * `-- example: <name>` is still read, but no longer written: a block copied with it into
 * `uptrends-etl query "..."` began with `--`, which the command line took for an option.
 */
/** One example: its name, its SQL (comment lines included, header excluded) and its first line. */
export interface SqlExample {
  readonly name: string;
  readonly sql: string;
  /** 1-based line of its header in the file. */
  readonly line: number;
}

const HEADER = /^(?:\/\*\s*example:\s*(.*?)\s*\*\/|--\s*example:\s*(.*?))\s*$/;

/**
 * The examples of `text`, in file order. Text before the first header (the file's own comments)
 * belongs to no example; a text without any header is one example named `1`.
 */
export function readSqlExamples(text: string): SqlExample[] {
  const lines = text.split(/\r?\n/);
  const examples: { name: string; line: number; body: string[] }[] = [];
  lines.forEach((line, index) => {
    const header = HEADER.exec(line);
    if (header !== null) examples.push({ name: header[1] ?? header[2] ?? '', line: index + 1, body: [] });
    else examples[examples.length - 1]?.body.push(line);
  });
  if (examples.length === 0) return [{ name: '1', sql: text.trim(), line: 1 }];
  return examples.map((e) => ({ name: e.name, line: e.line, sql: e.body.join('\n').trim() }));
}
