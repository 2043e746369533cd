/**
 * Permanent outages, in-process with short retry waits (fast): the run ends with the documented
 * non-zero outcome within a bound set by the retry policy, names the route, and leaves the
 * watermark and everything loaded before untouched. The same through the CLI with the default
 * policy is in test/reliability/slow/faults-outage-cli.test.ts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes.ts';
import { PartialRunError } from '../../../src/errors.ts';
import { COMPARED_TABLES } from '../../support/reliability-concurrency.ts';
import { alertsWatermark } from '../../support/reliability-corpus.ts';
import { startReliabilityRig, type ReliabilityRig, type SyncOutcome } from '../../support/reliability-rig.ts';
import { tableSnapshot } from '../../support/table-snapshot.ts';

// The rig's retry policy waits at most 10 ms between 6 attempts; everything else is the run itself.
const BOUND_MS = 10_000;
let rig: ReliabilityRig;

beforeAll(async () => {
  rig = await startReliabilityRig({ seed: 6, monitors: 8, days: 30, now: new Date('2025-11-12T08:00:00Z') });
  const first = await rig.sync({ from: '2025-10-20', to: '2025-11-03', windowDays: 7 });
  expect(first.exitCode, first.error?.message).toBe(0);
});
afterAll(() => rig.close());

async function withOutage(regex: string, run: () => Promise<SyncOutcome>): Promise<SyncOutcome> {
  rig.sim.setFaults(`outage=${regex}`);
  try {
    return await run();
  } finally {
    rig.sim.setFaults(undefined);
  }
}

it('the alert route down for good: exit 8 (partial) within the bound, the route named, watermark and data unchanged', async () => {
  const watermark = await alertsWatermark(rig);
  const before = await rig.inspect((db) => tableSnapshot(db, ['alert', 'incident']));
  // The week after the loaded range: contiguous, so a success would have moved the watermark.
  const outcome = await withOutage('/Alert/MonitorGroup/', () =>
    rig.sync({ from: '2025-11-03', to: '2025-11-10' }),
  );
  expect(outcome.error).toBeInstanceOf(PartialRunError);
  expect(outcome.exitCode).toBe(EXIT.partial);
  expect(outcome.ms).toBeLessThan(BOUND_MS);
  expect(outcome.error?.message).toMatch(
    /alerts \(alerts window \[2025-11-0\dT00:00:00, 2025-11-\d\dT00:00:00\) of all failed: api GET \/Alert\/MonitorGroup\/\{guid\} answered 500/,
  );
  expect(outcome.summary).toBeUndefined();
  expect(await alertsWatermark(rig)).toEqual(watermark);
  expect(await rig.inspect((db) => tableSnapshot(db, ['alert', 'incident']))).toEqual(before);
  // The failing window used all 6 attempts before giving up.
  const alertAnswers = rig.sim.requestCounts().byRoute['GET /Alert/MonitorGroup/{monitorGroupGuid}'];
  expect(alertAnswers?.['500']).toBeGreaterThanOrEqual(6);
});

it('the whole API down for good: exit 4 within the bound, nothing written', async () => {
  const before = await rig.inspect((db) => tableSnapshot(db, COMPARED_TABLES));
  const outcome = await withOutage('.', () => rig.sync({ from: '2025-11-03', to: '2025-11-10' }));
  expect(outcome.exitCode).toBe(EXIT.api);
  expect(outcome.ms).toBeLessThan(BOUND_MS);
  expect(outcome.error?.message).toMatch(/api GET \/Account answered 500/);
  expect(await rig.inspect((db) => tableSnapshot(db, COMPARED_TABLES))).toEqual(before);
});
