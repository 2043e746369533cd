import { describe, expect, it } from 'vitest';
import { buildSlaModel } from '../../../../src/reports/sla/model.ts';
import { afterPeriod, octoberInput } from './october-fixture.ts';

describe('an SLA target override (a subscription sla_target)', () => {
  it('holds every monitor, group and the total to the override, whatever their own targets', () => {
    const own = buildSlaModel(octoberInput(), afterPeriod);
    // The fixture mixes sources, so the override has something to replace.
    expect(new Set(own.monitors.map((m) => m.figures.target.source)).size).toBeGreaterThan(1);
    const model = buildSlaModel(
      { ...octoberInput(), defaultTarget: { desired: 99.5, overrides: true } },
      afterPeriod,
    );
    for (const row of [
      ...model.monitors.map((m) => m.figures),
      ...model.groups.map((g) => g.figures),
      model.overall,
    ]) {
      expect(row.target).toMatchObject({ desired: 99.5, error: 99.5, source: 'Override' });
    }
    // Status follows the override: 99.712% overall is Met against 99.5.
    expect(model.overall.status).toBe('Met');
    const strict = buildSlaModel(
      { ...octoberInput(), defaultTarget: { desired: 99.9, overrides: true } },
      afterPeriod,
    );
    expect(strict.overall.status).toBe('Missed');
  });
});
