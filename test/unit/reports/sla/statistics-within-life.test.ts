/**
 * A statistics bucket outside a monitor's life says nothing about it: a paused monitor (its life
 * ends at the pause) whose later buckets the service counts as up (paused time is "unknown",
 * counted as up, facts 3.2) must not have that time lift its Uptrends figure. The analyst views
 * apply the same rule (v_monitor_uptime_daily), so the two agree.
 */
import { describe, expect, it } from 'vitest';
import { computeMonitorFigures } from '../../../../src/reports/sla/monitor-figures.ts';
import { defaultSlaTarget } from '../../../../src/reports/sla/resolve-target.ts';
import { bucket, monitor, october } from './october-fixture.ts';

const P = 'dddddddd-0000-0000-0000-000000000004';

describe('statistics within the monitor life', () => {
  it("leaves out a paused monitor's buckets after its pause, keeps the one it was paused in", () => {
    // Paused on 3 October at 12:00 local (10:00Z).
    const paused = { ...monitor(P, 'Paused page', []), deleted_at: new Date('2025-10-03T10:00:00Z') };
    const statistics = [
      bucket(P, '2025-09-30T22:00:00Z', '2025-10-01T22:00:00Z', 86_000, 400, null),
      bucket(P, '2025-10-01T22:00:00Z', '2025-10-02T22:00:00Z', 86_400, 0, null),
      // The day of the pause: partly in its life.
      bucket(P, '2025-10-02T22:00:00Z', '2025-10-03T22:00:00Z', 43_000, 200, null),
      // After the pause: the service counts the paused time as up.
      bucket(P, '2025-10-03T22:00:00Z', '2025-10-04T22:00:00Z', 86_400, 0, null),
      bucket(P, '2025-10-04T22:00:00Z', '2025-10-05T22:00:00Z', 86_400, 0, null),
    ];
    const figures = computeMonitorFigures(
      paused,
      { incidents: [], maintenance: [], statistics },
      october,
      defaultSlaTarget({ desired: 99.9 }),
    );
    expect(figures.statsUptimeSeconds).toBe(86_000 + 86_400 + 43_000);
    expect(figures.statsDowntimeSeconds).toBe(600);
    expect(figures.uptimeUptrends).toBeCloseTo((100 * 215_400) / 216_000, 12);
    expect(figures.checks).toBe(3 * 288);
  });
});
