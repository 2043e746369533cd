/**
 * The analyst views agree with the SLA workbook (issue 13). A simulated account is synced into a
 * warehouse, on PGlite and on Postgres (when a server answers); then, for October 2025 in
 * Europe/Amsterdam (the autumn change: a 25-hour day), every monitor of the workbook and every day
 * is computed both ways, the views in SQL and the report model in TypeScript, and the figures must
 * be equal to 0.001 percentage points (durations to a millisecond):
 * - per monitor and day: the Uptrends, incident and headline figures, monitored time, downtime,
 *   maintenance (computeMonitorFigures over the day) and the Daily sheet's uptime;
 * - per monitor and month: the Monitors sheet (uptime figures, incidents, MTTR, median, longest,
 *   MTBF);
 * - per group and month: the Monitor groups sheet; per day, the overall daily uptime.
 * The month holds what tends to break agreement: a monitor created mid-month and one paused
 * mid-month (seed 1 has them), DisableMonitoring maintenance (simulator monitors 0 to 7) and,
 * added to the warehouse because the simulator never overlaps them, two overlapping maintenance
 * periods over an incident, and a monitor without alerting: its alerts and incidents removed, so
 * only its statistics know it was down.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { maintenancePeriodSchema } from '../../../src/extract/schemas/maintenance-period.ts';
import { openWarehouse } from '../../../src/load/db.ts';
import { mergeRows } from '../../../src/load/merge-rows.ts';
import type { Database } from '../../../src/load/schema.ts';
import { silentLogger } from '../../../src/logger.ts';
import { runSync } from '../../../src/pipeline/run-sync.ts';
import { DEFAULT_SYNC_OPTIONS } from '../../../src/pipeline/sync-options.ts';
import { indexByMonitor } from '../../../src/reports/model/monitor-timeline.ts';
import { loadSlaReportInput } from '../../../src/reports/queries/sla-input.ts';
import { buildSlaModel } from '../../../src/reports/sla/model.ts';
import { computeMonitorFigures } from '../../../src/reports/sla/monitor-figures.ts';
import { defaultSlaTarget } from '../../../src/reports/sla/resolve-target.ts';
import type { SlaModel } from '../../../src/reports/sla/model-types.ts';
import type { SlaReportInput } from '../../../src/reports/queries/report-input.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { localDays } from '../../../src/time/calendar.ts';
import { monthPeriod } from '../../../src/time/periods.ts';
import { utcToLocal } from '../../../src/time/zone-clock.ts';
import { maintenancePeriodRow } from '../../../src/transform/rows/maintenance-period-row.ts';
import { probePostgres, withDatabase } from '../../support/postgres-probe.ts';

const NOW = new Date('2025-11-10T09:30:00Z');
const MONTH = '2025-10';
const fast = {
  retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 50 },
  timeouts: { headersMs: 5000, bodyMs: 10000 },
};
/** 0.001 percentage points, and a millisecond of any duration (views count seconds). */
const PP = 0.001;
const SECONDS = 0.001;

type Row = Record<string, unknown>;
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** Equal to `tolerance`, both null, or the report's null for a figure the view has no row for. */
function agree(label: string, view: unknown, report: number | null, tolerance: number): void {
  const v = num(view);
  if (v === null || report === null) {
    expect(v, label).toBe(report);
    return;
  }
  expect(Math.abs(v - report), `${label}: view ${v}, workbook ${report}`).toBeLessThanOrEqual(tolerance);
}

let sim: RunningSimulator;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  sim = await startSimulator({ seed: 1, monitors: 24, days: 75, now: NOW });
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await sim.close();
});

interface Backend {
  env: Record<string, string>;
  open(): Promise<{ db: Kysely<Database>; close(): Promise<void> }>;
}

function pglite(): Backend {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agreement-pglite-'));
  cleanups.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
  return {
    env: { UPTRENDS_ETL_DATA_DIR: dir },
    open: async () => {
      const warehouse = await openWarehouse({ dataDir: dir });
      return { db: warehouse.db, close: () => warehouse.close() };
    },
  };
}

