/**
 * Issue 40, item 10: a report period without data. Before: `report sla --month 2024-01` on a
 * warehouse holding nothing for it exited 0 with a workbook of "No data" and only an info line;
 * a subscription sent such a period. Now the report says so on stderr and in its JSON result,
 * `--strict` refuses it (exit 9, REPORT_NO_DATA, nothing written), and a subscription holds it.
 * The warehouse holds the last three days of a simulated account; January 2024 lies before every
 * monitor of it existed.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { jsonLines, runCli, writtenFiles } from '../../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

let received = 0;
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  logger: false,
  onData(stream, _session, cb) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received += 1;
      cb();
    });
  },
});

let tdb: TestDatabase;
let sim: RunningSimulator;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  sim = await startSimulator({ seed: 9, monitors: 3, days: 10 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'report-no-data-'));
  env = {
    ...tdb.env,
    UPTRENDS_API_URL: sim.apiUrl,
    UPTRENDS_USERNAME: sim.credentials.username,
    UPTRENDS_PASSWORD: sim.credentials.password,
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    REPORT_MAIL_FROM: 'etl@example.com',
    REPORT_MAIL_TO: 'boss@example.com',
  };
  const sync = await runCli(['sync', '--initial-days', '3', '-q'], env, dir, 300_000);
  expect(sync.code, sync.stderr).toBe(0);
}, 300_000);
afterAll(async () => {
  await sim.close();
  await tdb.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

/** The monitors have no creation date on the simulator: they count as monitored, none of it read. */
const NO_DATA = /the warehouse holds no (data for|monitor that was monitored in) January 2024/;

describe('a report period without data', () => {
  it('is written with a warning on stderr and noData in the JSON result', async () => {
    const out = path.join(dir, 'plain');
    const result = await runCli(['report', 'sla', '--month', '2024-01', '--out', out, '-q'], env, dir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(NO_DATA);
    const report = jsonLines(result.stdout).find((l) => l.result === 'report')!;
    expect(report.noData).toMatch(NO_DATA);
    expect(writtenFiles(result.stdout).length).toBeGreaterThan(0);
  });

  it('is refused with --strict: exit 9, its own error code, nothing written', async () => {
    const out = path.join(dir, 'strict');
    const result = await runCli(
      ['report', 'sla', '--month', '2024-01', '--strict', '--out', out, '-q'],
      env,
      dir,
    );
    expect(result.code, result.stderr).toBe(9);
    expect(result.stderr).toContain('[REPORT_NO_DATA]');
    expect(result.stderr).toContain('January 2024');
    expect(existsSync(out)).toBe(false);
  });

  it('is held by a subscription: nothing written or sent, the reason said', async () => {
    const out = path.join(dir, 'subscription');
    const result = await runCli(
      ['report', 'send', '--subscription', 'default', '--month', '2024-01', '--out', out],
      env,
      dir,
    );
    const delivery = jsonLines(result.stdout).find((l) => l.result === 'delivery');
    expect(delivery?.status, result.stdout + result.stderr).toBe('held');
    // Nothing of January 2024 was read: held, naming the range the alerts miss.
    expect(delivery?.error).toMatch(/January 2024/);
    expect(result.stderr).toContain('held, not sent');
    expect(received).toBe(0);
  });

  it('is held by a subscription whose scope has no monitor monitored in the period, saying so', async () => {
    // Every monitor was created after January 2024 (set here: the simulator gives no creation
    // dates), so nothing of the period is missing and nothing was monitored: before, it was sent.
    const setCreated = async (at: string | null): Promise<void> => {
      const warehouse = await tdb.reopen();
      try {
        await sql`update uptrends.monitor set created_at = ${at}::timestamptz`.execute(warehouse.db);
      } finally {
        await tdb.release();
      }
    };
    await setCreated('2025-01-01T00:00:00Z');
    try {
      const out = path.join(dir, 'not-monitored');
      const result = await runCli(
        ['report', 'send', '--subscription', 'default', '--month', '2024-01', '--out', out],
        env,
        dir,
      );
      const delivery = jsonLines(result.stdout).find((l) => l.result === 'delivery');
      expect(delivery?.status, result.stdout + result.stderr).toBe('held');
      expect(delivery?.error).toBe('the warehouse holds no monitor that was monitored in January 2024');
      expect(result.stderr).toContain('held, not sent');
      expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
      expect(received).toBe(0);
    } finally {
      await setCreated(null);
    }
  });

  it('a period with data is not affected', async () => {
    const result = await runCli(
      ['report', 'sla', '--preset', 'Last24Hours', '--strict', '--out', path.join(dir, 'data'), '-q'],
      env,
      dir,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(jsonLines(result.stdout).find((l) => l.result === 'report')!.noData).toBeNull();
  });
});
