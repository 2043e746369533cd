/**
 * The first line of a sync comes before the work that takes seconds (issue 42: a new user's first
 * run printed nothing while the embedded warehouse was created and migrated). Asserted as order,
 * not time: the sync into a new embedded warehouse prints its opening line before the migrations'
 * line, and before any line of the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { runCli } from '../../support/run-cli.ts';

let sim: RunningSimulator;
let cwd: string;
beforeAll(async () => {
  sim = await startSimulator({ seed: 42, monitors: 2, days: 35 });
  cwd = mkdtempSync(path.join(os.tmpdir(), 'first-line-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(cwd, { recursive: true, force: true });
});

/** The messages of the JSON log lines on `stderr`, in order. */
function logMessages(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
}

/** A new embedded warehouse in `dataDir`, read from the test's simulator. */
function simulatorEnv(dataDir: string): Record<string, string> {
  return {
    UPTRENDS_ETL_DATA_DIR: dataDir,
    UPTRENDS_API_URL: sim.apiUrl,
    UPTRENDS_USERNAME: sim.credentials.username,
    UPTRENDS_PASSWORD: sim.credentials.password,
  };
}

describe('the first line of a sync', () => {
  it('says the credentials are checked, then the warehouse is being opened, before it is created and migrated', async () => {
    const dataDir = path.join(cwd, 'new-warehouse');
    const result = await runCli(
      ['sync', '--streams', 'monitors', '--log-format', 'json'],
      simulatorEnv(dataDir),
      cwd,
    );
    expect(result.code, result.stderr).toBe(0);
    const messages = logMessages(result.stderr);
    const migrated = messages.findIndex((m) => /^applied \d+ migration\(s\)$/.test(m));
    expect(migrated, messages.join('\n')).toBeGreaterThan(0);
    // The credentials are checked first (no warehouse is created for a wrong password), then the
    // warehouse is opened: both said before the migrations' minutes.
    expect(messages[0]).toBe('sync: checking the API credentials');
    const opening = messages.indexOf(`sync: opening the warehouse in ${dataDir}`);
    expect(opening, messages.join('\n')).toBeGreaterThan(0);
    expect(opening).toBeLessThan(migrated);
  });
});

describe('the first line of the demo', () => {
  it('comes at once: before the warehouse is prepared, the account generated or anything loaded (issue 41, item 3)', async () => {
    const dataDir = path.join(cwd, 'demo-warehouse');
    const result = await runCli(
      [
        'demo',
        '--monitors',
        '3',
        '--days',
        '35',
        '--out',
        path.join(cwd, 'demo-reports'),
        '--log-format',
        'json',
      ],
      { UPTRENDS_ETL_DATA_DIR: dataDir },
      cwd,
      300_000,
    );
    expect(result.code, result.stderr).toBe(0);
    const messages = logMessages(result.stderr);
    expect(messages[0], messages.join('\n')).toBe('demo: starting (realistic account, 3 monitors, 35 days)');
    const preparing = messages.findIndex((m) => m.startsWith('demo: preparing the warehouse'));
    const generating = messages.findIndex((m) => m.startsWith('demo: generating'));
    expect(preparing, messages.join('\n')).toBeGreaterThan(0);
    expect(generating).toBeGreaterThan(preparing);
  });
});

describe('the first line of a nightly', () => {
  it('says it starts, and where its warehouse is, before the warehouse is opened, created and migrated', async () => {
    const dataDir = path.join(cwd, 'new-nightly-warehouse');
    const result = await runCli(
      ['nightly', '--no-mail', '--report-on', 'never', '--streams', 'monitors', '--log-format', 'json'],
      simulatorEnv(dataDir),
      cwd,
    );
    expect(result.code, result.stderr).toBe(0);
    const messages = logMessages(result.stderr);
    expect(messages[0]).toBe(`nightly: starting, warehouse in ${dataDir}`);
    const opening = messages.indexOf(`sync: opening the warehouse in ${dataDir}`);
    const migrated = messages.findIndex((m) => /^applied \d+ migration\(s\)$/.test(m));
    expect(opening, messages.join('\n')).toBeGreaterThan(0);
    expect(migrated).toBeGreaterThan(opening);
  });
});
