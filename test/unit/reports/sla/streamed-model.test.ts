/**
 * The SLA model is the same whether its facts arrive as rows (buildSlaModel) or as columns a
 * batch of monitors at a time (buildStreamedSlaModel), in any batch size and order.
 */
import { describe, expect, it } from 'vitest';
import type { SlaFactsBatch } from '../../../../src/reports/queries/report-input.ts';
import { buildSlaModel, buildStreamedSlaModel } from '../../../../src/reports/sla/model.ts';
import { factColumnsByMonitor } from '../../../../src/reports/sla/monitor-facts.ts';
import { afterPeriod, octoberInput } from './october-fixture.ts';

describe('buildStreamedSlaModel', () => {
  it('equals buildSlaModel for batches of one monitor, in reverse order, and for one batch', async () => {
    const input = octoberInput();
    const { incidents, statistics, ...frame } = input;
    const columns = factColumnsByMonitor(incidents, statistics);
    const guids = input.monitors.map((m) => m.monitor_guid);
    const expected = buildSlaModel(input, afterPeriod);
    expect(expected.monitors.length).toBeGreaterThan(1);
    const layouts: (readonly string[])[][] = [guids.map((g) => [g]).reverse(), [guids]];
    for (const layout of layouts) {
      const facts = async function* (): AsyncGenerator<SlaFactsBatch> {
        for (const monitorGuids of layout) {
          yield await Promise.resolve({
            monitorGuids,
            facts: new Map(monitorGuids.flatMap((g) => (columns.has(g) ? [[g, columns.get(g)!]] : []))),
          });
        }
      };
      expect(await buildStreamedSlaModel({ ...frame, facts }, afterPeriod)).toEqual(expected);
    }
  });

  it('gives a monitor that no batch lists no incidents and no statistics', async () => {
    const input = octoberInput();
    const { incidents: _incidents, statistics: _statistics, ...frame } = input;
    const empty = buildSlaModel({ ...input, incidents: [], statistics: [] }, afterPeriod);
    const facts = async function* (): AsyncGenerator<SlaFactsBatch> {};
    expect(await buildStreamedSlaModel({ ...frame, facts }, afterPeriod)).toEqual(empty);
  });
});
