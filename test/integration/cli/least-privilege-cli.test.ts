/**
 * Issue 40, item 11: an API account without administrator rights. The simulator answers as such
 * an operator (`viewer`): six fields of a monitor, 403 on operators, operator groups, alert
 * definitions and SLAs, and no /CheckpointRegion route (404). Before: a 403 stopped the run
 * (exit 4) and nightly sent no report, every night. Now each refused stream is skipped with one
 * warning naming it and the right it needs, the run succeeds from what was read, `status` and the
 * run's JSON show the skipped streams, and the subscription mails its reports, which say which
 * optional data is missing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { jsonLines, runCli } from '../../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const received: { to: string[]; raw: Buffer }[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  logger: false,
  size: 50 * 1024 * 1024,
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
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  sim = await startSimulator({ seed: 4, monitors: 6, days: 75, viewer: true });
  dir = mkdtempSync(path.join(os.tmpdir(), 'least-privilege-'));
});
afterAll(async () => {
  await sim.close();
  await tdb.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

/** Streams the viewer may not read, and the right each message names. */
const REFUSED = {
  slas: /refused it \(403\): it needs an operator in the Administrators group \(SLA definitions\)/,
  operators: /refused it \(403\): it needs an operator in the Administrators group \(operators\)/,
  operator_groups: /refused it \(403\).*\(operator groups\)/,
  alert_definitions: /refused it \(403\).*\(alert definitions\)/,
  checkpoint_regions: /has no \/CheckpointRegion route \(404\)/,
};

describe('nightly with a non-administrator API account', () => {
  it('skips what the account may not read, says so once per stream, and mails the reports', async () => {
    const result = await runCli(
      [
        'nightly',
        '--report-on',
        'daily',
        '--initial-days',
        '70',
        '--out',
        path.join(dir, 'out'),
        '--log-format',
        'json',
      ],
      {
        ...tdb.env,
        UPTRENDS_API_URL: sim.apiUrl,
        UPTRENDS_USERNAME: sim.credentials.username,
        UPTRENDS_PASSWORD: sim.credentials.password,
        SMTP_URL: smtpUrl,
        REPORT_MAIL_FROM: 'etl@example.com',
        REPORT_MAIL_TO: 'boss@example.com',
      },
      dir,
      300_000,
    );
    expect(result.code, result.stderr).toBe(0);
    // The run's JSON: the refused streams skipped with the right they need, the others read.
    const sync = jsonLines(result.stdout).find((l) => l.result === 'sync')!;
    const streams = sync.streams as Record<string, { status: string; notice?: string }>;
    expect(sync.status).toBe('succeeded');
    for (const [stream, notice] of Object.entries(REFUSED)) {
      expect(streams[stream]?.status, stream).toBe('skipped');
      expect(streams[stream]?.notice, stream).toMatch(notice);
    }
    for (const stream of ['monitors', 'monitor_groups', 'monitor_group_members', 'alerts', 'statistics']) {
      expect(streams[stream]?.status, stream).toBe('succeeded');
    }
    // One warning per skipped stream.
    const warnings = result.stderr
      .split('\n')
      .filter((l) => l.includes('"level":"warn"') && l.includes('skipped, the service'));
    expect(warnings.map((l) => (JSON.parse(l) as { stream: string }).stream).sort()).toEqual(
      Object.keys(REFUSED).sort(),
    );
    // The reports go out, and the log says which optional data they lack.
    expect(result.stderr).toContain('go out without SLA targets of monitor groups');
    expect(
      received,
      result.stdout
        .split('\n')
        .filter((l) => l.includes('delivery'))
        .join('\n'),
    ).toHaveLength(1);
    const mail = await PostalMime.parse(received[0]!.raw);
    expect(mail.attachments.some((a) => /^uptrends-sla_.*\.xlsx$/.test(a.filename ?? ''))).toBe(true);

    // `status` shows the skipped streams, from the run ledger.
    const status = await runCli(['status'], tdb.env, dir);
    expect(status.code, status.stderr).toBe(0);
    const account = (jsonLines(status.stdout)[0]!.accounts as { skippedStreams: { stream: string }[] }[])[0]!;
    // (The Infra streams are skipped too: no Infra credentials are set.)
    expect(account.skippedStreams.map((s) => s.stream).sort()).toEqual(
      [...Object.keys(REFUSED), 'infra_device_uptime', 'infra_devices'].sort(),
    );
    const text = await runCli(['status', '--no-json'], tdb.env, dir);
    expect(text.stdout).toMatch(/stream operators skipped by the last run: the service refused it \(403\)/);
  }, 300_000);
});
