/**
 * Killed in the middle of a send (the real CLI, SIGKILL from inside the SMTP server at three
 * points): the period is neither lost nor repeated beyond what docs/subscriptions.md promises.
 * - killed before the message was handed over (at RCPT TO): the next run sends it; once in all.
 * - killed after the server had the whole message but before it answered: the next run marks it
 *   "unknown" (maybe delivered), does not send it again, exits 7 and `status` shows it; once in all.
 * - killed right after the server accepted it: sent or unknown in the ledger, never sent again.
 * And a bad YAML file stops `nightly` with its line number before anything is sent.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { BIN, runCli, type CliResult } from '../../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

type Mode = 'normal' | 'kill-at-rcpt' | 'kill-after-data' | 'kill-after-ack';
let mode: Mode = 'normal';
let child: ChildProcess | undefined;
const subjects: string[] = [];
const killChild = (): void => {
  if (child?.pid !== undefined) process.kill(child.pid, 'SIGKILL');
};
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(_address, _session, callback) {
    if (mode === 'kill-at-rcpt') return killChild(); // never answered: the client dies first
    callback();
  },
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      subjects.push(/^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1]?.trim() ?? '');
      if (mode === 'kill-after-data') return killChild(); // complete here, no reply ever reaches the client
      callback();
      if (mode === 'kill-after-ack') killChild();
    });
  },
});

// A killed client resets its connection; the server reports that as an error event, which is expected here.
smtp.on('error', () => undefined);

let tdb: TestDatabase;
let sim: RunningSimulator;
let dir: string;
let env: Record<string, string>;

/**
 * Runs the CLI like runCli, keeping the child so the SMTP server can kill it. Results as text
 * (`--no-json`), which these tests read.
 */
function run(args: string[]): Promise<CliResult & { signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [BIN, '--no-json', ...args], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => proc.kill('SIGKILL'), 240_000);
    proc.on('error', reject);
    proc.on('close', (code, signal) => {
      clearTimeout(timer);
      child = undefined;
      resolve({ code, signal, stdout, stderr });
    });
  });
}

const day = (back: number): string => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const D1 = day(5);
const D2 = day(4);
const D3 = day(3);
const periodOf = (due: string): string =>
  new Date(Date.parse(`${due}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const count = (due: string): number => subjects.filter((s) => s === `daily-ops | ${periodOf(due)}`).length;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  sim = await startSimulator({ seed: 5, monitors: 5, days: 20 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'subscriptions-cli-'));
  writeFileSync(
    path.join(dir, 'uptrends-etl.yaml'),
    `mail:
  from: reports@example.com
subscriptions:
  - name: daily-ops
    reports: [incidents]
    schedule: daily
    period: PreviousDay
    formats: [csv]
    recipients: { addresses: [ops@example.com] }
    subject: "{subscription} | {period}"
    catch_up: 0
`,
  );
  env = {
    ...tdb.env,
    UPTRENDS_API_URL: sim.apiUrl,
    UPTRENDS_USERNAME: sim.credentials.username,
    UPTRENDS_PASSWORD: sim.credentials.password,
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
  };
}, 120_000);
afterAll(async () => {
  await sim.close();
  await tdb.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const nightly = (asOf: string) => run(['nightly', '--as-of', asOf, '--initial-days', '10', '-q']);

describe('a nightly killed in the middle of a send', () => {
  it('killed before the hand-over: nothing arrived, the next run sends it, once in all', async () => {
    mode = 'kill-at-rcpt';
    const killed = await nightly(D1);
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(count(D1)).toBe(0);
    mode = 'normal';
    const next = await nightly(D1);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toContain(`sent: daily-ops ${periodOf(D1)}`);
    expect(count(D1)).toBe(1);
  }, 300_000);

  it('killed after the server had the message, before it answered: unknown, never sent again, exit 7, in status', async () => {
    mode = 'kill-after-data';
    const killed = await nightly(D2);
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(count(D2)).toBe(1);
    mode = 'normal';
    const next = await nightly(D2);
    expect(next.code, next.stderr).toBe(7);
    expect(next.stderr).toContain('may have been delivered');
    expect(count(D2)).toBe(1);
    const status = await run(['status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain(`daily-ops ${periodOf(D2)}: unknown, maybe delivered`);
    // The night after: nothing more for D2, and the run is clean again.
    const again = await nightly(D2);
    expect(again.code, again.stderr).toBe(0);
    expect(count(D2)).toBe(1);
  }, 300_000);

  it('killed right after the server accepted: never sent again', async () => {
    mode = 'kill-after-ack';
    const killed = await nightly(D3);
    expect(killed.signal).toBe('SIGKILL');
    expect(count(D3)).toBe(1);
    mode = 'normal';
    const next = await nightly(D3);
    // Whether the ledger write of "sent" beat the kill decides between 0 (sent) and 7 (unknown).
    expect([0, 7], next.stderr).toContain(next.code);
    expect(count(D3)).toBe(1);
  }, 300_000);

  it('report send --subscription resends a delivered period, recorded as a resend; report subscriptions lists it', async () => {
    const sent = await run(['report', 'send', '--subscription', 'daily-ops', '--period', periodOf(D1)]);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toContain(`sent: daily-ops ${periodOf(D1)} to ops@example.com [resend]`);
    expect(count(D1)).toBe(2);
    const list = await run(['report', 'subscriptions']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('daily-ops: daily, PreviousDay; incidents as csv');
    expect(list.stdout).toMatch(/last delivery: \d{4}-\d{2}-\d{2}, sent \(resend\)/);
  }, 300_000);

  it('a bad YAML file fails with its line number and sends nothing', async () => {
    const before = subjects.length;
    writeFileSync(
      path.join(dir, 'bad.yaml'),
      'subscriptions:\n  - name: x\n    schedule: daily\n    recipients: { addresses: [a@example.com]\n',
    );
    const result = await runCli(['--config', 'bad.yaml', 'nightly', '--as-of', D3], env, dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/bad\.yaml:[45]:\d+: YAML syntax/);
    expect(subjects.length).toBe(before);
  }, 120_000);
});
