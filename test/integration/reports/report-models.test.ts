/**
 * The models of a run that writes both reports never share the heap: by the time the incident
 * model is read, nothing holds the SLA model any more, only its digest (at 10,000 monitors the
 * model is tens of megabytes; `report send` peaked 60 MB higher while a frame of the writer still
 * held it). Checked with a WeakRef and node's own collector.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReportModels, writeReportFiles, type ReportModels } from '../../../src/reports/run-reports.ts';
import type { SlaOverviewFigure } from '../../../src/reports/queries/sla-overview.ts';
import type { SlaModel } from '../../../src/reports/sla/model-types.ts';
import { AFTER_OCTOBER, loadReportFixture, octoberFixture } from '../../support/report-fixture.ts';
import { reportRequest, slaModelOf } from '../../support/report-request.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const clock = (): Date => AFTER_OCTOBER;

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Whether `ref`'s target survives a full collection (WeakRefs hold their target for one job). */
async function survives(ref: WeakRef<object>): Promise<boolean> {
  await new Promise((resolve) => setImmediate(resolve));
  collect();
  await new Promise((resolve) => setImmediate(resolve));
  return ref.deref() !== undefined;
}

let tdb: TestDatabase;
let dir: string;
beforeAll(async () => {
  tdb = await createTestDatabase();
  await loadReportFixture(tdb.warehouse.db, octoberFixture());
  dir = mkdtempSync(path.join(os.tmpdir(), 'report-models-'));
});
afterAll(async () => {
  await tdb.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** The run's models with the SLA model watched and a probe run as the incident model is read. */
function watched(
  models: ReportModels,
  refs: { model?: WeakRef<SlaModel>; rows?: WeakRef<object> },
  probe: () => Promise<void>,
): ReportModels {
  return {
    ...models,
    sla: async () => {
      const model = await models.sla!();
      refs.model = new WeakRef(model);
      refs.rows = new WeakRef(model.daily.rows);
      return model;
    },
    incidents: async () => {
      await probe();
      return models.incidents!();
    },
  };
}

describe('the models of one run', () => {
  it('let the SLA model go before the incident model is read, keeping its digest', async () => {
    const request = await reportRequest(
      tdb.warehouse.db,
      { period: { month: '2025-10' }, outDir: path.join(dir, 'both'), formats: ['xlsx', 'csv'] },
      clock,
    );
    const models = await loadReportModels(tdb.warehouse.db, request, clock);
    // Started in October (local): a2, a3, a4 (Web A), b1 (API B), c1 (DNS C); a1 began in September.
    expect(models.account.incidents_started).toBe(5);
    const refs: { model?: WeakRef<SlaModel>; rows?: WeakRef<object> } = {};
    const seen: { model: boolean; rows: boolean }[] = [];
    const written = await writeReportFiles(
      watched(models, refs, async () => {
        seen.push({ model: await survives(refs.model!), rows: await survives(refs.rows!) });
      }),
      request,
      { clock },
    );
    expect(seen).toEqual([{ model: false, rows: false }]);
    // The digest keeps what the mail reads: the account, the groups, the account's daily figures.
    const digest = written.sla!.digest;
    expect(digest.account.incidents_started).toBe(models.account.incidents_started);
    expect(digest.groups.map((g) => g.name)).toContain('Shop');
    expect(digest.daily.days).toHaveLength(31);
    // 12 October (local): Web A down 10:15-10:45Z (30 min, notifications-only maintenance is still
    // downtime), DNS C up, API B not yet created: 100 x (1 - 30 / (2 x 1440)).
    expect(digest.daily.account.at(11)?.incident_uptime_percentage).toBeCloseTo(100 * (1 - 30 / 2880), 9);
    expect(written.incidents?.headline.started).toBe(models.account.incidents_started);
  });

  it('hands each model over once', async () => {
    const request = await reportRequest(
      tdb.warehouse.db,
      { period: { month: '2025-10' }, outDir: path.join(dir, 'once'), formats: ['csv'] },
      clock,
    );
    const models = await loadReportModels(tdb.warehouse.db, request, clock);
    await writeReportFiles(models, request, { clock });
    await expect(writeReportFiles(models, request, { clock })).rejects.toThrow(
      'the SLA model was already written',
    );
  });

  it('keeps in the digest every SLA definition and only the monitors that missed a target', async () => {
    const options = {
      period: { month: '2025-10' },
      outDir: path.join(dir, 'overview'),
      formats: ['csv'] as const,
    };
    const request = await reportRequest(tdb.warehouse.db, options, clock);
    const model = await slaModelOf(tdb.warehouse.db, { ...options, clock });
    const missed = (m: SlaOverviewFigure): boolean =>
      m.status === 'error' ||
      m.status === 'warning' ||
      m.total_time_status === 'error' ||
      m.operator_response_status === 'error';
    const rows = model.slaOverview.flatMap((s) => s.monitors);
    // The fixture has monitors on both sides, so the filter can fail either way.
    expect(rows.some(missed)).toBe(true);
    expect(rows.some((m) => !missed(m))).toBe(true);
    const { sla } = await writeReportFiles(
      await loadReportModels(tdb.warehouse.db, request, clock),
      request,
      {
        clock,
      },
    );
    expect(sla!.digest.slaOverview.map((s) => [s.slaName, s.account])).toEqual(
      model.slaOverview.map((s) => [s.slaName, s.account]),
    );
    expect(sla!.digest.slaOverview.map((s) => s.monitors)).toEqual(
      model.slaOverview.map((s) => s.monitors.filter(missed)),
    );
  });
});
