/**
 * The early warning closes its warehouse once the figures are read, before its files are drawn
 * (issue 42): on the embedded engine, `report at-risk` held the engine's memory while the
 * workbook, the chart and the PDF took theirs, and peaked at 305 MB instead of 213 on the demo's
 * warehouse. Checked on the hand-made October account (test/support/burn-fixture.ts): the files
 * are the same as without the early close, none exists yet when the warehouse is closed, and
 * nothing reads it afterwards (a closed warehouse refuses every query).
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAtRiskReport as runAtRiskJob } from '../../../src/api/report-job.ts';
import { loadConfig } from '../../../src/config.ts';
import type { Warehouse } from '../../../src/load/connection/db.ts';
import { queryReportAccount, type ReportAccount } from '../../../src/reports/queries/scope.ts';
import { runAtRiskReport } from '../../../src/reports/run-at-risk-report.ts';
import { A, ACCOUNT, burnFixture } from '../../support/burn-fixture.ts';
import { loadReportFixture } from '../../support/report-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const clock = () => new Date('2025-11-05T06:00:00Z');
let tdb: TestDatabase;
let account: ReportAccount;
const dirs: string[] = [];

async function outDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'close-after-reads-'));
  dirs.push(dir);
  return join(dir, 'reports');
}

/** The files of a run by name, their text (the CSV) or size (the workbook, whose zip is dated). */
async function contents(paths: readonly string[]): Promise<Record<string, string | number>> {
  const out: Record<string, string | number> = {};
  for (const p of paths) {
    const bytes = await readFile(p);
    out[basename(p)] = p.endsWith('.csv') ? bytes.toString('utf8') : bytes.length > 0 ? 1 : 0;
  }
  return out;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  await loadReportFixture(tdb.warehouse.db, burnFixture());
  account = await queryReportAccount(tdb.warehouse.db, ACCOUNT);
});
afterAll(async () => {
  await tdb.drop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('the at-risk report with afterReads', () => {
  const options = (dir: string) => ({
    account,
    asOf: A,
    defaultTarget: 99.5,
    outDir: dir,
    formats: ['csv', 'xlsx'] as const,
  });

  it('the job closes a given warehouse before drawing when asked, and only then', async () => {
    const config = loadConfig({ ...tdb.env, UPTRENDS_API_URL: 'http://127.0.0.1:9/v4' });
    for (const closeAfterReads of [true, false]) {
      const dir = await outDir();
      const closes: string[][] = [];
      // The warehouse as the CLI hands it over; its close is counted, and the CLI closes it at the end.
      const given: Warehouse = {
        ...tdb.warehouse,
        close: () => {
          closes.push(existsSync(dir) ? readdirSync(dir) : []);
          return Promise.resolve();
        },
      };
      const run = await runAtRiskJob({
        config,
        clock,
        asOf: A,
        accountId: ACCOUNT,
        outDir: dir,
        formats: ['csv'],
        openWarehouse: () => Promise.resolve(given),
        closeAfterReads,
      });
      expect(run.paths.length).toBe(1);
      expect(closes).toEqual(closeAfterReads ? [[]] : []);
    }
  });

  it('writes the same files, none before the warehouse is closed, and reads nothing after', async () => {
    const plainDir = await outDir();
    const plain = await runAtRiskReport(tdb.warehouse, options(plainDir), { clock });

    const dir = await outDir();
    let seenAtClose: string[] | undefined;
    const early = await runAtRiskReport(tdb.warehouse, options(dir), {
      clock,
      afterReads: async () => {
        seenAtClose = existsSync(dir) ? readdirSync(dir) : [];
        await tdb.warehouse.close();
      },
    });
    expect(seenAtClose).toEqual([]);
    expect(early.paths.map((p) => basename(p))).toEqual(plain.paths.map((p) => basename(p)));
    expect(await contents(early.paths)).toEqual(await contents(plain.paths));
    expect(early.model.counts).toEqual(plain.model.counts);
    // Closed for good: a report that read after afterReads would have failed.
    await expect(sql`select 1`.execute(tdb.warehouse.db)).rejects.toThrow();
    // And closing again (the opener's own close at the end) is a no-op.
    await expect(tdb.warehouse.close()).resolves.toBeUndefined();
  });
});
