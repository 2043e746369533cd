/**
 * Secrets (issue 8): after the kinds of sync the reliability suite runs (clean, faults, an outage,
 * a lock conflict, refused credentials, an unreachable database, bad records carrying passwords,
 * error bodies echoing the password), plus status, check, query and both reports, none of the
 * configured passwords (API, Infra, database; also as the Basic header value) nor the monitor
 * password the simulator plants appears in any line printed, any row of schema uptrends, any
 * report file, or the repository's fixtures.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openWarehouse } from '../../../src/load/connection/db.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { simulatorEnv, spawnCli, type CliRun } from '../../support/reliability-cli.ts';
import {
  scanFiles,
  scanText,
  scanWarehouse,
  simulatorSecrets,
  type Finding,
  type Secret,
} from '../../support/reliability-secret-scan.ts';
import { withDatabase } from '../../support/postgres-probe.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const NOW = new Date('2025-11-12T08:00:00Z');
const WRONG_PASSWORD = `wrong-api-password-${randomBytes(4).toString('hex')}`;
const DB_PASSWORD = `rel-db-password-${randomBytes(6).toString('hex')}`;

let sim: RunningSimulator;
let tdb: TestDatabase | undefined;
let env: Record<string, string>;
let out: string;
let dropRole: (() => Promise<void>) | undefined;
const transcript: { what: string; run: CliRun }[] = [];

/** A database owned through a role with a password, on the local server (Postgres only). */
async function databaseWithPassword(): Promise<Record<string, string>> {
  const config = inject('testDb');
  if (config.backend !== 'postgres') {
    tdb = await createTestDatabase({ onDisk: true });
    await tdb.release();
    return tdb.env;
  }
  const suffix = randomBytes(4).toString('hex');
  const role = `uptrends_rel_${suffix}`;
  const database = `uptrends_rel_db_${suffix}`;
  const admin = new pg.Client({ connectionString: config.adminUrl });
  await admin.connect();
  await admin.query(`create role ${role} login password '${DB_PASSWORD}'`);
  await admin.query(`create database ${database} template ${config.template}`);
  await admin.query(`grant all on database ${database} to ${role}`);
  const inside = new pg.Client({ connectionString: withDatabase(config.adminUrl, database) });
  await inside.connect();
  for (const grant of [
    'all on schema uptrends',
    'all on all tables in schema uptrends',
    'all on all sequences in schema uptrends',
    'execute on all functions in schema uptrends',
  ]) {
    await inside.query(`grant ${grant} to ${role}`);
  }
  await inside.end();
  dropRole = async () => {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`drop role if exists ${role}`);
    await admin.end();
  };
  const url = new URL(withDatabase(config.adminUrl, database));
  url.username = role;
  url.password = DB_PASSWORD;
  return { DATABASE_URL: url.toString() };
}

function secrets(): Secret[] {
  return [
    ...simulatorSecrets(sim),
    { label: 'database password', value: DB_PASSWORD },
    { label: 'refused API password', value: WRONG_PASSWORD },
  ];
}

async function cli(
  what: string,
  args: string[],
  extra: Record<string, string> = {},
  expectCode?: number,
): Promise<CliRun> {
  const run = await spawnCli(args, { ...env, LOG_LEVEL: 'debug', ...extra }, 180_000, out).done;
  transcript.push({ what, run });
  if (expectCode !== undefined) expect(run.code, `${what}:\n${run.stderr.slice(-1500)}`).toBe(expectCode);
  return run;
}

const SYNC = ['sync', '--from', '2025-10-01', '--to', '2025-11-01', '--window', '7', '--log-format', 'json'];

beforeAll(async () => {
  sim = await startSimulator({ seed: 12, monitors: 20, days: 60, now: NOW });
  env = { ...(await databaseWithPassword()), ...simulatorEnv(sim, true) };
  out = mkdtempSync(path.join(os.tmpdir(), 'uptrends-etl-secrets-'));
}, 120_000);
afterAll(async () => {
  await sim.close();
  await tdb?.drop();
  await dropRole?.();
  rmSync(out, { recursive: true, force: true });
});

