/**
 * The daily figures of the SLA report (monitors and the account, one window per local day): only
 * the columns the Daily sheet, its CSV and the daily chart show, read in pages (paged-read.ts) and
 * handed on row by row. A whole figure row has some sixty fields; at 10,000 monitors a month is
 * 310,000 of them, which the report never needs at once.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../load/schema.ts';
import type { Interval } from '../../time/intervals.ts';
import { figuresSource, type Figure, type FigureScope } from './figures.ts';
import { readInPages } from './paged-read.ts';

/** One monitor's (or the account's) figures of one day, as read. */
export type DailyFigureRow = Pick<
  Figure,
  | 'grain'
  | 'window_index'
  | 'monitor_guid'
  | 'incident_uptime_percentage'
  | 'alerts_data_state'
  | 'alerts_coverage'
>;

/**
 * Calls `onRow` with each monitor's and the account's figures of each day of `days` (1-based
 * `window_index` in their order); no group rows are computed. `pageRows`: rows per fetch.
 */
export async function readDailyFigures(
  db: Kysely<Database>,
  scope: FigureScope,
  days: readonly Interval[],
  onRow: (row: DailyFigureRow) => void,
  pageRows?: number,
): Promise<void> {
  if (days.length === 0) return;
  const query = db
    .selectFrom(figuresSource({ ...scope, groupGuids: [] }, days, { medians: false }))
    .select([
      'f.grain',
      'f.window_index',
      'f.monitor_guid',
      'f.incident_uptime_percentage',
      'f.alerts_data_state',
      'f.alerts_coverage',
    ])
    .where('f.grain', 'in', ['monitor', 'account']);
  await readInPages(db, query, (rows) => rows.forEach((row) => onRow(row as DailyFigureRow)), pageRows);
}
