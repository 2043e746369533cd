/**
 * Issue 41: the demo's account looks like a real one. The `realistic` profile, checked from the
 * generated timeline by first principles (downtime = the incidents' [start, end) inside a month):
 * most Production monitors meet 99.9 % with uptimes from 99.5 % to 99.99 %, one or two miss last
 * month, exactly one incident is ongoing at the clock, one maintenance window exists; and the
 * failure-heavy profile stays the simulator's default, draw for draw.
 */
import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../../src/simulator/generate-dataset.ts';
import type { Dataset } from '../../../src/simulator/dataset.ts';
import { localMidnight } from '../../../src/time/calendar.ts';

const NOW = new Date('2026-11-28T04:50:00Z');
const ZONE = 'Europe/Amsterdam';
const OCTOBER = {
  start: localMidnight('2026-10-01', ZONE).getTime() / 1000,
  end: localMidnight('2026-11-01', ZONE).getTime() / 1000,
};

function downSeconds(ds: Dataset, index: number, from: number, to: number): number {
  const t = ds.timeline;
  let sum = 0;
  for (let k = t.monIncOffset[index]!; k < t.monIncOffset[index + 1]!; k++) {
    sum += Math.max(0, Math.min(t.incEnd[k]!, to) - Math.max(t.incStart[k]!, from));
  }
  return sum;
}

/** Production monitors checked through all of October. */
function octoberMonitors(ds: Dataset) {
  return ds.monitors.filter(
    (m) => m.mode === 'Production' && m.lifeStartSec <= OCTOBER.start && m.lifeEndSec >= OCTOBER.end,
  );
}

describe('the realistic profile', () => {
  const ds = generateDataset({ seed: 1, monitors: 50, days: 90, now: NOW, profile: 'realistic' });

  it('most monitors meet 99.9 % in the last full month, uptimes from 99.5 % to 99.99 %; one or two miss', () => {
    const monitors = octoberMonitors(ds);
    expect(monitors.length).toBeGreaterThan(20);
    const month = OCTOBER.end - OCTOBER.start;
    const uptimes = monitors.map((m) => 1 - downSeconds(ds, m.index, OCTOBER.start, OCTOBER.end) / month);
    const missed = uptimes.filter((u) => u < 0.999);
    expect(missed.length).toBeGreaterThanOrEqual(1);
    expect(missed.length).toBeLessThanOrEqual(2);
    expect(Math.min(...uptimes)).toBeGreaterThanOrEqual(0.995);
    // A healthy account: the median monitor is at 99.95 % or better.
    const sorted = [...uptimes].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeGreaterThanOrEqual(0.9995);
  });

  it('has exactly one incident ongoing at the clock and one maintenance window', () => {
    const now = NOW.getTime() / 1000;
    const t = ds.timeline;
    let ongoing = 0;
    for (let k = 0; k < t.incStart.length; k++) if (t.incStart[k]! <= now && t.incEnd[k]! > now) ongoing++;
    expect(ongoing).toBe(1);
    expect(ds.monitors.flatMap((m) => m.maintenance)).toHaveLength(1);
  });

  it('has an exclusion period of an SLA definition inside the history, ended before the clock', () => {
    // From and Until are account-local wall clocks; the history is the 90 days before NOW.
    const historyStart = new Date(NOW.getTime() - 90 * 86_400_000).toISOString().slice(0, 10);
    const exclusions = ds.slas.flatMap((s) => s.exclusions) as { From: string; Until: string }[];
    expect(exclusions.length).toBeGreaterThanOrEqual(1);
    for (const e of exclusions) {
      expect(e.From < e.Until).toBe(true);
      expect(e.From >= historyStart).toBe(true);
      expect(e.Until < NOW.toISOString().slice(0, 19)).toBe(true);
    }
  });

  it('spends this month some budgets fast (the early warning has something to show)', () => {
    const now = NOW.getTime() / 1000;
    const budget = (localMidnight('2026-12-01', ZONE).getTime() / 1000 - OCTOBER.end) * 0.001;
    const held = ds.monitors.filter((m) => m.mode === 'Production' && m.slaIndex === 1);
    const spent = held.map((m) => downSeconds(ds, m.index, OCTOBER.end, now));
    // Over the budget (breached), and between half and all of it (at risk or watch).
    expect(spent.filter((s) => s > budget).length).toBeGreaterThanOrEqual(1);
    expect(spent.filter((s) => s > budget / 2 && s < budget).length).toBeGreaterThanOrEqual(3);
  });

  it('is opt-in: the simulator serves the failure-heavy account unless told', () => {
    const plain = generateDataset({ seed: 1, monitors: 50, days: 90, now: NOW });
    const named = generateDataset({ seed: 1, monitors: 50, days: 90, now: NOW, profile: 'failure-heavy' });
    expect(Array.from(named.timeline.incStart)).toEqual(Array.from(plain.timeline.incStart));
    const month = OCTOBER.end - OCTOBER.start;
    const uptimes = octoberMonitors(plain).map(
      (m) => 1 - downSeconds(plain, m.index, OCTOBER.start, OCTOBER.end) / month,
    );
    expect(uptimes.filter((u) => u < 0.999).length).toBeGreaterThan(uptimes.length / 2);
  });
});
