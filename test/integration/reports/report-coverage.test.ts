/**
 * Missing data is never reported as perfect uptime (issue 14, item 1). Each case seeds a monitor
 * with an incident and the coverage a sync would have recorded (uptrends.etl_coverage), builds the
 * SLA report of October 2025 from the warehouse, and checks what management would read: "No data"
 * or "Incomplete (n % covered)" and never Met over a period that was not fully read, the Summary's
 * coverage line, the Trend months without data, and the CSV's coverage column.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { coverageLine, statusWord } from '../../../src/reports/render/figure-format.ts';
import type { Figure } from '../../../src/reports/queries/figures.ts';
import type { IncidentModel } from '../../../src/reports/incidents/model.ts';
import { writeIncidentSummaryCsv } from '../../../src/reports/incidents/render-csv.ts';
import { renderSlaCsv } from '../../../src/reports/sla/render-csv.ts';
import type { SlaModel } from '../../../src/reports/sla/model-types.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { slaModelOf, incidentModelOf } from '../../support/report-request.ts';

const M1 = '10000000-0000-4000-8000-000000000001';
const clock = (): Date => new Date('2025-11-03T08:00:00Z');
const OCTOBER_MS = 31 * 86_400_000;
let tdb: TestDatabase | undefined;
const dirs: string[] = [];

afterAll(async () => {
  await tdb?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh warehouse with one monitor (created at `createdAt`), one incident on 10 October, and `covered`. */
beforeEach(async () => {
  await tdb?.drop();
  tdb = await createTestDatabase();
});

async function seed(covered: string, createdAt: string | null = null): Promise<void> {
  await sql
    .raw(
      `
insert into uptrends.etl_run (command) values ('sync');
insert into uptrends.account (account_id, iana_zone, iana_zone_exact, iana_zone_source, run_id) values ('a', 'UTC', true, 'api', 1);
insert into uptrends.monitor (account_id, monitor_guid, name, monitor_type, monitor_mode, config_hash, raw, run_id, created_at)
  values ('a', '${M1}', 'Shop', 'Https', 'Production', 'h', '{}', 1, ${createdAt === null ? 'null' : `'${createdAt}'`});
insert into uptrends.incident (account_id, monitor_guid, incident_key, started_at, ended_at, duration_seconds, alert_count, reminder_count, last_alert_at, run_id)
  values ('a', '${M1}', 'k1', '2025-10-20T10:00:00Z', '2025-10-20T10:30:00Z', 1800, 2, 0, '2025-10-20T10:30:00Z', 1);
insert into uptrends.etl_coverage (account_id, stream, partition, covered, updated_by_run_id)
  values ('a', 'alerts', 'all', '${covered}', 1);
`,
    )
    .execute(tdb!.warehouse.db);
}

async function october(): Promise<SlaModel> {
  return slaModelOf(tdb!.warehouse.db, { period: { month: '2025-10' }, clock, target: { desired: 99 } });
}

const word = (f: Figure): string => statusWord(f.status, f.data_state, f.coverage);
const line = (f: Figure): string => coverageLine(f.data_state, f.coverage);

