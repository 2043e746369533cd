/**
 * `uptrends-etl report ...` run as a user would: a spawned process on a small seeded warehouse.
 * Checks the files written and printed, the exit codes of bad periods and missing settings, and
 * that `report send` hands the written files to the SMTP server.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, writtenFiles } from '../../support/run-cli.ts';
import { loadWorkbook } from '../../unit/reports/xlsx-reader.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const ACCOUNT = 'acc-1';
const G_ALL = '00000000-0000-4000-8000-0000000000a0';
const G_WEB = '00000000-0000-4000-8000-0000000000a1';
const M1 = '10000000-0000-4000-8000-000000000001';
const M2 = '10000000-0000-4000-8000-000000000002';
const SLA_PREMIUM = '50000000-0000-4000-8000-000000000001';
const SLA_BASIC = '50000000-0000-4000-8000-000000000002';

const SEED = `
insert into uptrends.etl_run (command, status) values ('sync', 'succeeded');
insert into uptrends.account (account_id, iana_zone, iana_zone_exact, iana_zone_source, run_id)
  values ('${ACCOUNT}', 'Europe/Amsterdam', true, 'api', 1);
insert into uptrends.monitor (account_id, monitor_guid, name, monitor_type, monitor_mode, check_interval_seconds, config_hash, raw, run_id) values
  ('${ACCOUNT}', '${M1}', 'Shop home', 'Https', 'Production', 300, 'h', '{}', 1),
  ('${ACCOUNT}', '${M2}', 'API login', 'Https', 'Production', 60, 'h', '{}', 1);
insert into uptrends.monitor_group (account_id, monitor_group_guid, description, is_all, raw, run_id) values
  ('${ACCOUNT}', '${G_ALL}', 'All monitors', true, '{}', 1),
  ('${ACCOUNT}', '${G_WEB}', 'Webshop', false, '{}', 1);
insert into uptrends.sla (account_id, sla_guid, description, uptime_error_threshold, uptime_warning_threshold, load_time_error_threshold, operator_response_time_threshold, raw, run_id) values
  ('${ACCOUNT}', '${SLA_PREMIUM}', 'Premium', 99.5, 99.9, 2500, 15, '{}', 1),
  ('${ACCOUNT}', '${SLA_BASIC}', 'Basic', 98, 99, 8000, 60, '{}', 1);
insert into uptrends.monitor_group_member (account_id, monitor_group_guid, monitor_guid, run_id) values
  ('${ACCOUNT}', '${G_ALL}', '${M1}', 1), ('${ACCOUNT}', '${G_ALL}', '${M2}', 1), ('${ACCOUNT}', '${G_WEB}', '${M1}', 1);
insert into uptrends.incident (account_id, monitor_guid, incident_key, started_at, ended_at, alert_count, reminder_count, first_error_description, last_alert_at, run_id) values
  ('${ACCOUNT}', '${M1}', 'k1', '2025-10-05T09:00:00Z', '2025-10-05T10:00:00Z', 2, 0, 'HTTP 503', '2025-10-05T10:00:00Z', 1),
  ('${ACCOUNT}', '${M2}', 'k2', '2025-10-20T09:00:00Z', '2025-10-20T09:30:00Z', 2, 0, 'Timeout', '2025-10-20T09:30:00Z', 1);
insert into uptrends.alert (alert_id, account_id, monitor_guid, alert_type, raised_at, raised_at_local, first_error_at, monitor_check_id, first_error_monitor_check_id, error_description, incident_key, incident_key_derived, raw, run_id) values
  ('40000000-0000-4000-8000-000000000001', '${ACCOUNT}', '${M1}', 'Error', '2025-10-05T09:00:00Z', '2025-10-05T11:00:00', '2025-10-05T09:00:00Z', 1, 1, 'HTTP 503', 'k1', false, '{}', 1),
  ('40000000-0000-4000-8000-000000000002', '${ACCOUNT}', '${M1}', 'Ok', '2025-10-05T10:00:00Z', '2025-10-05T12:00:00', '2025-10-05T09:00:00Z', 2, 1, null, 'k1', false, '{}', 1),
  ('40000000-0000-4000-8000-000000000003', '${ACCOUNT}', '${M2}', 'Error', '2025-10-20T09:00:00Z', '2025-10-20T11:00:00', '2025-10-20T09:00:00Z', 3, 3, 'Timeout', 'k2', false, '{}', 1),
  ('40000000-0000-4000-8000-000000000004', '${ACCOUNT}', '${M2}', 'Ok', '2025-10-20T09:30:00Z', '2025-10-20T11:30:00', '2025-10-20T09:00:00Z', 4, 3, null, 'k2', false, '{}', 1);
`;

const received: { to: string[]; raw: Buffer }[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
      callback();
    });
  },
});

let seeded: TestDatabase;
let empty: TestDatabase;
let cwd: string;
let smtpPort = 0;
beforeAll(async () => {
  seeded = await createTestDatabase({ onDisk: true });
  await sql.raw(SEED).execute(seeded.warehouse.db);
  await seeded.release();
  empty = await createTestDatabase({ onDisk: true });
  await empty.release();
  cwd = mkdtempSync(path.join(os.tmpdir(), 'report-cli-'));
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await seeded.drop();
  await empty.drop();
  rmSync(cwd, { recursive: true, force: true });
});

const lines = writtenFiles;
const dataRows = (file: string): number =>
  readFileSync(file, 'utf8')
    .split('\r\n')
    .filter((l) => l !== '').length - 1;

/** The lines of `text` that are not JSON (a log read by a machine must hold none). */
function notJsonLines(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
}

