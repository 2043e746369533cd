/**
 * The peer scenario's reference client: what a user could write in an afternoon instead of
 * installing uptrends-etl, so the ETL's speed is judged against it (issue 12). It is sequential on
 * purpose: one request at a time, one window after another, the window's alerts inserted with
 * multi-row INSERTs once its cursor chain ends, then one SQL query and a one-sheet workbook. No
 * validation, no incidents model, no retries, no run ledger. It uses nothing of src/: plain
 * `fetch`, `pg` and exceljs.
 */
import pg from 'pg';
import { createReferenceTables, insertRows, writeDowntimeWorkbook } from './peer-reference-store.ts';

/** What the reference reads and writes. */
export interface ReferenceInput {
  /** Account-local dates, yyyy-MM-dd: the range [from, to) read in windows of `windowDays`. */
  from: string;
  to: string;
  windowDays: number;
  /** yyyy-MM: the month of the workbook. */
  month: string;
  /** The workbook file to write. */
  outFile: string;
}

/** What it reports. */
export interface ReferenceResult {
  requests: number;
  alerts: number;
  monitors: number;
  windows: number;
  workbookBytes: number;
}

/** Where the API is and who to be: the same variables the ETL reads. */
export interface ReferenceEnv {
  apiUrl: string;
  username: string;
  password: string;
  databaseUrl: string;
}

interface AlertItem {
  Id: string;
  Attributes: {
    AlertType: string;
    MonitorGuid: string;
    Timestamp: string;
    FirstError: string;
    MonitorCheckId: number;
    FirstErrorMonitorCheckId: number;
    ErrorDescription?: string | null;
    ErrorMessage?: string | null;
    IncidentKey?: string | null;
  };
}

interface AlertPage {
  Data: AlertItem[];
  Cursors?: { Next?: string | null } | null;
}

/** A minimal API client: Basic auth, JSON, one request at a time, counted. */
class ReferenceApi {
  requests = 0;
  readonly #base: string;
  readonly #auth: string;

  constructor(env: ReferenceEnv) {
    this.#base = env.apiUrl.replace(/\/$/, '');
    this.#auth = `Basic ${Buffer.from(`${env.username}:${env.password}`).toString('base64')}`;
  }

  async get<T>(path: string, params: Record<string, string> = {}): Promise<T> {
    const url = new URL(`${this.#base}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    this.requests++;
    const response = await fetch(url, { headers: { Authorization: this.#auth, Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The window's alerts of a monitor group, following the cursor chain page by page. */
async function readWindow(
  api: ReferenceApi,
  groupGuid: string,
  start: string,
  end: string,
): Promise<AlertItem[]> {
  const alerts: AlertItem[] = [];
  const query = {
    IncludeReminders: 'true',
    Sorting: 'Ascending',
    Take: '100',
    Start: `${start}T00:00:00`,
    End: `${end}T00:00:00`,
  };
  let cursor: string | undefined;
  do {
    const page = await api.get<AlertPage>(
      `/Alert/MonitorGroup/${groupGuid}`,
      cursor === undefined ? query : { ...query, Cursor: cursor },
    );
    alerts.push(...page.Data);
    cursor = page.Data.length === 0 ? undefined : (page.Cursors?.Next ?? undefined);
  } while (cursor !== undefined);
  return alerts;
}

/** Postgres text cannot hold NUL, which the API's error messages sometimes carry. */
const text = (value: string | null | undefined): string | null => value?.replaceAll('\0', '') ?? null;

const alertRow = (a: AlertItem): unknown[] => [
  a.Id,
  a.Attributes.MonitorGuid,
  a.Attributes.AlertType,
  a.Attributes.Timestamp,
  a.Attributes.FirstError,
  a.Attributes.MonitorCheckId,
  a.Attributes.FirstErrorMonitorCheckId,
  text(a.Attributes.ErrorDescription),
  text(a.Attributes.ErrorMessage),
  a.Attributes.IncidentKey ?? null,
];

/** Reads the account's configuration and alerts into the database, then writes the workbook. */
export async function runReferenceClient(input: ReferenceInput, env: ReferenceEnv): Promise<ReferenceResult> {
  const api = new ReferenceApi(env);
  const db = new pg.Client({ connectionString: env.databaseUrl });
  await db.connect();
  try {
    await createReferenceTables(db);
    const settings = await api.get<{ TimezoneId: number }>('/Account/Settings');
    const zone = await api.get<Record<string, unknown>>(`/Timezone/${settings.TimezoneId}`);
    await insertRows(
      db,
      'ref_timezone',
      ['timezone_id', 'description', 'offset_from_utc'],
      [[zone.TimezoneId, zone.Description, zone.OffsetFromUtc]],
    );
    const monitors = await api.get<Record<string, unknown>[]>('/Monitor');
    await insertRows(
      db,
      'ref_monitor',
      ['monitor_guid', 'name', 'monitor_type', 'is_active'],
      monitors.map((m) => [m.MonitorGuid, text(m.Name as string), m.MonitorType, m.IsActive]),
    );
    const groups =
      await api.get<{ MonitorGroupGuid: string; Description: string; IsAll: boolean }[]>('/MonitorGroup');
    await insertRows(
      db,
      'ref_monitor_group',
      ['monitor_group_guid', 'description', 'is_all'],
      groups.map((g) => [g.MonitorGroupGuid, text(g.Description), g.IsAll]),
    );
    const all = groups.find((g) => g.IsAll);
    if (all === undefined) throw new Error('no All Monitors group');
    let alerts = 0;
    let windows = 0;
    for (let start = input.from; start < input.to; start = addDays(start, input.windowDays)) {
      const end = addDays(start, input.windowDays) < input.to ? addDays(start, input.windowDays) : input.to;
      const items = await readWindow(api, all.MonitorGroupGuid, start, end);
      await insertRows(
        db,
        'ref_alert',
        [
          'alert_id',
          'monitor_guid',
          'alert_type',
          'ts',
          'first_error',
          'monitor_check_id',
          'first_error_check_id',
          'error_description',
          'error_message',
          'incident_key',
        ],
        items.map(alertRow),
      );
      alerts += items.length;
      windows++;
    }
    const workbookBytes = await writeDowntimeWorkbook(db, input.month, input.outFile);
    return { requests: api.requests, alerts, monitors: monitors.length, windows, workbookBytes };
  } finally {
    await db.end();
  }
}
