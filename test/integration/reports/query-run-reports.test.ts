/**
 * runReports, the entry point `nightly` and `demo` call: one monitor with one hour of downtime in
 * October 2025 (UTC, 744 hours), so every headline figure can be worked out by hand.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { ConfigError, MailError } from '../../../src/errors.ts';
import type { SendReportMailOptions } from '../../../src/reports/mail/send-report-mail.ts';
import { runResolvedReports } from '../../support/report-request.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const M1 = '10000000-0000-4000-8000-000000000001';
const SEED = `
insert into uptrends.etl_run (command) values ('sync');
insert into uptrends.account (account_id, iana_zone, iana_zone_exact, iana_zone_source, run_id) values ('a', 'UTC', true, 'api', 1);
insert into uptrends.monitor (account_id, monitor_guid, name, monitor_type, monitor_mode, config_hash, raw, run_id)
  values ('a', '${M1}', 'Shop', 'Https', 'Production', 'h', '{}', 1);
insert into uptrends.incident (account_id, monitor_guid, incident_key, started_at, ended_at, alert_count, reminder_count, last_alert_at, run_id)
  values ('a', '${M1}', 'k1', '2025-10-10T10:00:00Z', '2025-10-10T11:00:00Z', 2, 0, '2025-10-10T11:00:00Z', 1);
-- What a sync of the alerts from 2025-09-01 to 2025-11-01 would have recorded (src/load/ledgers/coverage.ts).
insert into uptrends.etl_coverage (account_id, stream, partition, covered, updated_by_run_id)
  values ('a', 'alerts', 'all', '{[2025-09-01T00:00:00Z,2025-11-01T00:00:00Z)}', 1);
`;
const clock = (): Date => new Date('2025-11-03T08:00:00Z');
const mailEnv = {
  SMTP_URL: 'smtp://127.0.0.1:2525',
  REPORT_MAIL_FROM: 'etl@example.com',
  REPORT_MAIL_TO: 'ops@example.com',
};

let tdb: TestDatabase;
let dir: string;
beforeAll(async () => {
  tdb = await createTestDatabase();
  await sql.raw(SEED).execute(tdb.warehouse.db);
  dir = mkdtempSync(path.join(os.tmpdir(), 'run-reports-'));
});
afterAll(async () => {
  await tdb.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('runReports', () => {
  it('writes both reports and returns their headline figures', async () => {
    const written: string[][] = [];
    const result = await runResolvedReports(
      loadConfig({}),
      tdb.warehouse,
      { period: { month: '2025-10' }, outDir: path.join(dir, 'both'), formats: ['xlsx'] },
      { clock, onWritten: (paths) => written.push([...paths]) },
    );
    expect(result.accountId).toBe('a');
    expect(result.period.label).toBe('October 2025');
    expect(result.paths.map((p) => path.basename(p))).toEqual([
      'uptrends-sla_2025-10_UTC.xlsx',
      'uptrends-incidents_2025-10_UTC.xlsx',
    ]);
    expect(written).toEqual([result.paths]);
    for (const file of result.paths) expect(existsSync(file)).toBe(true);
    // 60 minutes down of 744 hours: 100 x (1 - 1/744) = 99.8656 %, below the 99.9 % default.
    expect(result.sla?.headline).toEqual({
      uptime: 100 * (1 - 1 / 744),
      uptimeSource: 'incidents',
      target: 99.9,
      status: 'Missed',
      data: 'complete',
      monitors: 1,
      monitorsMissed: 1,
      incidents: 1,
      ongoing: 0,
      downtimeSeconds: 3600,
    });
    expect(result.incidents?.headline).toEqual({
      incidents: 1,
      started: 1,
      ongoing: 0,
      downtimeSeconds: 3600,
    });
    expect(result.mail).toBeNull();
  });

  it('holds the monitor to --default-target, and writes only the report asked for', async () => {
    const result = await runResolvedReports(
      loadConfig({}),
      tdb.warehouse,
      {
        reports: ['sla'],
        period: { month: '2025-10' },
        outDir: path.join(dir, 'sla'),
        formats: ['csv'],
        defaultTarget: 99.5,
      },
      { clock },
    );
    expect(result.incidents).toBeNull();
    expect(result.sla?.headline).toMatchObject({ target: 99.5, status: 'Met', monitorsMissed: 0 });
    expect(result.paths.every((p) => p.endsWith('.csv') && path.basename(p).startsWith('uptrends-sla'))).toBe(
      true,
    );
  });

  it('mails the written files to the configured recipients', async () => {
    const sent: SendReportMailOptions[] = [];
    const result = await runResolvedReports(
      loadConfig(mailEnv),
      tdb.warehouse,
      { period: { month: '2025-10' }, outDir: path.join(dir, 'mail'), formats: ['xlsx'], mail: true },
      {
        clock,
        sendMail: (options) => {
          sent.push(options);
          return Promise.resolve({
            messageId: 'm1',
            accepted: ['ops@example.com'],
            attached: options.files,
            omitted: [],
          });
        },
      },
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      smtpUrl: mailEnv.SMTP_URL,
      from: 'etl@example.com',
      to: ['ops@example.com'],
      files: result.paths,
    });
    expect(sent[0]!.sla).toBe(result.sla?.digest);
    expect(sent[0]!.incidents).toBe(result.incidents?.model);
    expect(result.mail?.messageId).toBe('m1');
  });

  it('shows the written files even when the mail fails', async () => {
    const written: string[][] = [];
    const failure = new MailError('MAIL_SERVER_UNREACHABLE', 'no server');
    const error = await runResolvedReports(
      loadConfig(mailEnv),
      tdb.warehouse,
      { period: { month: '2025-10' }, outDir: path.join(dir, 'fail'), formats: ['xlsx'], mail: true },
      { clock, onWritten: (paths) => written.push([...paths]), sendMail: () => Promise.reject(failure) },
    ).catch((e: unknown) => e);
    expect(error).toBe(failure);
    expect(written[0]).toHaveLength(2);
  });

  it('refuses to start without the mail settings, naming the missing ones', async () => {
    const error = await runResolvedReports(
      loadConfig({ REPORT_MAIL_TO: 'ops@example.com' }),
      tdb.warehouse,
      { period: { month: '2025-10' }, outDir: path.join(dir, 'never'), mail: true },
      { clock },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('set SMTP_URL, REPORT_MAIL_FROM');
    expect((error as Error).message).not.toContain('REPORT_MAIL_TO');
    expect(existsSync(path.join(dir, 'never'))).toBe(false);
  });
});