async function postgres(admin: string): Promise<Backend> {
  const name = `uptrends_etl_agree_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  cleanups.push(async () => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = withDatabase(admin, name);
  return {
    env: { DATABASE_URL: url },
    open: async () => {
      const warehouse = await openWarehouse({ databaseUrl: url });
      return { db: warehouse.db, close: () => warehouse.close() };
    },
  };
}

const adminUrl = await probePostgres();
const backends: [string, () => Promise<Backend>][] = [['pglite', () => Promise.resolve(pglite())]];
if (adminUrl !== undefined) backends.push(['postgres', () => postgres(adminUrl)]);
else console.warn('[workbook-agreement] no Postgres server: running the PGlite half only');

/** What the scenario changed, for the checks that it is really in the month. */
interface Scenario {
  silent: string;
  overlapped: string;
}

/**
 * Removes the alerts and incidents of the Production monitor with the most statistics downtime in
 * the month (a monitor without alerting), and lays two overlapping DisableMonitoring periods over
 * an incident of another monitor.
 */
async function shapeScenario(db: Kysely<Database>, zone: string): Promise<Scenario> {
  const october = monthPeriod(MONTH, zone);
  const down = await sql<{ monitor_guid: string }>`
    select s.monitor_guid::text as monitor_guid
    from uptrends.v_monitor_statistics_daily s join uptrends.monitor m using (monitor_guid)
    where s.month = date '2025-10-01' and m.monitor_mode = 'Production' and m.is_active
    group by s.monitor_guid order by sum(s.downtime_seconds) desc, 1 limit 2`.execute(db);
  const silent = down.rows[0]!.monitor_guid;
  await sql`delete from uptrends.alert where monitor_guid = ${silent}::uuid`.execute(db);
  await sql`delete from uptrends.incident where monitor_guid = ${silent}::uuid`.execute(db);

  const overlapped = down.rows[1]!.monitor_guid;
  const incident = await sql<{ started_at: Date; ended_at: Date }>`
    select started_at, ended_at from uptrends.incident
    where monitor_guid = ${overlapped}::uuid and started_at >= ${october.start} and ended_at < ${october.end}
      and duration_seconds >= 1800
    order by started_at limit 1`.execute(db);
  const { started_at: start, ended_at: end } = incident.rows[0]!;
  const local = (ms: number): string => utcToLocal(new Date(ms), zone);
  const periods = [
    // From 20 minutes before the incident to its middle; and a second one overlapping the first.
    [900_001, start.getTime() - 20 * 60_000, (start.getTime() + end.getTime()) / 2],
    [900_002, start.getTime() - 40 * 60_000, start.getTime() + 5 * 60_000],
  ] as const;
  const rows = periods.map(([id, from, to]) =>
    maintenancePeriodRow(
      overlapped,
      maintenancePeriodSchema.parse({
        Id: id,
        ScheduleMode: 'OneTime',
        MaintenanceType: 'DisableMonitoring',
        StartDateTime: local(from),
        EndDateTime: local(to),
      }),
      { accountId: sim.accountId, zone, runId: 1 },
    ),
  );
  await mergeRows(
    db,
    { table: 'maintenance_period', key: ['account_id', 'monitor_guid', 'maintenance_period_id'] },
    rows.map((row) => ({ ...row })),
  );
  return { silent, overlapped };
}

describe.each(backends)('views and workbook agree, on %s', (_name, makeBackend) => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  let zone: string;
  let input: SlaReportInput;
  let model: SlaModel;
  let scenario: Scenario;
  const monthly = new Map<string, Row>();
  const daily = new Map<string, Row>();

  beforeAll(async () => {
    const backend = await makeBackend();
    const config = loadConfig({
      ...backend.env,
      UPTRENDS_API_URL: sim.apiUrl,
      UPTRENDS_USERNAME: sim.credentials.username,
      UPTRENDS_PASSWORD: sim.credentials.password,
    });
    const summary = await runSync(
      config,
      { ...DEFAULT_SYNC_OPTIONS, concurrency: 4, from: '2025-09-01', to: '2025-11-10', windowDays: 7 },
      { logger: silentLogger(), clock: () => sim.truth.now(), clientOptions: fast },
    );
    expect(summary.status).toBe('succeeded');
    const opened = await backend.open();
    db = opened.db;
    close = () => opened.close();
    zone = sim.timeZone;
    scenario = await shapeScenario(db, zone);
    const clock = (): Date => NOW;
    input = await loadSlaReportInput(db, {
      period: monthPeriod(MONTH, zone),
      clock,
      defaultTarget: { desired: 99.9 },
    });
    model = buildSlaModel(input, clock);
    const months = await sql<Row>`
      select * from uptrends.v_monitor_uptime_monthly where month = date '2025-10-01'`.execute(db);
    for (const r of months.rows) monthly.set(String(r.monitor_guid), r);
    const days = await sql<Row>`
      select * from uptrends.v_monitor_uptime_daily where month = date '2025-10-01'`.execute(db);
    for (const r of days.rows) daily.set(`${String(r.monitor_guid)}|${String(r.day)}`, r);
  }, 240_000);
  afterAll(async () => close?.());

  it('the month holds every case: DST, creation and pause mid-month, maintenance, overlap, no alerting', () => {
    const guids = new Set(model.monitors.map((r) => r.monitor.monitor_guid));
    const window = monthPeriod(MONTH, zone);
    const inMonth = (d: Date | null): boolean => d !== null && d > window.start && d < window.end;
    expect(localDays(window, zone).some((d) => d.end.getTime() - d.start.getTime() === 25 * 3_600_000)).toBe(
      true,
    );
    expect(model.monitors.some((r) => inMonth(r.monitor.created_at))).toBe(true);
    expect(model.monitors.some((r) => inMonth(r.monitor.deleted_at))).toBe(true);
    expect(model.monitors.filter((r) => r.figures.maintenanceExcludedMs > 0).length).toBeGreaterThan(2);
    expect(guids.has(scenario.silent) && guids.has(scenario.overlapped)).toBe(true);
    const silent = model.monitors.find((r) => r.monitor.monitor_guid === scenario.silent)!.figures;
    expect(silent.downtimeMs).toBe(0);
    expect(silent.uptimeUptrends).toBeLessThan(100);
    expect(silent.uptimeIncidents).toBe(100);
    // The monitors of the workbook are exactly the Production monitors of the view.
    const production = new Set(
      [...monthly.values()].filter((r) => r.monitored_seconds !== null).map((r) => String(r.monitor_guid)),
    );
    for (const guid of guids) expect(production.has(guid), guid).toBe(true);
  });

  it('every monitor and day: statistics, incident and headline figures, times, and the Daily sheet', () => {
    const incidents = indexByMonitor(input.incidents);
    const maintenance = indexByMonitor(input.maintenance);
    const statistics = indexByMonitor(input.statistics);
    const days = localDays(monthPeriod(MONTH, zone), zone);
    const target = defaultSlaTarget({ desired: 99.9 });
    let compared = 0;
    model.daily.rows.forEach(({ row, values }) => {
      const guid = row.monitor.monitor_guid;
      const data = {
        incidents: incidents.get(guid) ?? [],
        maintenance: maintenance.get(guid) ?? [],
        statistics: statistics.get(guid) ?? [],
      };
      days.forEach((day, index) => {
        const label = `${row.monitor.name} ${day.date}`;
        const f = computeMonitorFigures(row.monitor, data, day, target);
        const v = daily.get(`${guid}|${day.date}`);
        if (v === undefined) {
          // No view row: the monitor did not exist that day, for the workbook neither.
          expect(f.monitoredMs, label).toBe(0);
          expect(values[index], label).toBeNull();
          return;
        }
        agree(`${label} Uptime % (Uptrends)`, v.statistics_uptime_percentage, f.uptimeUptrends, PP);
        agree(`${label} Uptime % (incidents)`, v.incident_uptime_percentage, f.uptimeIncidents, PP);
        agree(`${label} Uptime % (headline)`, v.uptime_percentage, f.uptime, PP);
        agree(`${label} Daily uptime`, v.incident_uptime_percentage, values[index] ?? null, PP);
        agree(`${label} monitored`, v.monitored_seconds, f.monitoredMs / 1000, SECONDS);
        agree(`${label} downtime`, v.incident_downtime_seconds, f.downtimeMs / 1000, SECONDS);
        agree(`${label} maintenance`, v.maintenance_seconds, f.maintenanceExcludedMs / 1000, SECONDS);
        agree(`${label} statistics uptime s`, v.statistics_uptime_seconds ?? 0, f.statsUptimeSeconds, 0);
        agree(
          `${label} statistics downtime s`,
          v.statistics_downtime_seconds ?? 0,
          f.statsDowntimeSeconds,
          0,
        );
        expect(v.uptime_source as string | null, label).toBe(
          f.monitoredMs > 0 || f.uptimeUptrends !== null ? f.uptimeSource.toLowerCase() : null,
        );
        compared++;
      });
    });
    expect(compared).toBeGreaterThan(20 * 28);
  });

  it('every monitor and the month: the Monitors sheet', () => {
    for (const { monitor, figures: f } of model.monitors) {
      const v = monthly.get(monitor.monitor_guid);
      expect(v, monitor.name).toBeDefined();
      const label = monitor.name;
      agree(`${label} Uptime % (Uptrends)`, v!.statistics_uptime_percentage, f.uptimeUptrends, PP);
      agree(`${label} Uptime % (incidents)`, v!.incident_uptime_percentage, f.uptimeIncidents, PP);
      agree(`${label} Uptime % (headline)`, v!.uptime_percentage, f.uptime, PP);
      expect(v!.uptime_source, label).toBe(f.uptimeSource.toLowerCase());
      agree(`${label} monitored`, v!.monitored_seconds, f.monitoredMs / 1000, SECONDS);
      agree(`${label} downtime`, v!.incident_downtime_seconds, f.downtimeMs / 1000, SECONDS);
      agree(`${label} maintenance`, v!.maintenance_seconds, f.maintenanceExcludedMs / 1000, SECONDS);
      agree(`${label} incidents`, v!.incidents_started, f.incidents, 0);
      agree(`${label} MTTR`, v!.mttr_seconds, f.mttrMs === null ? null : f.mttrMs / 1000, SECONDS);
      agree(
        `${label} median`,
        v!.median_ttr_seconds,
        f.medianTtrMs === null ? null : f.medianTtrMs / 1000,
        SECONDS,
      );
      agree(
        `${label} longest`,
        v!.longest_ttr_seconds,
        f.longestMs === null ? null : f.longestMs / 1000,
        SECONDS,
      );
      agree(`${label} MTBF`, v!.mtbf_seconds, f.mtbfMs === null ? null : f.mtbfMs / 1000, SECONDS);
    }
  });

  it('every group and the month: the Monitor groups sheet; the overall daily uptime', async () => {
    const groups = await sql<Row>`
      select * from uptrends.v_group_uptime_monthly where month = date '2025-10-01'`.execute(db);
    const byGuid = new Map(groups.rows.map((r) => [String(r.monitor_group_guid), r]));
    expect(model.groups.length).toBeGreaterThan(3);
    for (const { group, figures: f } of model.groups) {
      const v = byGuid.get(group.monitor_group_guid);
      const label = group.description;
      expect(v, label).toBeDefined();
      agree(`${label} members`, v!.monitors, f.memberCount, 0);
      agree(`${label} Uptime % (Uptrends)`, v!.statistics_uptime_percentage, f.uptimeUptrends, PP);
      agree(`${label} Uptime % (incidents)`, v!.incident_uptime_percentage, f.uptimeIncidents, PP);
      agree(`${label} Uptime % (headline)`, v!.uptime_percentage, f.uptime, PP);
      expect(v!.uptime_source, label).toBe(f.uptimeSource.toLowerCase());
      agree(`${label} monitored`, v!.monitored_seconds, f.monitoredMs / 1000, SECONDS);
      agree(`${label} downtime`, v!.incident_downtime_seconds, f.downtimeMs / 1000, SECONDS);
      agree(`${label} incidents`, v!.incidents_started, f.incidents, 0);
      agree(`${label} MTTR`, v!.mttr_seconds, f.mttrMs === null ? null : f.mttrMs / 1000, SECONDS);
      agree(
        `${label} median`,
        v!.median_ttr_seconds,
        f.medianTtrMs === null ? null : f.medianTtrMs / 1000,
        SECONDS,
      );
      agree(
        `${label} longest`,
        v!.longest_ttr_seconds,
        f.longestMs === null ? null : f.longestMs / 1000,
        SECONDS,
      );
      agree(`${label} MTBF`, v!.mtbf_seconds, f.mtbfMs === null ? null : f.mtbfMs / 1000, SECONDS);
    }
    const all = model.groups.find((g) => g.group.is_all)!;
    const overall = byGuid.get(all.group.monitor_group_guid)!;
    agree('overall Uptime % (headline)', overall.uptime_percentage, model.overall.uptime, PP);
    const overallDays = await sql<Row>`
      select day::text as day, incident_uptime_percentage from uptrends.v_group_uptime_daily
      where month = date '2025-10-01' and monitor_group_guid = ${all.group.monitor_group_guid}::uuid
      order by day`.execute(db);
    expect(overallDays.rows.map((r) => r.day)).toEqual(model.daily.days);
    overallDays.rows.forEach((r, i) =>
      agree(
        `overall daily ${String(r.day)}`,
        r.incident_uptime_percentage,
        model.daily.overall[i] ?? null,
        PP,
      ),
    );
  });
});
