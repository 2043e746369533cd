/**
 * The user-facing jobs, run as a user runs them (spawned CLI): `demo` with no configuration writes
 * both workbooks and the CSVs; `nightly` syncs then mails the reports; a nightly whose sync fails
 * sends nothing, says why and exits non-zero.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { runCli } from '../../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const received: { to: string[]; raw: Buffer }[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  logger: false,
  size: 50 * 1024 * 1024,
  onAuth: (auth, _s, cb) =>
    auth.password === 'mail-pw-123' ? cb(null, { user: auth.username }) : cb(new Error('bad login')),
  onData(stream, session, cb) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
      cb();
    });
  },
});

let tdb: TestDatabase;
let sim: RunningSimulator;
let dir: string;
let smtpUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://etl:mail-pw-123@127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  // The CLI runs on the system clock, so the simulator's clock is now too.
  sim = await startSimulator({ seed: 4, monitors: 8, days: 45 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'nightly-'));
});
afterAll(async () => {
  await sim.close();
  await tdb.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const apiEnv = () => ({
  UPTRENDS_API_URL: sim.apiUrl,
  UPTRENDS_USERNAME: sim.credentials.username,
  UPTRENDS_PASSWORD: sim.credentials.password,
});

describe('demo', () => {
  it('writes both workbooks, the CSVs and the early warning with no configuration, and prints where they are', async () => {
    const dataDir = path.join(dir, 'demo-warehouse');
    const out = path.join(dir, 'demo-reports');
    // As `npx uptrends-etl demo` runs it (npm sets npm_command), with text results.
    const result = await runCli(
      ['demo', '--monitors', '6', '--days', '40', '--out', out, '-q', '--no-json'],
      { UPTRENDS_ETL_DATA_DIR: dataDir, npm_command: 'exec' },
      dir,
      300_000,
    );
    expect(result.code, result.stderr).toBe(0);
    const printed = result.stdout
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith(out));
    expect(printed.some((p) => /uptrends-sla_.*\.xlsx$/.test(p))).toBe(true);
    expect(printed.some((p) => /uptrends-incidents_.*\.xlsx$/.test(p))).toBe(true);
    expect(printed.filter((p) => p.endsWith('.csv')).length).toBeGreaterThanOrEqual(4);
    // The early warning of the month running on the simulator's clock, with its counts.
    expect(printed.some((p) => /uptrends-at-risk_.*_as-of-.*\.xlsx$/.test(p))).toBe(true);
    expect(printed.some((p) => /uptrends-at-risk_.*_as-of-.*\.pdf$/.test(p))).toBe(true);
    expect(result.stdout).toMatch(
      /Early warning, \w+ \d{4} as of .+: \d+ breached, \d+ at risk, \d+ on watch, \d+ ok/,
    );
    for (const file of printed) expect(existsSync(file), file).toBe(true);
    // The hints name the command as it was started: npx from a clone, where it is not on PATH.
    expect(result.stdout).toContain('  npx uptrends-etl query "select');
    expect(result.stdout).toContain('  npx uptrends-etl status');
  }, 300_000);
});

describe('nightly', () => {
  it('syncs, writes the reports and mails them, one exit code 0', async () => {
    const out = path.join(dir, 'nightly-reports');
    const result = await runCli(
      ['nightly', '--report-on', 'daily', '--initial-days', '70', '--out', out, '-q'],
      {
        ...tdb.env,
        ...apiEnv(),
        SMTP_URL: smtpUrl,
        REPORT_MAIL_FROM: 'etl@example.com',
        REPORT_MAIL_TO: 'boss@example.com, ops@example.com',
      },
      dir,
      300_000,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(received).toHaveLength(1);
    expect(received[0]!.to.sort()).toEqual(['boss@example.com', 'ops@example.com']);
    const mail = await PostalMime.parse(received[0]!.raw);
    const names = mail.attachments.map((a) => a.filename ?? '');
    expect(names.some((n) => n.startsWith('uptrends-sla_') && n.endsWith('.xlsx'))).toBe(true);
    expect(names.some((n) => n.startsWith('uptrends-incidents_') && n.endsWith('.xlsx'))).toBe(true);
    expect(mail.html ?? '').toMatch(/%/);
    expect(result.stderr).not.toContain('mail-pw-123');
  }, 300_000);

  it('sends no report when the sync fails, says why, and exits non-zero', async () => {
    const before = received.length;
    sim.setFaults('outage=/Monitor$');
    let result;
    try {
      result = await runCli(
        ['nightly', '--report-on', 'daily', '--out', path.join(dir, 'failed'), '--log-format', 'json'],
        {
          ...tdb.env,
          ...apiEnv(),
          SMTP_URL: smtpUrl,
          REPORT_MAIL_FROM: 'etl@example.com',
          REPORT_MAIL_TO: 'boss@example.com',
        },
        dir,
        300_000,
      );
    } finally {
      sim.setFaults(undefined);
    }
    expect(result.code).not.toBe(0);
    expect(received.length).toBe(before);
    expect(existsSync(path.join(dir, 'failed'))).toBe(false);
    expect(result.stderr).toMatch(/no report is written or sent/);
    expect(result.stderr).toContain('monitors');
  }, 300_000);

  it('holds a report whose period was not read in full: nothing sent, the missing range named, exit 0', async () => {
    const fresh = await createTestDatabase({ onDisk: true });
    await fresh.release();
    const before = received.length;
    try {
      const result = await runCli(
        [
          'nightly',
          '--report-on',
          'daily',
          '--initial-days',
          '10',
          '--out',
          path.join(dir, 'held'),
          '--log-format',
          'json',
        ],
        {
          ...fresh.env,
          ...apiEnv(),
          SMTP_URL: smtpUrl,
          REPORT_MAIL_FROM: 'etl@example.com',
          REPORT_MAIL_TO: 'boss@example.com',
        },
        dir,
        300_000,
      );
      expect(result.code, result.stderr).toBe(0);
      expect(received.length).toBe(before);
      expect(result.stderr).toMatch(
        /held, not sent: the alerts stream has not been read for all of \w+ \d{4} \(\d+\.\d% of the monitored time covered; missing \d{4}-\d\d-\d\d/,
      );
    } finally {
      await fresh.drop();
    }
  }, 300_000);
});
