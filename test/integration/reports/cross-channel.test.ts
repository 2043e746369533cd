/**
 * One figure, one number, in every channel (issue 29). Two simulated accounts in different zones
 * are synced from 20 September; for a whole month (October), a month read only from its 20th day
 * (September) and a week holding each zone's DST change, every report is written in every format
 * and mailed to a local SMTP sink. Every figure that appears in more than one place is read back
 * (workbook cells, CSV fields, PDF text, the mail's HTML and subject, and the warehouse's views and
 * functions) and must read the same after its documented rounding (render/figure-format.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import { sql } from 'kysely';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { silentLogger } from '../../../src/logger.ts';
import { DEFAULT_SYNC_OPTIONS } from '../../../src/pipeline/sync-options.ts';
import { runSync } from '../../../src/pipeline/run-sync.ts';
import type { Figure } from '../../../src/reports/queries/figures.ts';
import { dataWord, figureText, statusWord } from '../../../src/reports/render/figure-format.ts';
import type { ReportsResult } from '../../../src/reports/run-reports.ts';
import { runResolvedReports } from '../../support/report-request.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { parseCsv } from '../../unit/reports/csv-reader.ts';
import { durationMinutes, findRow, loadWorkbook, tableReader } from '../../unit/reports/xlsx-reader.ts';
import { readPdf } from '../../support/pdf-text.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const NOW = new Date('2025-11-12T08:00:00Z');
const FROM = '2025-09-20';

interface Case {
  readonly account: number;
  readonly name: string;
  readonly period:
    | { readonly month: string; readonly from?: undefined }
    | { readonly month?: undefined; readonly from: string; readonly to: string };
}

/** Account 1 is in Europe/Amsterdam (DST ends 26 October), account 2 in America/New_York (2 November). */
const CASES: readonly Case[] = [
  { account: 0, name: 'a whole month', period: { month: '2025-10' } },
  { account: 0, name: 'a month read from its 20th day', period: { month: '2025-09' } },
  { account: 0, name: 'a week holding the DST change', period: { from: '2025-10-20', to: '2025-10-27' } },
  { account: 1, name: 'a whole month', period: { month: '2025-10' } },
  { account: 1, name: 'a week holding the DST change', period: { from: '2025-10-27', to: '2025-11-03' } },
];

interface Mail {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}
const mails: Mail[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      void PostalMime.parse(Buffer.concat(chunks)).then((m) => {
        mails.push({ subject: m.subject ?? '', html: m.html ?? '', text: m.text ?? '' });
        callback();
      });
    });
  },
});

let sim: RunningSimulator;
let tdb: TestDatabase;
let dir: string;
let smtpPort = 0;
const results: { readonly c: Case; readonly result: ReportsResult; readonly mail: Mail }[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  dir = mkdtempSync(path.join(os.tmpdir(), 'cross-channel-'));
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  sim = await startSimulator({ seed: 29, accounts: 2, monitors: 8, days: 70, now: NOW });
  for (const account of sim.accounts) {
    const config = loadConfig({
      ...tdb.env,
      UPTRENDS_API_URL: sim.apiUrl,
      UPTRENDS_USERNAME: account.credentials.username,
      UPTRENDS_PASSWORD: account.credentials.password,
    });
    const summary = await runSync(
      config,
      { ...DEFAULT_SYNC_OPTIONS, from: FROM, to: '2025-11-12' },
      { logger: silentLogger(), clock: () => NOW },
    );
    expect(summary.status, JSON.stringify(summary.streams)).toBe('succeeded');
  }
  const warehouse = await tdb.reopen();
  const config = loadConfig({
    ...tdb.env,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    REPORT_MAIL_FROM: 'reports@example.com',
    REPORT_MAIL_TO: 'board@example.com',
  });
  for (const [index, c] of CASES.entries()) {
    const result = await runResolvedReports(
      config,
      warehouse,
      {
        accountId: sim.accounts[c.account]!.accountId,
        period: c.period,
        outDir: path.join(dir, String(index)),
        formats: ['xlsx', 'csv', 'pdf'],
        mail: true,
      },
      { clock: () => NOW },
    );
    results.push({ c, result, mail: mails.at(-1)! });
  }
}, 300_000);

