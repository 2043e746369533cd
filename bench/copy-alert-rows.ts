/**
 * The reference of the load-throughput scenario: a raw `COPY ... FROM` of alert rows held in a CSV
 * file into a table created `like uptrends.alert including all` (same columns, defaults and
 * indexes). On Postgres the server reads the file itself (superuser `COPY FROM '<file>'`, the
 * server is local), so no client-side streaming library is needed; PGlite reads it as a blob.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The table the raw COPY fills. */
export const COPY_TABLE = 'uptrends.alert_copy_bench';

const CREATE = `create table ${COPY_TABLE} (like uptrends.alert including all)`;

/** Where the rows go: a Postgres URL or an open PGlite instance. */
export type CopyTarget = { url: string } | { pglite: PGlite };

/** Creates the copy table, then times the COPY of `csvFile`; resolves with the ms of the COPY alone. */
export async function copyAlertRows(target: CopyTarget, csvFile: string): Promise<number> {
  if ('pglite' in target) {
    await target.pglite.exec(CREATE);
    const blob = new Blob([readFileSync(csvFile)]);
    const started = performance.now();
    await target.pglite.query(`copy ${COPY_TABLE} from '/dev/blob' with (format csv)`, [], { blob });
    return performance.now() - started;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query(CREATE);
    const started = performance.now();
    await client.query(`copy ${COPY_TABLE} from '${csvFile.replace(/'/g, "''")}' with (format csv)`);
    return performance.now() - started;
  } finally {
    await client.end();
  }
}
