/**
 * The reference client's database and workbook side: four plain tables of its own, multi-row
 * INSERTs, and the month's downtime per monitor written by exceljs as one sheet. Times stay in the
 * account's local time as the API sends them (no time-zone handling: the client is deliberately
 * simple, so an hour may be off at a DST change).
 */
import { statSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type pg from 'pg';

const TABLES = `
create table ref_timezone (timezone_id integer primary key, description text, offset_from_utc integer);
create table ref_monitor (monitor_guid uuid primary key, name text, monitor_type text, is_active boolean);
create table ref_monitor_group (monitor_group_guid uuid primary key, description text, is_all boolean);
create table ref_alert (
  alert_id uuid primary key,
  monitor_guid uuid not null,
  alert_type text not null,
  ts timestamp not null,
  first_error timestamp not null,
  monitor_check_id bigint,
  first_error_check_id bigint,
  error_description text,
  error_message text,
  incident_key text
);`;

/** Rows per INSERT statement: 1,000 rows of 10 columns stay far below the 65,535 parameters. */
const ROWS_PER_STATEMENT = 1000;

/** Creates the reference's tables in an empty database. */
export async function createReferenceTables(db: pg.Client): Promise<void> {
  await db.query(TABLES);
}

/** Inserts `rows` into `table` with multi-row INSERT statements. */
export async function insertRows(
  db: pg.Client,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(at, at + ROWS_PER_STATEMENT);
    const values: unknown[] = [];
    const tuples = chunk.map((row) => {
      const marks = row.map((value) => {
        values.push(value);
        return `$${values.length}`;
      });
      return `(${marks.join(',')})`;
    });
    await db.query(`insert into ${table} (${columns.join(',')}) values ${tuples.join(',')}`, values);
  }
}

/**
 * Downtime per monitor in the month: each incident (alerts sharing an IncidentKey) runs from its
 * FirstError to its Ok alert, or to the month's end when none came, clipped to the month.
 */
const DOWNTIME = `
with incident as (
  select monitor_guid, incident_key, min(first_error) as started,
         min(ts) filter (where alert_type = 'Ok') as ended
  from ref_alert group by monitor_guid, incident_key
), in_month as (
  select monitor_guid, count(*) as incidents,
         sum(extract(epoch from least(coalesce(ended, $2::timestamp), $2::timestamp)
                                - greatest(started, $1::timestamp))) as seconds
  from incident
  where started < $2::timestamp and coalesce(ended, 'infinity'::timestamp) > $1::timestamp
  group by monitor_guid
)
select m.name, m.monitor_guid::text as guid, coalesce(i.incidents, 0)::int as incidents,
       coalesce(i.seconds, 0)::float8 as seconds
from ref_monitor m left join in_month i using (monitor_guid)
order by m.name`;

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** Writes the month's downtime per monitor as a one-sheet workbook; returns its size in bytes. */
export async function writeDowntimeWorkbook(db: pg.Client, month: string, file: string): Promise<number> {
  const start = `${month}-01T00:00:00`;
  const end = `${nextMonth(month)}-01T00:00:00`;
  const monthSeconds = (Date.parse(`${end}Z`) - Date.parse(`${start}Z`)) / 1000;
  const result = await db.query<{ name: string; guid: string; incidents: number; seconds: number }>(
    DOWNTIME,
    [start, end],
  );
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(`Downtime ${month}`);
  sheet.columns = [
    { header: 'Monitor', key: 'name', width: 44 },
    { header: 'Monitor GUID', key: 'guid', width: 38 },
    { header: 'Incidents', key: 'incidents', width: 10 },
    { header: 'Downtime (min)', key: 'minutes', width: 15, style: { numFmt: '0.0' } },
    { header: 'Uptime (%)', key: 'uptime', width: 12, style: { numFmt: '0.000' } },
  ];
  sheet.addRows(
    result.rows.map((r) => ({
      name: r.name,
      guid: r.guid,
      incidents: r.incidents,
      minutes: r.seconds / 60,
      uptime: 100 * (1 - r.seconds / monthSeconds),
    })),
  );
  await workbook.xlsx.writeFile(file);
  return statSync(file).size;
}
