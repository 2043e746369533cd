/**
 * Issue 32, findings 1 and 2, run as a user would (the CLI against two simulated accounts in one
 * warehouse, an SMTP server that records every envelope):
 * - an account is a boundary: `report send --subscription only-a --account sim-2` is refused (exit
 *   2, nothing written, sent or recorded) when the subscription's `accounts:` is `[sim-1]`; without
 *   `--account` it sends sim-1's reports, its files under `<out>/sim-1/only-a/`; `nightly`'s
 *   pipeline refuses the same pairing; an ad-hoc `report sla --account sim-2` writes under
 *   `<out>/sim-2/`;
 * - an operator address from the API that holds two addresses
 *   (`grace@example.com, leak@attacker.test`) is left out with a warning naming the operator, and
 *   never becomes a recipient.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { ConfigError } from '../../../src/errors.ts';
import { silentLogger } from '../../../src/logger.ts';
import { runSubscriptionSchedule } from '../../../src/pipeline/subscriptions/run-subscriptions.ts';
import { fileSubscriptions } from '../../../src/pipeline/subscriptions/subscriptions.ts';
import { parseConfigFile } from '../../../src/config-file/load-config-file.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { runCli, writtenFiles } from '../../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { deliveryOptions } from '../../support/report-request.ts';

const FILE = `mail:
  from: reports@example.com
accounts:
  - { name: sim-1, username_env: SIM_USER_1, password_env: SIM_PASSWORD_1 }
  - { name: sim-2, username_env: SIM_USER_2, password_env: SIM_PASSWORD_2 }
subscriptions:
  - name: only-a
    reports: [incidents]
    schedule: daily
    period: PreviousDay
    formats: [csv]
    recipients: { addresses: [a-lead@example.com] }
    accounts: [sim-1]
  - name: on-call
    reports: [incidents]
    schedule: daily
    period: PreviousDay
    formats: [csv]
    recipients: { operator_groups: [On-call engineers] }
    accounts: [sim-1]
`;
const LEAK = 'grace@example.com, leak@attacker.test';

/** The envelope recipients of every message the server accepted. */
const envelopes: string[][] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      envelopes.push(session.envelope.rcptTo.map((r) => r.address));
      callback();
    });
  },
});

let tdb: TestDatabase;
let sim: RunningSimulator;
let dir: string;
let env: Record<string, string>;

const cli = (args: string[]) => runCli(['--no-json', ...args], env, dir);
/** The messages of the CLI's log lines (JSON lines on stderr when it is not a terminal). */
const logMessages = (stderr: string): string =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg)
    .join('\n');
const filesUnder = (folder: string): string[] =>
  existsSync(folder) ? readdirSync(folder, { recursive: true, encoding: 'utf8' }) : [];

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  sim = await startSimulator({ seed: 32, monitors: 3, days: 10, accounts: 2 });
  // Account 1's operator list: Grace Hopper's address (index 1, in On-call engineers) holds two.
  sim.inject({ match: /\/v4\/Operator(\?|$)/, times: 5, edits: [{ set: '1.Email', value: LEAK }] });
  dir = mkdtempSync(path.join(os.tmpdir(), 'delivery-boundaries-'));
  writeFileSync(path.join(dir, 'uptrends-etl.yaml'), FILE);
  env = {
    ...tdb.env,
    UPTRENDS_API_URL: sim.apiUrl,
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
  };
  sim.accounts.forEach((a, i) => {
    env[`SIM_USER_${i + 1}`] = a.credentials.username;
    env[`SIM_PASSWORD_${i + 1}`] = a.credentials.password;
  });
  const streams =
    'monitor_groups,monitors,monitor_group_members,operators,operator_groups,operator_group_members,alerts';
  const sync = await cli(['sync', '--streams', streams, '--initial-days', '3', '-q']);
  expect(sync.code, sync.stderr).toBe(0);
}, 240_000);