describe('the SLA report over October 2025', () => {
  it('fully read: Complete, judged against the target (Met)', async () => {
    await seed('{[2025-09-01T00:00:00Z,2025-11-01T00:00:00Z)}');
    const model = await october();
    expect(model.account.data_state).toBe('complete');
    expect(model.account.coverage).toBe(1);
    expect(model.account.incident_downtime_seconds).toBe(1800);
    expect(model.account.status).toBe('Met');
    expect(word(model.account)).toBe('Met');
    expect(line(model.account)).toMatch(/^Complete/);
  });

  it('a period entirely before the data: No data, no uptime, not 100 %', async () => {
    await seed('{[2025-11-01T00:00:00Z,2025-11-03T00:00:00Z)}');
    const model = await october();
    expect(model.account.data_state).toBe('no data');
    expect(model.account.uptime_percentage).toBeNull();
    expect(model.account.status).toBeNull();
    expect(word(model.account)).toBe('No data');
    expect(word(model.monitors[0]!)).toBe('No data');
    expect(line(model.account)).toMatch(/^No data/);
    // Every trend month is before the data: empty and marked, never 100 %.
    expect(model.trend.rows.length).toBeGreaterThan(0);
    for (const row of model.trend.rows) {
      expect(row.figure.uptime_percentage, row.month).toBeNull();
      expect(row.figure.data_state, row.month).toBe('no data');
    }
  });

  it.each([
    ['at the start (data from 11 October)', '{[2025-10-11T00:00:00Z,2025-11-03T00:00:00Z)}', 21],
    [
      'in the middle (5 to 15 October missing)',
      '{[2025-09-01T00:00:00Z,2025-10-05T00:00:00Z),[2025-10-15T00:00:00Z,2025-11-03T00:00:00Z)}',
      21,
    ],
    ['at the end (data until 25 October)', '{[2025-09-01T00:00:00Z,2025-10-25T00:00:00Z)}', 24],
  ])('missing %s: Incomplete with the covered share, never Met', async (_where, covered, days) => {
    await seed(covered);
    const model = await october();
    const share = (days * 86_400_000) / OCTOBER_MS;
    expect(model.account.data_state).toBe('incomplete');
    expect(model.account.coverage).toBeCloseTo(share, 9);
    expect(model.account.status).toBeNull();
    const expected = `Incomplete (${(Math.floor(share * 1000) / 10).toFixed(1)}% covered)`;
    expect(word(model.account)).toBe(expected);
    expect(word(model.monitors[0]!)).toBe(expected);
    expect(line(model.account)).toMatch(/^Incomplete: \d+\.\d% of the monitored time/);
    // The October trend row says so too.
    const trendOctober = model.trend.rows.filter((r) => r.month === '2025-10');
    expect(trendOctober.length).toBeGreaterThan(0);
    for (const row of trendOctober) expect(row.figure.data_state).toBe('incomplete');
  });

  it('a monitor created mid-period is complete when its own life was read', async () => {
    await seed('{[2025-10-15T00:00:00Z,2025-11-03T00:00:00Z)}', '2025-10-15T00:00:00Z');
    const model = await october();
    expect(model.account.data_state).toBe('complete');
    expect(model.account.required_seconds).toBe(17 * 86_400);
    expect(model.account.status).toBe('Met');
  });

  it('the CSVs carry the coverage: a column on monitors, the status word, and the Trend data word', async () => {
    await seed('{[2025-10-11T00:00:00Z,2025-11-03T00:00:00Z)}');
    const model = await october();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'report-coverage-'));
    dirs.push(dir);
    const files = await renderSlaCsv(model, dir);
    const monitors = readFileSync(
      files.find((f) => f.includes('sla-monitors'))!,
      'utf8',
    );
    const [header, row] = monitors.replace(/^\uFEFF/, '').split('\r\n');
    const columns = header!.split(',');
    const values = row!.split(',');
    expect(values[columns.indexOf('data_coverage_pct')]).toMatch(/^67\.7/);
    expect(values[columns.indexOf('status')]).toBe('Incomplete (67.7% covered)');
    const trend = readFileSync(
      files.find((f) => f.includes('sla-trend'))!,
      'utf8',
    );
    expect(trend).toMatch(/2025-09,,,,,,0,No data/);
  });
});

async function octoberIncidents(): Promise<IncidentModel> {
  return incidentModelOf(tdb!.warehouse.db, { period: { month: '2025-10' }, clock });
}

describe('the incident report over October 2025', () => {
  it('fully read: complete, the downtime counted', async () => {
    await seed('{[2025-09-01T00:00:00Z,2025-11-01T00:00:00Z)}');
    const model = await octoberIncidents();
    expect(model.account.alerts_data_state).toBe('complete');
    expect(model.summary[0]!.alerts_coverage).toBe(1);
    expect(model.summary[0]!.incident_downtime_seconds).toBe(30 * 60);
  });

  it('a period entirely before the data: No data, and the CSV leaves the downtime empty', async () => {
    await seed('{[2025-11-01T00:00:00Z,2025-11-03T00:00:00Z)}');
    const model = await octoberIncidents();
    expect(model.account.alerts_data_state).toBe('no data');
    expect(coverageLine(model.account.alerts_data_state, model.account.alerts_coverage)).toMatch(/^No data/);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'report-coverage-'));
    dirs.push(dir);
    const file = path.join(dir, 'summary.csv');
    await writeIncidentSummaryCsv(model, file);
    const [header, row] = readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    const columns = header!.split(',');
    const values = row!.split(',');
    expect(values[columns.indexOf('data')]).toBe('No data');
    expect(values[columns.indexOf('data_coverage_pct')]).toBe('0');
    expect(values[columns.indexOf('downtime_min')]).toBe('');
  });

  it.each([
    ['at the start', '{[2025-10-11T00:00:00Z,2025-11-03T00:00:00Z)}', 21],
    [
      'in the middle',
      '{[2025-09-01T00:00:00Z,2025-10-05T00:00:00Z),[2025-10-15T00:00:00Z,2025-11-03T00:00:00Z)}',
      21,
    ],
    ['at the end', '{[2025-09-01T00:00:00Z,2025-10-25T00:00:00Z)}', 24],
  ])('missing %s: Incomplete with the covered share', async (_where, covered, days) => {
    await seed(covered);
    const model = await octoberIncidents();
    const share = (days * 86_400_000) / OCTOBER_MS;
    expect(model.account.alerts_data_state).toBe('incomplete');
    expect(model.summary[0]!.alerts_coverage).toBeCloseTo(share, 9);
    expect(coverageLine(model.account.alerts_data_state, model.account.alerts_coverage)).toMatch(
      /^Incomplete/,
    );
  });

  it('a monitor created mid-period is complete when its own life was read', async () => {
    await seed('{[2025-10-15T00:00:00Z,2025-11-03T00:00:00Z)}', '2025-10-15T00:00:00Z');
    const model = await octoberIncidents();
    expect(model.account.alerts_data_state).toBe('complete');
    expect(model.account.required_seconds).toBe(17 * 86_400);
  });
});
