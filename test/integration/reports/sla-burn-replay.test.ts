/**
 * `--as-of` replays of a simulated month (the simulator's `early-warning` scenario, October 2025 in
 * Amsterdam: a month end and the autumn DST change): the at-risk report's model as of every local
 * midnight from 2 October to 3 November, against the early warning computed in this test from the
 * simulator's ground truth incidents (test/support/burn-truth.ts: plain date arithmetic, never the
 * project's functions). The burning monitor must go watch -> at risk -> breached, each before the
 * next, and the recovering one must enter at risk and leave it. The CLI's `report at-risk --as-of`
 * says the same for two of those instants.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import type { AtRiskModel } from '../../../src/reports/at-risk/model.ts';
import type { Burn } from '../../../src/reports/queries/sla-burn.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { amsterdamMidnight, truthBurn, type TruthService } from '../../support/burn-truth.ts';
import { jsonLines, runCli, writtenFiles } from '../../support/run-cli.ts';
import { syncEarlyWarning } from '../../support/early-warning-sync.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { atRiskModelOf } from '../../support/report-request.ts';

const NOW = new Date('2025-11-20T10:00:00Z');
const OCTOBER = { start: amsterdamMidnight(2025, 10, 1), end: amsterdamMidnight(2025, 11, 1) };
const NOVEMBER = { start: amsterdamMidnight(2025, 11, 1), end: amsterdamMidnight(2025, 12, 1) };
/** The instants replayed: every local midnight from 2 October to 3 November. */
const INSTANTS = [
  ...Array.from({ length: 30 }, (_, i) => amsterdamMidnight(2025, 10, i + 2)),
  amsterdamMidnight(2025, 11, 1),
  amsterdamMidnight(2025, 11, 2),
  amsterdamMidnight(2025, 11, 3),
];

let sim: RunningSimulator;
let tdb: TestDatabase;
let env: Record<string, string>;
const guids = new Map<string, string>();
/** The replay: as-of instant -> service name -> row. */
const replay = new Map<number, Map<string, Burn>>();
let models: AtRiskModel[] = [];

beforeAll(async () => {
  sim = await startSimulator({ seed: 5, monitors: 10, days: 70, now: NOW, scenario: 'early-warning' });
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  env = {
    ...tdb.env,
    UPTRENDS_API_URL: sim.apiUrl,
    UPTRENDS_USERNAME: sim.credentials.username,
    UPTRENDS_PASSWORD: sim.credentials.password,
  };
  for (const [name, guid] of await syncEarlyWarning(sim, loadConfig(env), NOW, ['maintenance_periods']))
    guids.set(name, guid);
  const warehouse = await tdb.reopen();
  models = [];
  for (const asOf of INSTANTS) {
    const model = await atRiskModelOf(warehouse.db, {
      asOf: new Date(asOf),
      monitorGroups: ['Checkout'],
      target: { desired: 99.9 },
      atRiskWithinDays: 3,
      clock: () => NOW,
    });
    models.push(model);
    replay.set(asOf, new Map(model.services.map((s) => [s.name, s])));
  }
  await tdb.release();
}, 240_000);
afterAll(async () => {
  await sim.close();
  await tdb.drop();
});

/** The scenario's services as the ground truth has them. */
function truthServices(): Record<string, TruthService> {
  const incidents = sim.truth.incidents();
  const of = (name: string) => incidents.filter((i) => i.monitorGuid === guids.get(name));
  return {
    // Statistics SlaTarget 99.5 (the scenario's SLA); the group has no SLA: the default 99.9.
    'Checkout API': { members: [of('Checkout API')], target: 99.5 },
    'Search API': { members: [of('Search API')], target: 99.5 },
    Checkout: { members: [of('Checkout API'), of('Search API')], target: 99.9 },
  };
}