afterAll(async () => {
  await sim.close();
  await tdb.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('accounts are a boundary in delivery (issue 32, finding 1)', () => {
  it('report send refuses an account the subscription does not name: exit 2, nothing written, sent or recorded', async () => {
    const before = envelopes.length;
    const result = await cli([
      'report',
      'send',
      '--subscription',
      'only-a',
      '--account',
      'sim-2',
      '--out',
      'out-refused',
    ]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('subscription only-a reports on account sim-1 only');
    expect(result.stderr).toMatch(/account sim-2 \(\d+\) is not one of them, so nothing was written or sent/);
    expect(envelopes.length).toBe(before);
    expect(filesUnder(path.join(dir, 'out-refused'))).toEqual([]);
    const warehouse = await tdb.reopen();
    try {
      const rows = await sql<{ n: number }>`select count(*)::int as n from uptrends.report_delivery`.execute(
        warehouse.db,
      );
      expect(rows.rows[0]!.n).toBe(0);
    } finally {
      await tdb.release();
    }
  }, 120_000);

  it("without --account it sends the subscription's own account, its files under <out>/<account>/<subscription>/", async () => {
    const before = envelopes.length;
    const result = await cli(['report', 'send', '--subscription', 'only-a', '--out', 'out']);
    expect(result.code, result.stderr).toBe(0);
    expect(envelopes.slice(before)).toEqual([['a-lead@example.com']]);
    const files = result.stdout.split('\n').filter((line) => line.endsWith('.csv'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files)
      expect(path.relative(dir, path.resolve(dir, file))).toMatch(/^out\/sim-1\/only-a\/[^/]+\.csv$/);
  }, 120_000);

  it('the schedule refuses a subscription for an account it does not name, before anything is written', async () => {
    const warehouse = await tdb.reopen();
    try {
      const file = parseConfigFile(FILE, 'uptrends-etl.yaml');
      const config = loadConfig({ ...env });
      const run = runSubscriptionSchedule(
        warehouse,
        await deliveryOptions(config, warehouse, {
          subscriptions: fileSubscriptions(file)!,
          file,
          accountId: 'sim-2',
          outDir: path.join(dir, 'out-schedule'),
          mail: false,
        }),
        { logger: silentLogger() },
      );
      await expect(run).rejects.toThrow(ConfigError);
      await expect(run).rejects.toThrow(/account sim-2 \(\d+\) is not one of them/);
      expect(filesUnder(path.join(dir, 'out-schedule'))).toEqual([]);
    } finally {
      await tdb.release();
    }
  }, 120_000);

  it('an ad-hoc report of one account goes under <out>/<account>/, as the subscriptions do (issue 33)', async () => {
    const result = await runCli(
      [
        'report',
        'incidents',
        '--account',
        'sim-2',
        '--preset',
        'PreviousDay',
        '--format',
        'csv',
        '--out',
        'adhoc',
      ],
      env,
      dir,
    );
    expect(result.code, result.stderr).toBe(0);
    const files = writtenFiles(result.stdout);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files)
      expect(path.relative(dir, path.resolve(dir, file))).toMatch(/^adhoc\/sim-2\/[^/]+\.csv$/);
  }, 120_000);

  it('nightly writes each account the subscriptions that name it, under <out>/<account>/<subscription>/', async () => {
    const streams =
      'monitor_groups,monitors,monitor_group_members,operators,operator_groups,operator_group_members,alerts';
    const result = await cli(['nightly', '--no-mail', '--streams', streams, '--out', 'nightly-out', '-q']);
    expect(result.code, result.stderr).toBe(0);
    const files = filesUnder(path.join(dir, 'nightly-out')).filter((f) => f.endsWith('.csv'));
    expect(files.some((f) => f.startsWith(path.join('sim-1', 'only-a') + path.sep))).toBe(true);
    expect(files.some((f) => f.startsWith(path.join('sim-1', 'on-call') + path.sep))).toBe(true);
    // Both subscriptions name sim-1 only: nothing of sim-2 is written for them.
    expect(files.filter((f) => !f.startsWith(`sim-1${path.sep}`))).toEqual([]);
  }, 180_000);

  it('report subscriptions --account lists only the subscriptions that name the account', async () => {
    const mine = await cli(['report', 'subscriptions', '--account', 'sim-1']);
    expect(mine.code, mine.stderr).toBe(0);
    expect(mine.stdout).toContain('only-a: daily');
    const other = await cli(['report', 'subscriptions', '--account', 'sim-2']);
    expect(other.code, other.stderr).toBe(0);
    expect(other.stdout).not.toContain('only-a');
    expect(other.stdout).not.toContain('on-call');
  }, 120_000);
});

describe('each recipient is exactly one address (issue 32, finding 2)', () => {
  it('an operator address holding two addresses is left out with a warning naming the operator; the rest get the mail', async () => {
    const before = envelopes.length;
    const result = await cli([
      'report',
      'send',
      '--subscription',
      'on-call',
      '--account',
      'sim-1',
      '--out',
      'out',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const sent = envelopes.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.length).toBeGreaterThan(0);
    expect(sent.flat()).not.toContain('leak@attacker.test');
    expect(sent.flat()).not.toContain('grace@example.com');
    const log = logMessages(result.stderr);
    expect(log).toContain('the e-mail address of operator Grace Hopper');
    expect(log).toContain('operator group "On-call engineers", read from the Uptrends API');
    expect(log).toContain(`"${LEAK}" is not one e-mail address: it holds 2 entries`);
  }, 120_000);
});
