/**
 * A cursor chain ends at what the account's monitors can physically raise (issue 32, finding 13).
 * The attack: every page of a window holds 100 new alerts (fresh ids) and a fresh cursor, for
 * ever. Neither the loop guard (no cursor repeats) nor the runaway guard (no empty pages) sees it;
 * before, only the page cap of 20,000 pages per window stopped it (200 s and 170 MB into a run it
 * was still reading). Now the window fails as soon as it holds more alerts than its monitors can
 * raise: monitors × (window / shortest check interval + 1) × 4, a few hundred pages here.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes.ts';
import { ALERTS_PER_CHECK } from '../../../src/pipeline/streams/alert-capacity.ts';
import { alertsWatermark } from '../../support/reliability-corpus.ts';
import { startReliabilityRig, type ReliabilityRig } from '../../support/reliability-rig.ts';

const DAY = { from: '2025-11-03', to: '2025-11-04', windowDays: 1 };
let rig: ReliabilityRig;
let monitor: { guid: string; monitors: number; shortest: number };

beforeAll(async () => {
  rig = await startReliabilityRig({ seed: 13, monitors: 3, days: 20, now: new Date('2025-11-12T08:00:00Z') });
  const config = await rig.sync({ streams: ['timezones', 'monitors', 'monitor_groups'] });
  expect(config.exitCode, config.error?.message).toBe(0);
  monitor = await rig.inspect(async (db) => {
    const row = (
      await sql<{ guid: string; monitors: number; shortest: number }>`
        select min(monitor_guid::text) as guid, count(*)::int as monitors,
               min(check_interval_seconds)::int as shortest
        from uptrends.monitor`.execute(db)
    ).rows[0]!;
    return row;
  });
});
afterAll(() => rig.close());

/** A page of 100 alerts no page had before, of one incident of one monitor, in the window. */
function freshPage(page: number): unknown {
  return {
    Data: Array.from({ length: 100 }, (_, i) => {
      const check = page * 100 + i + 1;
      return {
        Id: randomUUID(),
        Type: 'Alert',
        Attributes: {
          AlertType: 'Reminder',
          MonitorGuid: monitor.guid,
          Timestamp: `2025-11-03T${String(10 + (check % 12)).padStart(2, '0')}:00:00`,
          FirstError: '2025-11-03T09:00:00',
          MonitorCheckId: check,
          FirstErrorMonitorCheckId: 1,
          ErrorDescription: 'endless',
          IncidentKey: `${monitor.guid}-0-1`,
        },
      };
    }),
    Cursors: { Next: `fresh-${page}` },
  };
}

describe('a cursor chain longer than the monitors can fill', () => {
  it('fails its window within seconds, naming stream and window, far below the page cap', async () => {
    const capacity = monitor.monitors * ((24 * 3600) / monitor.shortest + 1) * ALERTS_PER_CHECK;
    const expectedPages = Math.floor(capacity / 100) + 1;
    expect(expectedPages).toBeLessThan(1_000);
    let served = 0;
    rig.sim.inject({
      match: /\/Alert\/MonitorGroup\//,
      times: 100_000,
      status: 200,
      transform: () => freshPage(++served),
    });
    const started = Date.now();
    try {
      const outcome = await rig.sync({ ...DAY, streams: ['alerts'] });
      expect(outcome.exitCode).toBe(EXIT.data);
      expect(outcome.error?.message).toMatch(
        /alerts window \[2025-11-03T00:00:00, 2025-11-04T00:00:00\) of all failed: Cursor chain beyond what the monitors can raise: [\d,]+ alerts read in \d+ pages, but 3 monitors checked at most every \d+ s can raise at most [\d,]+ in this 24-hour window/,
      );
    } finally {
      rig.sim.clearInjections();
    }
    expect(served).toBe(expectedPages);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(await alertsWatermark(rig)).toBeNull();
  }, 120_000);
});
