/**
 * The incidents of a period as `uptrends.incident_figures` gives them, read in pages through a
 * cursor (the incident report's largest read: docs/reports.md, "The incident workbook").
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../load/schema.ts';
import type { Interval } from '../../time/intervals.ts';
import type { IncidentFigure, PeriodScope } from './figures.ts';

/** Incidents per fetch of `queryIncidentFigures`' cursor. (Default: 2,000) */
export const DEFAULT_INCIDENT_PAGE_SIZE = 2_000;

/**
 * Every incident touching `period` (Production monitors only), oldest first, as a fresh stream on
 * each call: one evaluation of `uptrends.incident_figures`, read through a cursor in pages of
 * `pageSize`, so a month of a large account (340,000 incidents at 10,000 monitors) never sits in
 * memory. The function's result cannot be paged by keyset without evaluating it again per page;
 * a cursor (SQL `declare` and `fetch`, which Postgres and PGlite both run) hands out the rows of
 * one evaluation. The cursor's transaction holds a connection until the stream ends or is left
 * early (then it is rolled back): on PGlite nothing else may query the warehouse meanwhile.
 */
export function queryIncidentFigures(
  db: Kysely<Database>,
  scope: PeriodScope,
  period: Interval,
  pageSize: number = DEFAULT_INCIDENT_PAGE_SIZE,
): () => AsyncIterable<IncidentFigure> {
  if (!Number.isInteger(pageSize) || pageSize < 1)
    throw new RangeError(`page size must be a positive whole number, not ${pageSize}`);
  return async function* incidents(): AsyncGenerator<IncidentFigure> {
    const trx = await db.startTransaction().execute();
    let finished = false;
    try {
      await sql`declare incident_rows no scroll cursor for
        select i.* from uptrends.incident_figures(${scope.accountId}, ${period.start}::timestamptz,
          ${period.end}::timestamptz, ${scope.asOf}::timestamptz, ${scope.monitorGuids === null ? null : [...scope.monitorGuids]}::uuid[]) i
        where i.production = true
        order by i.started_at, i.monitor_name, i.incident_key`.execute(trx);
      for (;;) {
        const { rows } = await sql<IncidentFigure>`fetch ${sql.lit(pageSize)} from incident_rows`.execute(
          trx,
        );
        for (const row of rows) yield row;
        if (rows.length < pageSize) break;
      }
      await trx.commit().execute();
      finished = true;
    } finally {
      if (!finished) await trx.rollback().execute();
    }
  };
}
