/**
 * A runaway alert cursor is bounded also when the warehouse knows no monitor (issue 40, item 9):
 * `sync --streams monitor_groups,alerts` on a fresh warehouse. Before, only the page cap stopped
 * it (still reading after 200 s). Now the pages themselves bound the window: the monitors its
 * alerts name, each checking as often as any Uptrends monitor can (every 30 s), and no alert's
 * content served more than 10 times under fresh ids. The page cap here is 2,000 pages, so a guard
 * that does not fire shows as that cap's message.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes.ts';
import { ALERTS_PER_CHECK, FASTEST_CHECK_SECONDS } from '../../../src/pipeline/streams/alert-capacity.ts';
import { MAX_COPIES_PER_ALERT } from '../../../src/pipeline/streams/alert-page-evidence.ts';
import { alertsWatermark } from '../../support/reliability-corpus.ts';
import { startReliabilityRig, type ReliabilityRig } from '../../support/reliability-rig.ts';

const DAY = { from: '2025-11-03', to: '2025-11-04', windowDays: 1, maxPagesPerWindow: 2_000 };
const NAMED = '0b6d2a4e-53c4-4cf0-9d1e-6a1d5e7c0f11';
let rig: ReliabilityRig;

beforeAll(async () => {
  rig = await startReliabilityRig({ seed: 17, monitors: 3, days: 20, now: new Date('2025-11-12T08:00:00Z') });
  // The All Monitors group only: no monitor is loaded.
  const groups = await rig.sync({ streams: ['monitor_groups'] });
  expect(groups.exitCode, groups.error?.message).toBe(0);
});
afterAll(() => rig.close());

function alert(monitor: string, check: number, hour: number): unknown {
  return {
    Id: randomUUID(),
    Type: 'Alert',
    Attributes: {
      AlertType: 'Reminder',
      MonitorGuid: monitor,
      Timestamp: `2025-11-03T${String(hour).padStart(2, '0')}:00:00`,
      FirstError: '2025-11-03T09:00:00',
      MonitorCheckId: check,
      FirstErrorMonitorCheckId: 1,
      ErrorDescription: 'endless',
      IncidentKey: `${monitor}-0-1`,
    },
  };
}

async function readEndless(page: (n: number) => unknown[]): Promise<{ served: number; message: string }> {
  let served = 0;
  rig.sim.inject({
    match: /\/Alert\/MonitorGroup\//,
    times: 100_000,
    status: 200,
    transform: () => {
      served++;
      return { Data: page(served), Cursors: { Next: `fresh-${served}` } };
    },
  });
  try {
    const outcome = await rig.sync({ ...DAY, streams: ['alerts'] });
    expect(outcome.exitCode).toBe(EXIT.data);
    expect(await alertsWatermark(rig)).toBeNull();
    return { served, message: outcome.error?.message ?? '' };
  } finally {
    rig.sim.clearInjections();
  }
}

describe('an endless cursor with no monitor loaded', () => {
  it('fresh alerts of one named monitor: fails at what that monitor can raise', async () => {
    const { served, message } = await readEndless((n) =>
      Array.from({ length: 100 }, (_, i) => alert(NAMED, n * 100 + i + 1, 10 + ((n * 100 + i) % 12))),
    );
    // One monitor checking every 30 s: (86,400 / 30 + 1) checks × 4 alerts in a 24-hour window.
    const capacity = ((24 * 3600) / FASTEST_CHECK_SECONDS + 1) * ALERTS_PER_CHECK;
    expect(capacity).toBe(11_524);
    expect(served).toBe(Math.floor(capacity / 100) + 1);
    expect(message).toMatch(
      /alerts window \[2025-11-03T00:00:00, 2025-11-04T00:00:00\) of all failed: Cursor chain beyond what the monitors can raise: 11,600 alerts read in 116 pages, but 1 monitor \(named by the alerts; none is loaded yet\) checked at most every 30 s can raise at most 11,524/,
    );
  });

  it('the same page under fresh ids, naming many monitors: fails once an alert came more than 10 times', async () => {
    const monitors = Array.from({ length: 100 }, () => randomUUID());
    const { served, message } = await readEndless(() => monitors.map((m, i) => alert(m, i + 1, 10)));
    expect(MAX_COPIES_PER_ALERT).toBe(10);
    expect(served).toBe(11);
    expect(message).toMatch(
      /Cursor chain serving the same alerts again under fresh ids: one alert's content came 11 times in 11 pages/,
    );
  });
});
