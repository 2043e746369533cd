/**
 * A statistics bucket outside a monitor's life says nothing about it: a paused monitor (its life
 * ends at the pause) whose later buckets the service counts as up (paused time is "unknown",
 * counted as up, facts 3.2) must not have that time lift its Uptrends figure. One rule in
 * uptrends.figures, so the views and the workbook agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryFigures } from '../../../src/reports/queries/figures.ts';
import { loadReportFixture, octoberFixture, ACCOUNT, AFTER_OCTOBER } from '../../support/report-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

const P = 'dddddddd-0000-0000-0000-000000000004';
let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const fixture = octoberFixture();
  // Paused on 3 October at 12:00 local (10:00Z).
  fixture.monitors = [{ guid: P, name: 'Paused page', deleted: '2025-10-03T10:00:00Z', paused: true }];
  fixture.groups = [];
  fixture.incidents = [];
  fixture.maintenance = [];
  fixture.statistics = [
    {
      monitor: P,
      start: '2025-09-30T22:00:00Z',
      end: '2025-10-01T22:00:00Z',
      up: 86_000,
      down: 400,
      target: null,
    },
    {
      monitor: P,
      start: '2025-10-01T22:00:00Z',
      end: '2025-10-02T22:00:00Z',
      up: 86_400,
      down: 0,
      target: null,
    },
    // The day of the pause: partly in its life.
    {
      monitor: P,
      start: '2025-10-02T22:00:00Z',
      end: '2025-10-03T22:00:00Z',
      up: 43_000,
      down: 200,
      target: null,
    },
    // After the pause: the service counts the paused time as up.
    {
      monitor: P,
      start: '2025-10-03T22:00:00Z',
      end: '2025-10-04T22:00:00Z',
      up: 86_400,
      down: 0,
      target: null,
    },
    {
      monitor: P,
      start: '2025-10-04T22:00:00Z',
      end: '2025-10-05T22:00:00Z',
      up: 86_400,
      down: 0,
      target: null,
    },
  ];
  fixture.statisticsRead = { [P]: [['2025-07-31T22:00:00Z', '2025-11-05T05:00:00Z']] };
  await loadReportFixture(tdb.warehouse.db, fixture);
});
afterAll(async () => {
  await tdb.drop();
});

describe('statistics within the monitor life', () => {
  it("leaves out a paused monitor's buckets after its pause, keeps the one it was paused in", async () => {
    const [figure] = await queryFigures(
      tdb.warehouse.db,
      {
        accountId: ACCOUNT,
        monitorGuids: null,
        groupGuids: null,
        asOf: AFTER_OCTOBER,
        target: { desired: 99.9 },
      },
      [{ start: new Date('2025-09-30T22:00:00Z'), end: new Date('2025-10-31T23:00:00Z') }],
      { grains: ['monitor'] },
    );
    expect(figure!.statistics_uptime_seconds).toBe(86_000 + 86_400 + 43_000);
    expect(figure!.statistics_downtime_seconds).toBe(600);
    expect(figure!.statistics_uptime_percentage).toBeCloseTo((100 * 215_400) / 216_000, 12);
    expect(figure!.checks).toBe(3 * 288);
    // Its life in October: 1 Oct 00:00 local to 3 Oct 12:00 local = 60 h, all of it read.
    expect(figure!.required_seconds).toBe(60 * 3600);
    expect(figure!.data_state).toBe('complete');
  });
});
