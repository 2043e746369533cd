/**
 * The "Monitors that missed a target" list of the SLA PDF and mail: a monitor judged by several SLA
 * definitions is named once, with the definitions behind each miss, and the list is capped.
 */
import { describe, expect, it } from 'vitest';
import type { SlaOverviewFigure, SlaOverviewSection } from '../../../../src/reports/queries/sla-overview.ts';
import { missedLines } from '../../../../src/reports/sla/sla-overview-text.ts';

type Misses = { status?: string; load?: boolean; response?: boolean };

function row(guid: string, name: string, m: Misses): SlaOverviewFigure {
  return {
    monitor_guid: guid,
    name,
    status: m.status ?? 'met',
    total_time_status: m.load === true ? 'error' : 'met',
    operator_response_status: m.response === true ? 'error' : 'met',
  } as unknown as SlaOverviewFigure;
}

function section(slaName: string, monitors: SlaOverviewFigure[]): SlaOverviewSection {
  return { slaName, monitors, account: null, exclusions: [] } as unknown as SlaOverviewSection;
}

describe('missedLines', () => {
  it('names a monitor once, with each miss and the definitions that judged it', () => {
    const lines = missedLines({
      slaOverview: [
        section('Gold', [row('a', 'Web A', { load: true }), row('b', 'Web B', {})]),
        section('Shop', [
          row('a', 'Web A', { load: true, status: 'error' }),
          row('b', 'Web B', { response: true }),
        ]),
      ],
    });
    expect(lines).toEqual([
      'Web A: load time (Gold, Shop); uptime error (Shop)',
      'Web B: response time (Shop)',
    ]);
  });

  it('names at most max monitors and counts the rest', () => {
    const monitors = ['1', '2', '3', '4'].map((g) => row(g, `M${g}`, { load: true }));
    const lines = missedLines({ slaOverview: [section('Gold', monitors)] }, 2);
    expect(lines).toEqual([
      'M1: load time (Gold)',
      'M2: load time (Gold)',
      'and 2 more monitor(s), each on the SLA overview sheet',
    ]);
  });

  it('says nothing when every monitor met every target', () => {
    expect(missedLines({ slaOverview: [section('Gold', [row('a', 'Web A', {})])] })).toEqual([]);
  });
});