describe('the early-warning scenario replayed day by day', () => {
  it('holds the two monitors and their group, with the targets of the scenario', () => {
    expect(guids.has('Checkout API') && guids.has('Search API')).toBe(true);
    for (const rows of replay.values()) {
      expect([...rows.keys()].sort()).toEqual(['Checkout', 'Checkout API', 'Search API']);
      expect(rows.get('Checkout API')!.target_percentage).toBe(99.5);
      expect(rows.get('Checkout')!.target_percentage).toBe(99.9);
    }
  });

  it('every state, budget and burn rate agrees with the ground truth, around the DST change and the month end', () => {
    const services = truthServices();
    const now = NOW.getTime();
    for (const asOf of INSTANTS) {
      const month = asOf <= OCTOBER.end ? OCTOBER : NOVEMBER;
      for (const [name, service] of Object.entries(services)) {
        const want = truthBurn(service, month.start, month.end, asOf, now);
        const got = replay.get(asOf)!.get(name)!;
        const at = `${name} as of ${new Date(asOf).toISOString()}`;
        expect(got.state, at).toBe(want.state);
        expect(got.period_budget_seconds!, at).toBeCloseTo(want.budget, 6);
        expect(got.budget_spent_seconds!, at).toBeCloseTo(want.spent, 6);
        expect(got.burn_rate_1d!, at).toBeCloseTo(want.rate1, 9);
        expect(got.burn_rate_3d!, at).toBeCloseTo(want.rate3, 9);
        expect(got.burn_rate_7d!, at).toBeCloseTo(want.rate7, 9);
      }
    }
  });

  it('warns of the burning monitor before it breaches: watch, then at risk, then breached', () => {
    const states = INSTANTS.filter((t) => t <= OCTOBER.end).map(
      (t) => replay.get(t)!.get('Checkout API')!.state,
    );
    const first = (state: string): number => states.indexOf(state as never);
    expect(first('watch')).toBeGreaterThan(0);
    expect(first('at risk')).toBeGreaterThan(first('watch'));
    expect(first('breached')).toBeGreaterThan(first('at risk'));
    // Once breached, breached to the end of the month; and never breached before it was at risk.
    expect(states.slice(first('breached')).every((s) => s === 'breached')).toBe(true);
    expect(states.slice(0, first('watch')).every((s) => s === 'ok')).toBe(true);
    // At risk means the budget runs out within the 3-day horizon at the pace of those days.
    const atRisk = INSTANTS[first('at risk')]!;
    const runsOut = replay.get(atRisk)!.get('Checkout API')!.runs_out_at!;
    expect(runsOut.getTime()).toBeGreaterThan(atRisk);
    expect(runsOut.getTime()).toBeLessThanOrEqual(atRisk + 3 * 86_400_000);
  });

  it('the recovering monitor enters at risk and leaves it, and ends the month ok', () => {
    const states = INSTANTS.filter((t) => t <= OCTOBER.end).map(
      (t) => replay.get(t)!.get('Search API')!.state,
    );
    const entered = states.indexOf('at risk');
    expect(entered).toBeGreaterThanOrEqual(0);
    const left = states.findIndex((s, i) => i > entered && s !== 'at risk');
    expect(left).toBeGreaterThan(entered);
    expect(states.at(-1)).toBe('ok');
    expect(states).not.toContain('breached');
  });

  it('a new month starts the budget afresh: 2 November judges November', () => {
    const nov2 = replay.get(amsterdamMidnight(2025, 11, 2))!.get('Checkout API')!;
    expect(nov2.period_start.getTime()).toBe(NOVEMBER.start);
    expect(nov2.budget_spent_seconds).toBe(0);
    const nov1 = replay.get(amsterdamMidnight(2025, 11, 1))!.get('Checkout API')!;
    expect(nov1.period_start.getTime()).toBe(OCTOBER.start);
    expect(nov1.state).toBe('breached');
  });
});

describe('report at-risk --as-of', () => {
  it('prints the states of the instant asked for, and writes the workbook and the PDF', async () => {
    const out = await mkdtemp(join(tmpdir(), 'at-risk-'));
    const at = (local: string) =>
      runCli(['report', 'at-risk', '--as-of', local, '--monitor-group', 'Checkout', '--out', out], env);
    try {
      // 23 October 00:00 (the 22nd judged): the burning monitor is at risk; 25 October: breached.
      const before = await at('2025-10-23');
      const after = await at('2025-10-25');
      for (const run of [before, after]) expect(run.code, run.stderr).toBe(0);
      const report = (stdout: string) => jsonLines(stdout).find((r) => r.result === 'report')!;
      const stateOf = (stdout: string, name: string) =>
        (report(stdout).warned as { name: string; state: string }[]).find((w) => w.name === name)?.state;
      expect(stateOf(before.stdout, 'Checkout API')).toBe(
        replay.get(amsterdamMidnight(2025, 10, 23))!.get('Checkout API')!.state,
      );
      expect(stateOf(before.stdout, 'Checkout API')).toBe('at risk');
      expect(stateOf(after.stdout, 'Checkout API')).toBe('breached');
      expect(writtenFiles(after.stdout).map((f) => f.slice(f.lastIndexOf('.')))).toEqual(['.xlsx', '.pdf']);
      expect(writtenFiles(after.stdout)[0]).toContain(
        'uptrends-at-risk_2025-10_as-of-2025-10-25T0000_Europe-Amsterdam',
      );
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