afterAll(async () => {
  await sim?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await tdb?.drop();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

const file = (r: ReportsResult, prefix: string): string =>
  r.paths.find((p) => path.basename(p).startsWith(`${prefix}_`))!;

function csvRows(p: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(p, 'utf8')).records;
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

/** A number as the CSV holds it, or null for an empty field. */
const num = (text: string | undefined): number | null =>
  text === undefined || text === '' ? null : Number(text);

/** The text a percent cell shows (`0.000%`). */
const percentCell = (value: unknown): string =>
  typeof value === 'number' ? `${(value * 100).toFixed(3)}%` : typeof value === 'string' ? value : 'n/a';

/** The text a `[h]:mm` cell shows. */
function durationCell(cell: Parameters<typeof durationMinutes>[0]): string {
  const minutes = durationMinutes(cell);
  return minutes === null ? 'n/a' : `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The figures of the case's period straight from the warehouse function. */
async function sqlFigures(result: ReportsResult): Promise<Figure[]> {
  const previous = result.sla!.digest.previousPeriod;
  const rows = await sql<Figure>`
    select * from uptrends.figures(${result.accountId},
      array[tstzrange(${result.period.start}::timestamptz, ${result.period.end}::timestamptz),
            tstzrange(${previous.start}::timestamptz, ${previous.end}::timestamptz)],
      ${NOW}::timestamptz, p_default_target => 99.9, p_compare_to => array[2, null]::integer[])
    where window_index = 1`.execute(tdb.warehouse.db);
  return rows.rows;
}

/** The account row of each SLA definition, straight from the warehouse function. */
interface SlaAccountRow {
  sla_guid: string;
  sla_name: string;
  sla_uptime_percentage: number | null;
  status: string | null;
  data_state: string;
  downtime_seconds: number;
  downtime_percentage: number | null;
  confirmed_errors: string | number;
  average_total_time: number | null;
  total_time_threshold: number | null;
  operator_response_time: number | null;
  operator_response_time_threshold: number | null;
}
async function sqlSlaAccountRows(result: ReportsResult): Promise<SlaAccountRow[]> {
  const rows = await sql<SlaAccountRow>`
    select sla_guid::text as sla_guid, sla_name, sla_uptime_percentage, status, data_state,
           downtime_seconds, downtime_percentage, confirmed_errors, average_total_time,
           total_time_threshold, operator_response_time, operator_response_time_threshold
    from uptrends.sla_figures(${result.accountId},
      array[tstzrange(${result.period.start}::timestamptz, ${result.period.end}::timestamptz)],
      ${NOW}::timestamptz)
    where grain = 'account' order by sla_name`.execute(tdb.warehouse.db);
  return rows.rows;
}

/** A number with thousands separators, as `#,##0.0` shows it. */
const grouped = (value: number, digits: number): string =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Text as the mail's HTML escapes it. */
const escapeText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type ExcelRow = ExcelJS.Row;

/** `text` as a regular expression matching itself. */
const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** `name value` as the PDF's two-column figure table reads, `name: value` as the mail's text part. */
function expectFigure(pdfText: string, mailText: string, name: string, value: string): void {
  expect(pdfText).toContain(`${name} ${value}`);
  expect(mailText).toContain(`${name}: ${value}`);
}

describe.each(CASES.map((c, i) => ({ ...c, index: i, label: `account ${c.account + 1}, ${c.name}` })))(
  'every channel agrees: $label',
  ({ index }) => {
    const get = () => results[index]!;

    it('the account: workbook tiles, PDF, mail body and subject, and the warehouse', async () => {
      const { result, mail } = get();
      const sla = result.sla!.digest;
      const a = sla.account;
      const fromSql = (await sqlFigures(result)).find((f) => f.grain === 'account')!;
      const uptime = figureText('percent', fromSql.uptime_percentage);
      const downtime = figureText('duration', fromSql.period_downtime_seconds);
      expect(figureText('percent', a.uptime_percentage)).toBe(uptime);

      const workbook = await loadWorkbook(readFileSync(file(result, 'uptrends-sla')));
      const summary = workbook.getWorksheet('Summary')!;
      const tile = (label: string) => {
        for (let r = 1; r <= summary.rowCount; r += 1)
          for (let col = 1; col <= 8; col += 1)
            if (summary.getCell(r, col).value === label)
              return {
                value: summary.getCell(r + 1, col),
                previous: summary.getCell(r + 3, col),
                change: summary.getCell(r + 3, col + 1),
              };
        throw new Error(label);
      };
      expect(percentCell(tile('Availability').value.value)).toBe(uptime);
      expect(durationCell(tile('Downtime (account)').value)).toBe(downtime);
      expect(tile('Incidents').value.value).toBe(fromSql.incidents_started);
      expect(tile('Ongoing incidents').value.value).toBe(fromSql.ongoing_at_end);
      expect(tile('Monitors missing SLA').value.value).toBe(fromSql.members_missed);

      const pdf = await readPdf(file(result, 'uptrends-sla').replace(/\.xlsx$/, '.pdf'));
      const status = statusWord(fromSql.status, fromSql.data_state, fromSql.coverage);
      expectFigure(pdf.text, mail.text, 'Uptime', `${uptime} (target 99.900%: ${status})`);
      expectFigure(pdf.text, mail.text, 'Downtime', `${downtime} (h:mm) for the account as a whole`);
      expectFigure(
        pdf.text,
        mail.text,
        'Incidents',
        `${figureText('count', fromSql.incidents_started)} started, ${figureText('count', fromSql.ongoing_at_end)} ongoing at the end`,
      );
      expectFigure(
        pdf.text,
        mail.text,
        'Monitors missing SLA',
        `${fromSql.members_missed} of ${fromSql.members}`,
      );
      expect(mail.html).toContain(uptime);
      expect(mail.subject).toContain(`${uptime} uptime, target 99.900%`);
      expect(mail.subject).toContain(`${fromSql.members_missed} monitor(s) missed`);
    });

    it('the comparison with the previous period: labelled when it was read in part, no change drawn against it', async () => {
      const { result, mail } = get();
      const sla = result.sla!.digest;
      const previous = sla.accountPrevious;
      const workbook = await loadWorkbook(readFileSync(file(result, 'uptrends-sla')));
      const summary = workbook.getWorksheet('Summary')!;
      const compared = summary.getCell(findRow(summary, 'Compared with'), 2).text;
      const pdf = await readPdf(file(result, 'uptrends-sla').replace(/\.xlsx$/, '.pdf'));
      if (previous.data_state === 'complete') {
        expect(compared).toContain('(complete)');
        expect(sla.account.change_pp).not.toBeNull();
      } else {
        // September was read from its 20th day only; August not at all.
        const shown = `(incomplete, ${figureText('coverage', previous.coverage)} covered)`;
        if (previous.data_state === 'incomplete') {
          for (const text of [pdf.text, mail.text]) expect(text).toContain(shown);
        }
        for (const text of [pdf.text, mail.text])
          expect(text).not.toMatch(/Previous period:[^\n]*(better|worse)/);
        expect(sla.account.change_pp).toBeNull();
        for (const g of sla.groups) expect(g.change_pp).toBeNull();
      }
    });

    it('each group: sheet, CSV, PDF, mail and the warehouse', async () => {
      const { result, mail } = get();
      const sla = result.sla!.digest;
      const fromSql = (await sqlFigures(result)).filter((f) => f.grain === 'group');
      const workbook = await loadWorkbook(readFileSync(file(result, 'uptrends-sla')));
      const sheet = workbook.getWorksheet('Monitor groups')!;
      const t = tableReader(sheet, findRow(sheet, 'Group'), 'Group');
      const csv = csvRows(file(result, 'uptrends-sla-groups'));
      const pdf = await readPdf(file(result, 'uptrends-sla').replace(/\.xlsx$/, '.pdf'));
      expect(sla.groups.length).toBeGreaterThan(1);
      for (const g of sla.groups) {
        const s = fromSql.find((f) => f.monitor_group_guid === g.monitor_group_guid)!;
        const uptime = figureText('percent', s.uptime_percentage);
        const downtime = figureText('duration', s.incident_downtime_seconds);
        const status = statusWord(s.status, s.data_state, s.coverage);
        expect(percentCell(t.cell(g.name, 'Uptime').value)).toBe(uptime);
        expect(durationCell(t.cell(g.name, 'Downtime (h:mm)'))).toBe(downtime);
        expect(t.cell(g.name, 'Status').value).toBe(status);
        const row = csv.find((r) => r.group_guid === g.monitor_group_guid)!;
        expect(figureText('percent', num(row.uptime_pct))).toBe(uptime);
        expect(figureText('duration', (num(row.downtime_min) ?? 0) * 60)).toBe(downtime);
        expect(row.status).toBe(status);
        expect(num(row.ongoing)).toBe(s.ongoing_at_end);
        expect(num(row.change_pp)).toBe(
          s.change_pp === null ? null : Number(figureText('points', s.change_pp).replace(' pp', '')),
        );
        expect(pdf.text).toContain(`${g.name} ${figureText('count', s.members)} ${uptime}`);
        expect(mail.html).toMatch(new RegExp(`${literal(g.name)}</td><td[^>]*>${literal(uptime)}</td>`));
      }
    });

    it('each monitor: SLA sheet and CSV, the incident workbook and CSV, and the warehouse', async () => {
      const { result } = get();
      const fromSql = (await sqlFigures(result)).filter((f) => f.grain === 'monitor' && f.production);
      const slaBook = await loadWorkbook(readFileSync(file(result, 'uptrends-sla')));
      const monitors = slaBook.getWorksheet('Monitors')!;
      const t = tableReader(monitors, findRow(monitors, 'Group'), 'Monitor GUID');
      const incidentBook = await loadWorkbook(readFileSync(file(result, 'uptrends-incidents')));
      const perMonitor = incidentBook.getWorksheet('Per monitor')!;
      const pm = tableReader(perMonitor, findRow(perMonitor, 'Monitor'), 'Monitor');
      const slaCsv = csvRows(file(result, 'uptrends-sla-monitors'));
      const incidentCsv = csvRows(file(result, 'uptrends-incidents-summary'));
      expect(fromSql.length).toBeGreaterThan(0);
      for (const s of fromSql) {
        const guid = s.monitor_guid!;
        const downtime = figureText('duration', s.incident_downtime_seconds);
        expect(percentCell(t.cell(guid, 'Uptime').value)).toBe(figureText('percent', s.uptime_percentage));
        expect(durationCell(t.cell(guid, 'Downtime (h:mm)'))).toBe(downtime);
        expect(t.cell(guid, 'Ongoing').value).toBe(s.ongoing_at_end);
        // "Ongoing" is one rule: open at the end of the period, in both reports.
        expect(pm.cell(s.name, 'Ongoing').value).toBe(s.ongoing_at_end);
        expect(pm.cell(s.name, 'Incidents started').value).toBe(s.incidents_started);
        if (s.alerts_data_state !== 'no data')
          expect(durationCell(pm.cell(s.name, 'Downtime (h:mm)'))).toBe(downtime);
        const slaRow = slaCsv.find((r) => r.monitor_guid === guid)!;
        const incidentRow = incidentCsv.find((r) => r.monitor_guid === guid)!;
        expect(num(slaRow.ongoing)).toBe(s.ongoing_at_end);
        expect(num(incidentRow.ongoing)).toBe(s.ongoing_at_end);
        expect(num(slaRow.downtime_min)).toBe(Math.round((s.incident_downtime_seconds ?? 0) / 60));
        expect(figureText('percent', num(slaRow.uptime_pct))).toBe(
          figureText('percent', s.uptime_percentage),
        );
      }
    });

    it('the SLA overview per definition: sheet, CSV, PDF, mail and uptrends.sla_figures', async () => {
      const { result, mail } = get();
      const fromSql = await sqlSlaAccountRows(result);
      expect(fromSql.length).toBeGreaterThan(1);
      const workbook = await loadWorkbook(readFileSync(file(result, 'uptrends-sla')));
      const summary = workbook.getWorksheet('Summary')!;
      const basedOn = summary.getCell(findRow(summary, 'SLA based on'), 2).text;
      expect(basedOn).toContain('every SLA definition of the account');
      for (const r of fromSql) expect(basedOn).toContain(r.sla_name);
      const sheet = workbook.getWorksheet('SLA overview')!;
      const csv = csvRows(file(result, 'uptrends-sla-overview')).filter((r) => r.grain === 'account');
      const pdf = await readPdf(file(result, 'uptrends-sla').replace(/\.xlsx$/, '.pdf'));
      for (const r of fromSql) {
        // Each figure as the rounding rules write it, worked out here from the warehouse's row.
        const uptime = r.sla_uptime_percentage === null ? 'n/a' : `${r.sla_uptime_percentage.toFixed(3)}%`;
        const status =
          { met: 'Met', warning: 'Warning', error: 'Error' }[r.status ?? ''] ??
          (r.data_state === 'no data' ? 'No data' : 'Incomplete data');
        const against = (value: number | null, target: number | null, digits: number, unit: string) => {
          const t = target === null ? null : `${grouped(target, digits)} ${unit}`;
          if (value === null) {
            // No statistics for it: the cell says so in words, never 0.
            return t === null
              ? /^no \w+ \(no target set\)$/
              : new RegExp(`^no \\w+ \\(target ${literal(t)}\\)$`);
          }
          const v = `${grouped(value, digits)} ${unit}`;
          if (t === null) return new RegExp(`^${literal(v)} \\(no target set\\)$`);
          return new RegExp(`^${literal(`${v} (target ${t}): ${value <= target! ? 'Met' : 'Error'}`)}$`);
        };
        const load = against(r.average_total_time, r.total_time_threshold, 3, 's');
        const response = against(r.operator_response_time, r.operator_response_time_threshold, 1, 'min');
        const downtime = `${grouped(r.downtime_seconds / 60, 1)} min (${r.downtime_percentage === null ? 'n/a' : `${r.downtime_percentage.toFixed(3)}%`})`;
        const errors = figureText('count', Number(r.confirmed_errors));

        // The sheet: the account row of the definition's block.
        let block = '';
        let row: ExcelRow | undefined;
        sheet.eachRow((x) => {
          const first = x.getCell(1).text;
          if (first.startsWith('SLA based on: ')) block = first.slice(14).split(';')[0]!;
          if (block === r.sla_name && first === 'All monitors in scope') row = x;
        });
        expect(row, r.sla_name).toBeDefined();
        expect(percentCell(row!.getCell(3).value)).toBe(uptime);
        expect(row!.getCell(8).value).toBe(Number(r.confirmed_errors));
        expect(Number(row!.getCell(9).value).toFixed(1)).toBe((r.downtime_seconds / 60).toFixed(1));
        expect(row!.getCell(11).text).toBe(status);
        if (r.average_total_time === null) expect(row!.getCell(5).text).toMatch(/^no /);
        else expect(Number(row!.getCell(5).value).toFixed(3)).toBe(r.average_total_time.toFixed(3));
        if (r.operator_response_time === null) expect(row!.getCell(7).text).toMatch(/^no /);
        else expect(Number(row!.getCell(7).value).toFixed(1)).toBe(r.operator_response_time.toFixed(1));

        // The CSV row of the same definition.
        const c = csv.find((x) => x.sla_guid === r.sla_guid)!;
        expect(c.sla_uptime_pct === '' ? 'n/a' : `${Number(c.sla_uptime_pct).toFixed(3)}%`).toBe(uptime);
        expect(num(c.confirmed_errors)).toBe(Number(r.confirmed_errors));
        expect(Number(c.downtime_min).toFixed(1)).toBe((r.downtime_seconds / 60).toFixed(1));
        expect(c.uptime_status).toBe(status);
        expect(c.sla_total_time_s === '' ? null : Number(c.sla_total_time_s).toFixed(3)).toBe(
          r.average_total_time?.toFixed(3) ?? null,
        );
        expect(
          c.sla_operator_response_time_min === ''
            ? null
            : Number(c.sla_operator_response_time_min).toFixed(1),
        ).toBe(r.operator_response_time?.toFixed(1) ?? null);

        // The PDF's overview table row and the mail's line, the same words.
        const pdfRow = new RegExp(
          `${literal(r.sla_name)} ${literal(uptime)} ${status} (.+?) (?=${literal(errors)} ${literal(downtime)})`,
        ).exec(pdf.text);
        expect(pdfRow, `${r.sla_name} in the PDF`).not.toBeNull();
        const mailLine = mail.text.split('\n').find((l) => l.startsWith(`- ${r.sla_name}: SLA uptime `));
        expect(mailLine, `${r.sla_name} in the mail`).toBeDefined();
        const parts =
          /^- .+?: SLA uptime (\S+) \((.+?)\); Load time (.+?); Operator response time (.+?); Confirmed errors (\S+); Downtime (.+)$/.exec(
            mailLine!,
          );
        expect(parts).not.toBeNull();
        expect(parts![1]).toBe(uptime);
        expect(parts![2]).toBe(status);
        expect(parts![3]).toMatch(load);
        expect(parts![4]).toMatch(response);
        expect(parts![5]).toBe(errors);
        expect(parts![6]).toBe(downtime);
        expect(pdfRow![1]).toBe(`${parts![3]} ${parts![4]}`);
        expect(mail.html).toContain(escapeText(parts![3]!));
      }
    });

    it('a month: the analysts views give what the workbook shows, coverage counted over the whole month', async () => {
      const { c, result } = get();
      if (c.period.month === undefined) return;
      const month = `${c.period.month}-01`;
      const sla = result.sla!.digest;
      const groups = await sql<{
        monitor_group_guid: string;
        uptime_percentage: number | null;
        coverage: number | null;
        data_state: string;
        ongoing_at_end: number;
      }>`
        select monitor_group_guid, uptime_percentage, coverage, data_state, ongoing_at_end
        from uptrends.v_group_uptime_monthly where account_id = ${result.accountId} and month = ${month}::date`.execute(
        tdb.warehouse.db,
      );
      expect(groups.rows.length).toBe(sla.groups.length);
      for (const v of groups.rows) {
        const g = sla.groups.find((x) => x.monitor_group_guid === v.monitor_group_guid)!;
        expect(figureText('percent', v.uptime_percentage)).toBe(figureText('percent', g.uptime_percentage));
        expect(dataWord(v.data_state, v.coverage)).toBe(dataWord(g.data_state, g.coverage));
        expect(v.ongoing_at_end).toBe(g.ongoing_at_end);
      }
      const account = await sql<{
        uptime_percentage: number | null;
        coverage: number | null;
        data_state: string;
      }>`
        select uptime_percentage, coverage, data_state from uptrends.v_account_uptime_monthly
        where account_id = ${result.accountId} and month = ${month}::date`.execute(tdb.warehouse.db);
      expect(dataWord(account.rows[0]!.data_state, account.rows[0]!.coverage)).toBe(
        dataWord(sla.account.data_state, sla.account.coverage),
      );
      if (c.period.month === '2025-09') {
        // Read from the 20th: 11 of 30 days (a little more or less by the zone's offset).
        expect(sla.account.data_state).toBe('incomplete');
        expect(sla.account.coverage).toBeGreaterThan(0.33);
        expect(sla.account.coverage).toBeLessThan(0.4);
      }
    });
  },
);