describe('the suite runs its kinds of sync with every secret configured', () => {
  it('clean backfill with the API, Infra and database passwords', async () => {
    await cli('clean sync', SYNC, {}, 0);
  });

  it('bad records that carry passwords are rejected or stored redacted', async () => {
    // A monitor with a planted Password loses its GUID (so it is rejected and kept in the reject
    // table), another gets a secret in a nested field and in its URL.
    sim.inject({
      match: '/Monitor$',
      transform: (body) =>
        (body as Record<string, unknown>[]).map((m, i) => {
          if (m.Password !== undefined && i % 2 === 0) return { ...m, MonitorGuid: undefined };
          return i === 1
            ? {
                ...m,
                Extra: { ApiToken: sim.credentials.password },
                Url: `https://u:${sim.credentials.password}@x.example/`,
              }
            : m;
        }),
    });
    await cli('sync with rejected monitors', [...SYNC, '--streams', 'monitors'], {}, 0);
  });

  it('error bodies that echo the password: a 500 message and an HTML page', async () => {
    const echo = `{"Messages":[{"Message":"login ${sim.credentials.username}/${sim.credentials.password} failed"}]}`;
    // All 6 attempts of one monitor's statistics, so the stream fails with the echoed message.
    const monitor = sim.truth.incidents()[0]!.monitorGuid;
    sim.inject({ match: `/Statistics/Monitor/${monitor}`, status: 500, body: echo, times: 6 });
    sim.inject({
      match: '/MonitorGroup$',
      body: `<html>password=${sim.credentials.password}</html>`,
      times: 6,
    });
    const run = await cli('sync with echoing errors', SYNC);
    expect(run.code).toBe(8);
  });

  it('faults, and an outage of one route', async () => {
    sim.setFaults(
      'rate429=0.05,retryAfter=0,error500=0.05,reset=0.03,truncate=0.03,malformed=0.02,expireCursor=0.05',
    );
    await cli('faulted sync', SYNC, {}, 0);
    sim.setFaults('outage=/MaintenancePeriod$');
    await cli('outage sync', SYNC, {}, 8);
    sim.setFaults(undefined);
  });

  it('two syncs at once (one refused), refused credentials, an unreachable database', async () => {
    sim.inject({ match: '/Statistics/Monitor/', delayMs: 3_000 });
    const [a, b] = await Promise.all([
      spawnCli(SYNC, { ...env, LOG_LEVEL: 'debug' }).done,
      spawnCli(SYNC, { ...env, LOG_LEVEL: 'debug' }).done,
    ]);
    transcript.push({ what: 'concurrent sync A', run: a }, { what: 'concurrent sync B', run: b });
    expect([a.code, b.code].sort()).toEqual([0, 6]);
    await cli('refused credentials', SYNC, { UPTRENDS_PASSWORD: WRONG_PASSWORD }, 4);
    const unreachable = `postgres://nobody:${DB_PASSWORD}@127.0.0.1:9/none`;
    await cli('unreachable database', SYNC, { DATABASE_URL: unreachable }, 3);
  });

  it('status, check, query and both reports', async () => {
    await cli('status', ['status'], {}, 0);
    await cli('status --json', ['status', '--json'], {}, 0);
    await cli('check', ['check', '--json']);
    await cli('query', ['query', 'select count(*) as n from uptrends.alert'], {}, 0);
    await cli(
      'report sla',
      ['report', 'sla', '--month', '2025-10', '--out', path.join(out, 'reports')],
      {},
      0,
    );
    await cli(
      'report incidents',
      ['report', 'incidents', '--month', '2025-10', '--out', path.join(out, 'reports')],
      {},
      0,
    );
  });
});

describe('no secret anywhere', () => {
  const report = (findings: Finding[]): string[] => findings.map((f) => `${f.secret} in ${f.where}`);

  it('in any line printed by those runs', () => {
    const all = transcript.flatMap(({ what, run }) => [
      ...scanText(`${what} stdout`, run.stdout, secrets()),
      ...scanText(`${what} stderr`, run.stderr, secrets()),
    ]);
    expect(report(all)).toEqual([]);
    // Not vacuous: the runs logged plenty (debug level), including their failures.
    expect(transcript.map((t) => t.run.stderr.split('\n').length).reduce((a, b) => a + b, 0)).toBeGreaterThan(
      100,
    );
    // The echoed password reached the output, masked: the masking path really ran.
    expect(transcript.some((t) => /login sim-api-user\/\*\*\* failed/.test(t.run.stderr))).toBe(true);
  });

  it('in any row of any table of schema uptrends', async () => {
    const warehouse = await openWarehouse(
      env.DATABASE_URL !== undefined
        ? { databaseUrl: env.DATABASE_URL }
        : { dataDir: env.UPTRENDS_ETL_DATA_DIR },
    );
    try {
      const { findings, rows } = await scanWarehouse(warehouse.db, secrets());
      expect(report(findings)).toEqual([]);
      expect(rows).toBeGreaterThan(1000);
    } finally {
      await warehouse.close();
    }
  });

  it('in any report file written', () => {
    const { findings, files } = scanFiles(path.join(out, 'reports'), secrets());
    expect(report(findings)).toEqual([]);
    expect(files.some((f) => f.endsWith('.xlsx'))).toBe(true);
    expect(files.some((f) => f.endsWith('.csv'))).toBe(true);
  });

  it("in the repository's fixtures (test/fixtures, *fixture* files and data files under test/)", () => {
    const { findings } = scanFiles(path.join(REPO, 'test'), secrets(), (f) =>
      /[\\/]fixtures?[\\/]|fixture[^\\/]*$|\.(json|csv|xml|txt|sql|xlsx)$/i.test(path.relative(REPO, f)),
    );
    expect(report(findings)).toEqual([]);
  });
});
