/**
 * Issue 40, "Done when": re-running the README's own sections in their order changes no finished
 * month. Run as a user runs them (spawned CLI): `demo`, then the README's mail section (the demo's
 * account served again as `simulate` prints it, `nightly --as-of` the 1st of last month and
 * `nightly` with docs/uptrends-etl.example.yaml, mails to a local catcher, its `nightly --dry-run`
 * first), then the whole block again (issue 41, "Done when": the README's blocks run twice in a row):
 * no refusal, no mail sent twice. The SLA and incident reports of the month before the demo's
 * clock, written as CSV before, between and after, are the same bytes. Before: the second demo's simulator served the same window with alerts moved,
 * a finished October gained a phantom incident and 30 % more downtime (issue 40, item 1), and
 * `demo` refused its own warehouse after nightly (issue 41, item 2).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../../src/load/connection/db.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { jsonLines, runCli } from '../../support/run-cli.ts';

const EXAMPLE_CONFIG = fileURLToPath(new URL('../../../docs/uptrends-etl.example.yaml', import.meta.url));
// Smaller than the README's demo (50 monitors, 90 days) for the test's time; the steps are its own.
const SIZE = ['--monitors', '12', '--days', '70'];

let received = 0;
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 50 * 1024 * 1024,
  onData(stream, _session, cb) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received += 1;
      cb();
    });
  },
});

let dir: string;
let dataDir: string;
let smtpUrl: string;
let sim: RunningSimulator | undefined;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(os.tmpdir(), 'readme-sections-'));
  dataDir = path.join(dir, '.uptrends-etl');
});
afterAll(async () => {
  await sim?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

interface DemoSimulator {
  seed: number;
  monitors: number;
  days: number;
  profile: string;
  generated_at: Date;
}

async function demoSimulator(): Promise<DemoSimulator> {
  const warehouse = await openWarehouse({ dataDir });
  try {
    const rows = await sql<DemoSimulator>`
      select seed, monitors, days, profile, generated_at from uptrends.demo_simulator`.execute(warehouse.db);
    expect(rows.rows).toHaveLength(1);
    return rows.rows[0]!;
  } finally {
    await warehouse.close();
  }
}

/** yyyy-MM of the month before `at` (UTC; the demo's account is in Europe/Amsterdam, mid-month is safe). */
function monthBefore(at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

/** The finished month's SLA and incident figures as the CSV reports show them: file name -> text. */
async function finishedMonth(month: string, label: string): Promise<Record<string, string>> {
  const out = path.join(dir, `month-${label}`);
  for (const kind of ['sla', 'incidents']) {
    const result = await runCli(
      ['report', kind, '--month', month, '--format', 'csv', '--out', out, '-q'],
      { UPTRENDS_ETL_DATA_DIR: dataDir },
      dir,
    );
    expect(result.code, `${kind}: ${result.stderr}`).toBe(0);
  }
  const files = readdirSync(out).sort();
  expect(files.length).toBeGreaterThan(2);
  return Object.fromEntries(files.map((f) => [f, readFileSync(path.join(out, f), 'utf8')]));
}

/**
 * The README's mail section after its `demo` line: the demo's account served again at the clock
 * its warehouse remembers, `nightly --dry-run` (every listed mail names the account), `nightly
 * --as-of` the 1st of last month, then `nightly`.
 */
async function mailSection(simulator: DemoSimulator): Promise<void> {
  sim = await startSimulator({
    seed: simulator.seed,
    monitors: simulator.monitors,
    days: simulator.days,
    profile: simulator.profile as 'realistic',
    now: simulator.generated_at,
  });
  const env = {
    UPTRENDS_ETL_DATA_DIR: dataDir,
    UPTRENDS_API_URL: sim.apiUrl,
    UPTRENDS_USERNAME: sim.credentials.username,
    UPTRENDS_PASSWORD: sim.credentials.password,
    SMTP_URL: smtpUrl,
    UPTRENDS_ETL_CONFIG: EXAMPLE_CONFIG,
  };
  const before = received;
  const dryRun = await runCli(['nightly', '--dry-run', '--json', '-q'], env, dir, 300_000);
  expect(dryRun.code, `nightly --dry-run: ${dryRun.stderr}`).toBe(0);
  const listed = jsonLines(dryRun.stdout).filter((l) => l.result === 'dry-run');
  expect(listed.length).toBeGreaterThan(0);
  for (const line of listed)
    expect(line).toMatchObject({ account: 'default', accountId: expect.any(String) });
  expect(received).toBe(before);
  const asOf = `${new Date().toISOString().slice(0, 7)}-01`;
  const lastMonthFirst = new Date(Date.parse(`${asOf}T00:00:00Z`));
  lastMonthFirst.setUTCMonth(lastMonthFirst.getUTCMonth() - 1);
  for (const args of [['--as-of', lastMonthFirst.toISOString().slice(0, 10)], []]) {
    const nightly = await runCli(['nightly', ...args, '-q'], env, dir, 300_000);
    expect(nightly.code, `nightly ${args.join(' ')}: ${nightly.stderr}`).toBe(0);
  }
  await sim.close();
  sim = undefined;
}

describe("the README's sections run again in their order", () => {
  it('demo and the mail section (dry run, nightly twice), twice in a row: no refusal, no mail twice, the finished month unchanged', async () => {
    const first = await runCli(
      ['demo', ...SIZE, '-q', '--no-json'],
      { UPTRENDS_ETL_DATA_DIR: dataDir },
      dir,
      300_000,
    );
    expect(first.code, first.stderr).toBe(0);
    const simulator = await demoSimulator();
    const month = monthBefore(simulator.generated_at);
    const before = await finishedMonth(month, 'before');
    // Some downtime in it, or the comparison would prove little.
    expect(Object.values(before).join('\n')).toMatch(/\d/);

    // The mail section: the demo's account served again, as the line demo printed says.
    expect(first.stdout).toContain(`--now ${simulator.generated_at.toISOString()}`);
    await mailSection(simulator);
    expect(received).toBeGreaterThan(0);
    const sent = received;

    const again = await runCli(
      ['demo', ...SIZE, '-q', '--no-json'],
      { UPTRENDS_ETL_DATA_DIR: dataDir },
      dir,
      300_000,
    );
    expect(again.code, again.stderr).toBe(0);
    expect(await demoSimulator()).toEqual(simulator);
    expect(await finishedMonth(month, 'again')).toEqual(before);

    // The whole block a second time: no refusal, every period was sent once already, so no mail.
    await mailSection(simulator);
    expect(received).toBe(sent);
    expect(await finishedMonth(month, 'after')).toEqual(before);
  }, 1_200_000);
});
