/**
 * The physical bound of a window's alerts (issue 32, finding 13): monitors × checks in the window
 * × ALERTS_PER_CHECK, where a check is counted at both ends of the window.
 */
import { describe, expect, it } from 'vitest';
import { ALERTS_PER_CHECK, alertCapacity } from '../../../../src/pipeline/streams/alert-capacity.ts';

const HOUR = 3_600_000;

describe('alertCapacity', () => {
  it.each([
    // monitors, shortest interval (s), window (ms), checks per monitor
    [1, 60, HOUR, 61],
    [50, 60, 24 * HOUR, 1441],
    [50, 300, 23 * HOUR, 277], // a spring-forward day is 23 hours
    [3, 3600, 25 * HOUR, 26],
    [1, 60, 90_000, 3], // a part-check rounds up
  ])('%i monitors every %i s in %i ms: %i checks each', (monitors, interval, windowMs, checks) => {
    expect(alertCapacity({ monitors, shortestIntervalSeconds: interval }, windowMs)).toBe(
      monitors * checks * ALERTS_PER_CHECK,
    );
  });

  it('for the demo account (50 monitors, 1-day windows) it stops a chain at a seventh of the page cap', () => {
    const pages = alertCapacity({ monitors: 50, shortestIntervalSeconds: 60 }, 24 * HOUR) / 100;
    expect(pages).toBe(2_882);
    expect(pages).toBeLessThan(20_000 / 6);
  });
});