describe('uptrends-etl report (spawned)', () => {
  it('report sla --month writes the workbook and CSVs, prints their paths, exits 0', async () => {
    const out = path.join(cwd, 'sla');
    const result = await runCli(
      ['report', 'sla', '--month', '2025-10', '--out', out, '--quiet'],
      seeded.env,
      cwd,
    );
    expect(result.code, result.stderr).toBe(0);
    const stem = (name: string, ext: string): string =>
      path.join(out, `${name}_2025-10_Europe-Amsterdam.${ext}`);
    expect(lines(result.stdout)).toEqual([
      stem('uptrends-sla', 'xlsx'),
      stem('uptrends-sla-monitors', 'csv'),
      stem('uptrends-sla-groups', 'csv'),
      stem('uptrends-sla-daily', 'csv'),
      stem('uptrends-sla-trend', 'csv'),
      stem('uptrends-sla-maintenance', 'csv'),
      stem('uptrends-sla-overview', 'csv'),
    ]);
    for (const file of lines(result.stdout)) expect(existsSync(file), file).toBe(true);
    expect(dataRows(stem('uptrends-sla-monitors', 'csv'))).toBe(2);
    // stderr holds the command's JSON log lines only: no warning of Node's about the libraries
    // bundled into the command (archiver's `new Buffer()` printed a DeprecationWarning on every
    // workbook).
    expect(notJsonLines(result.stderr)).toEqual([]);
  });

  it('report incidents --format csv with a group filter writes only CSVs of that group', async () => {
    const out = path.join(cwd, 'incidents');
    const result = await runCli(
      [
        'report',
        'incidents',
        '--month',
        '2025-10',
        '--monitor-group',
        'Webshop',
        '--format',
        'csv',
        '--out',
        out,
        '--quiet',
      ],
      seeded.env,
      cwd,
    );
    expect(result.code, result.stderr).toBe(0);
    const printed = lines(result.stdout);
    expect(printed.map((p) => path.basename(p))).toEqual([
      'uptrends-incidents_2025-10_Europe-Amsterdam.csv',
      'uptrends-incidents-summary_2025-10_Europe-Amsterdam.csv',
      'uptrends-alerts_2025-10_Europe-Amsterdam.csv',
    ]);
    // Webshop holds Shop home only: its one incident and its two alerts.
    expect(dataRows(printed[0]!)).toBe(1);
    expect(dataRows(printed[2]!)).toBe(2);
  });

  it.each([
    [['report', 'sla', '--month', '2025-13']],
    [['report', 'sla', '--preset', 'PreviousMonth', '--from', '2025-10-01', '--to', '2025-10-15']],
    [['report', 'incidents', '--from', '2025-10-15', '--to', '2025-10-01']],
    [['report', 'sla', '--format', 'docx']],
    [['report', 'sla', '--default-target', '101']],
  ])('exits 2 for a bad option: %j', async (args) => {
    const result = await runCli([...args, '--out', path.join(cwd, 'never')], seeded.env, cwd);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('CONFIG_INVALID');
    expect(existsSync(path.join(cwd, 'never'))).toBe(false);
  });

  it('refuses a period that has not ended (exit 2) unless --to-date, which labels every sheet "to date"', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const out = path.join(cwd, 'to-date');
    const refused = await runCli(['report', 'sla', '--month', month, '--out', out], seeded.env, cwd);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toMatch(/has not ended yet .*Pass --to-date/);
    expect(existsSync(out)).toBe(false);
    const future = await runCli(
      ['report', 'sla', '--month', '2030-01', '--to-date', '--out', out],
      seeded.env,
      cwd,
    );
    expect(future.code, future.stderr).toBe(2);
    expect(future.stderr).toMatch(/January 2030 has not started yet/);
    const partial = await runCli(
      ['report', 'sla', '--month', month, '--to-date', '--format', 'xlsx', '--out', out, '--quiet'],
      seeded.env,
      cwd,
    );
    expect(partial.code, partial.stderr).toBe(0);
    const workbook = await loadWorkbook(readFileSync(lines(partial.stdout)[0]!));
    expect(workbook.worksheets.length).toBeGreaterThan(3);
    for (const sheet of workbook.worksheets) {
      expect(sheet.getCell('A1').text, sheet.name).toMatch(/ to date/);
    }
  });

  it('exits 2 with "no data yet" on an empty warehouse, and names the group it cannot find', async () => {
    const none = await runCli(['report', 'sla', '--out', path.join(cwd, 'never')], empty.env, cwd);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no data yet: run uptrends-etl sync');
    const group = await runCli(
      ['report', 'sla', '--monitor-group', 'Nope', '--out', path.join(cwd, 'never')],
      seeded.env,
      cwd,
    );
    expect(group.code).toBe(2);
    expect(group.stderr).toContain('known groups: All monitors, Webshop');
  });

  it("report sla --sla chooses the SLA overview's definitions (name in any case or GUID); an unknown one exits 2 listing them", async () => {
    const out = path.join(cwd, 'sla-choice');
    const overviewNames = (dir: string): string[] => {
      const [header, ...rows] = readFileSync(
        path.join(dir, 'uptrends-sla-overview_2025-10_Europe-Amsterdam.csv'),
        'utf8',
      )
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter((l) => l !== '')
        .map((l) => l.split(','));
      const at = header!.indexOf('sla_name');
      return [...new Set(rows.map((r) => r[at]!))];
    };
    const every = await runCli(
      ['report', 'sla', '--month', '2025-10', '--format', 'csv', '--out', path.join(out, 'all'), '--quiet'],
      seeded.env,
      cwd,
    );
    expect(every.code, every.stderr).toBe(0);
    expect(overviewNames(path.join(out, 'all'))).toEqual(['Basic', 'Premium']);
    const one = await runCli(
      [
        'report',
        'sla',
        '--month',
        '2025-10',
        '--format',
        'csv',
        '--sla',
        'premium',
        '--out',
        path.join(out, 'one'),
        '--quiet',
      ],
      seeded.env,
      cwd,
    );
    expect(one.code, one.stderr).toBe(0);
    expect(overviewNames(path.join(out, 'one'))).toEqual(['Premium']);
    const unknown = await runCli(
      ['report', 'sla', '--month', '2025-10', '--sla', `${SLA_BASIC},Gold`, '--out', path.join(out, 'never')],
      seeded.env,
      cwd,
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--sla "Gold" is not an SLA definition of account');
    expect(unknown.stderr).toContain(`Basic (${SLA_BASIC}), Premium (${SLA_PREMIUM})`);
    expect(existsSync(path.join(out, 'never'))).toBe(false);
  });

  it('report send names every missing mail setting before writing anything', async () => {
    const result = await runCli(
      ['report', 'send', '--month', '2025-10', '--out', path.join(cwd, 'never')],
      seeded.env,
      cwd,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('SMTP_URL, REPORT_MAIL_FROM, REPORT_MAIL_TO');
    expect(existsSync(path.join(cwd, 'never'))).toBe(false);
  });

  it('report send writes both reports and mails exactly the printed files', async () => {
    const out = path.join(cwd, 'send');
    const env = {
      ...seeded.env,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      REPORT_MAIL_FROM: 'etl@example.com',
      REPORT_MAIL_TO: 'ops@example.com, boss@example.com',
    };
    const result = await runCli(
      ['report', 'send', '--month', '2025-10', '--format', 'xlsx', '--out', out, '--quiet'],
      env,
      cwd,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(notJsonLines(result.stderr)).toEqual([]);
    const printed = lines(result.stdout);
    expect(printed.map((p) => path.basename(p))).toEqual([
      'uptrends-sla_2025-10_Europe-Amsterdam.xlsx',
      'uptrends-incidents_2025-10_Europe-Amsterdam.xlsx',
    ]);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['ops@example.com', 'boss@example.com']);
    const mail = await PostalMime.parse(received[0]!.raw);
    expect(mail.subject).toContain('October 2025');
    // Besides the files, only the inline daily chart of the body (not an attachment to open).
    const attachments = mail.attachments.filter((a) => a.disposition !== 'inline');
    expect(mail.attachments.length - attachments.length).toBe(1);
    expect(attachments.map((a) => a.filename)).toEqual(printed.map((p) => path.basename(p)));
    for (const [i, file] of printed.entries()) {
      expect(Buffer.from(attachments[i]!.content as ArrayBuffer).equals(readFileSync(file))).toBe(true);
    }
  });
});
