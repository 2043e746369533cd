/**
 * The package's programmatic API (src/index.ts, `import ... from 'uptrends-etl'`): the three jobs
 * run against the simulator and a fresh warehouse with typed options, apply the CLI's defaults and
 * refuse what the CLI refuses, before touching the warehouse.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_SYNC_OPTIONS,
  loadConfig,
  runNightly,
  runReports,
  runSync,
  type Config,
} from '../../src/index.ts';
import { startSimulator, type RunningSimulator } from '../../src/simulator/start-simulator.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

let tdb: TestDatabase;
let sim: RunningSimulator;
let dir: string;
let config: Config;
const NOW = new Date('2025-11-20T10:00:00Z');

beforeAll(async () => {
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  sim = await startSimulator({ seed: 5, monitors: 4, days: 40, now: NOW });
  dir = mkdtempSync(path.join(os.tmpdir(), 'api-'));
  config = loadConfig({
    ...tdb.env,
    UPTRENDS_API_URL: sim.apiUrl,
    UPTRENDS_USERNAME: sim.credentials.username,
    UPTRENDS_PASSWORD: sim.credentials.password,
  });
});
afterAll(async () => {
  await sim.close();
  await tdb.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('programmatic API', () => {
  it('runSync runs only the chosen streams, with the CLI defaults for the rest', async () => {
    const summary = await runSync({ config, streams: ['timezones', 'monitors'], clock: () => NOW });
    expect(summary.status).toBe('succeeded');
    expect(Object.keys(summary.streams)).toEqual(['timezones', 'monitors']);
    expect(summary.streams.monitors!.records).toBe(4);
    const warehouse = await tdb.reopen();
    const run = await warehouse.db
      .selectFrom('etl_run')
      .select(['options'])
      .where('run_id', '=', summary.runId)
      .executeTakeFirstOrThrow();
    expect(run.options).toMatchObject({ concurrency: DEFAULT_SYNC_OPTIONS.concurrency });
    await tdb.release();
  });

  it('refuses out-of-range and contradictory options with a ConfigError, as the CLI does', async () => {
    await expect(runSync({ config, concurrency: 0 })).rejects.toThrow(ConfigError);
    await expect(runSync({ config, concurrency: 0 })).rejects.toThrow(
      /concurrency must be a whole number from 1 to 64/,
    );
    await expect(runSync({ config, from: '2025-10-01' })).rejects.toThrow(ConfigError);
    await expect(runNightly({ config, reportOn: 'someday' })).rejects.toThrow(/--report-on/);
  });

  it('runNightly syncs and, on a report day, writes the reports; runReports writes them alone', async () => {
    const out = path.join(dir, 'nightly');
    const outcomes: string[] = [];
    const result = await runNightly({
      config,
      clock: () => NOW,
      // Back to September: October must be read in full to be reported (the coverage gate).
      sync: { initialDays: 60 },
      reportOn: 'daily',
      outDir: out,
      formats: ['csv'],
      mail: false,
      onOutcome: (outcome) =>
        outcomes.push(`${outcome.subscription} ${outcome.period.label} ${outcome.status}`),
    });
    expect(result.sync.status).toBe('succeeded');
    expect(result.subscriptions.asOf).toBe('2025-11-20');
    expect(outcomes).toEqual(['default October 2025 written']);
    const files = result.subscriptions.outcomes[0]!.files;
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(existsSync(file), file).toBe(true);
      expect(file.endsWith('.csv'), file).toBe(true);
    }

    const written: string[] = [];
    const reports = await runReports({
      config,
      clock: () => NOW,
      reports: ['incidents'],
      period: { month: '2025-10' },
      outDir: path.join(dir, 'reports'),
      formats: ['xlsx'],
      onWritten: (paths) => written.push(...paths),
    });
    expect(reports.paths).toEqual(written);
    expect(reports.paths.map((p) => path.basename(p))).toEqual([
      'uptrends-incidents_2025-10_Europe-Amsterdam.xlsx',
    ]);
    expect(reports.incidents!.headline.incidents).toBeGreaterThan(0);
  }, 120_000);
});
