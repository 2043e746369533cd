/**
 * A hand-made October 2025 account in Europe/Amsterdam for the early-warning tests
 * (test/integration/reports/sla-burn-figures.test.ts works out every figure of it by hand): five
 * monitors held to 99.5 % (no statistics, no group SLA: the report's default target), each with one
 * story, two groups, planned maintenance after the instant the tests mostly look from.
 */
import type { ReportFixture } from './report-fixture.ts';

/** The account id. */
export const ACCOUNT = '515151';
const guid = (n: number): string => `e0000000-0000-0000-0000-${String(n).padStart(12, '0')}`;
const QUIET = guid(1);
const SLOW = guid(2);
const FAST = guid(3);
const DOWN = guid(4);
const DST = guid(5);
const GA = guid(11);
const GB = guid(12);

/** October and November 2025 in Amsterdam, as UTC instants. */
export const OCTOBER = { start: new Date('2025-09-30T22:00:00Z'), end: new Date('2025-10-31T23:00:00Z') };
export const NOVEMBER = { start: new Date('2025-10-31T23:00:00Z'), end: new Date('2025-11-30T23:00:00Z') };
/** 21 October 00:00 CEST: 20 days elapsed (28,800 min), 11 days and the extra DST hour to come (15,900 min). */
export const A = new Date('2025-10-20T22:00:00Z');

/** Outages of `minutes` at 10:00Z on each local day given (day of October). */
const daily = (monitor: string, key: string, days: number[], minutes: number): ReportFixture['incidents'] =>
  days.map((d) => {
    const start = new Date(Date.UTC(2025, 9, d, 10, 0));
    return {
      monitor,
      key: `${key}${d}`,
      start: start.toISOString(),
      end: new Date(start.getTime() + minutes * 60_000).toISOString(),
    };
  });

/** The hand-made account: five monitors, two groups, one planned maintenance. */
export function burnFixture(): ReportFixture {
  return {
    account: ACCOUNT,
    zone: 'Europe/Amsterdam',
    monitors: [
      { guid: QUIET, name: 'Quiet' },
      { guid: SLOW, name: 'Slow' },
      { guid: FAST, name: 'Fast' },
      { guid: DOWN, name: 'Down' },
      { guid: DST, name: 'Dst' },
    ],
    groups: [
      { guid: GA, name: 'Calm', isAll: false, members: [QUIET, SLOW] },
      { guid: GB, name: 'Burning', isAll: false, members: [FAST, DOWN] },
    ],
    incidents: [
      ...daily(QUIET, 'q', [5], 10),
      ...daily(SLOW, 's', [14, 15, 16, 17, 18, 19, 20], 20),
      ...daily(FAST, 'f', [2], 5),
      ...daily(FAST, 'f', [18, 19, 20], 60),
      ...daily(DOWN, 'd', [10], 240),
      // 26 October, the 25-hour day: 12:00Z to 13:15Z.
      { monitor: DST, key: 'x1', start: '2025-10-26T12:00:00Z', end: '2025-10-26T13:15:00Z' },
    ],
    maintenance: [
      // Planned, after A: two hours that will not be monitored.
      {
        monitor: QUIET,
        type: 'DisableMonitoring',
        start: '2025-10-25T10:00:00Z',
        end: '2025-10-25T12:00:00Z',
      },
    ],
    statistics: [],
    slas: [],
    groupSla: {},
    alertsRead: [['2025-09-01T00:00:00Z', '2025-11-05T00:00:00Z']],
    statisticsRead: {},
  };
}
