/**
 * Issue 41: figures a manager reads the same way. The five worst rank by the uptime they show (not
 * by downtime: a monitor with long downtime over a long monitored time has the better uptime); two
 * uptime figures that differ by more than the stated margin are marked with the reason in words;
 * a budget used past 100 % reads as hours over budget.
 */
import { describe, expect, it } from 'vitest';
import { worstMonitors } from '../../../../src/reports/sla/model.ts';
import type { Figure } from '../../../../src/reports/queries/figures.ts';
import {
  UPTIME_AGREEMENT_MARGIN,
  uptimeAgreementNote,
} from '../../../../src/reports/sla/uptime-agreement.ts';
import { budgetUseText } from '../../../../src/reports/render/figure-format.ts';

const figure = (name: string, uptime: number, downtimeSeconds: number): Figure =>
  ({ name, uptime_percentage: uptime, incident_downtime_seconds: downtimeSeconds }) as unknown as Figure;

describe('the five worst monitors', () => {
  it('rank by the uptime they show, lowest first, whatever their downtime', () => {
    // "Long" was down 5 hours of a month checked every minute (99.3 %); "Short" 2 hours of a
    // monitor created on the 28th (97 %): by downtime Long came first and looked better than #2.
    const ranked = worstMonitors([
      figure('Long', 99.3, 5 * 3600),
      figure('Short', 97, 2 * 3600),
      figure('Fine', 99.95, 20 * 60),
      figure('Perfect', 100, 0),
    ]);
    expect(ranked.map((f) => f.name)).toEqual(['Short', 'Long', 'Fine']);
  });
});

describe('two uptime figures that disagree', () => {
  it(`are marked past ${UPTIME_AGREEMENT_MARGIN} pp, with the reason in words`, () => {
    // 98.662 % by the statistics, 5.066 % by the incidents (201 h down in 212 h): alerts say down.
    expect(
      uptimeAgreementNote({ statistics_uptime_percentage: 98.662, incident_uptime_percentage: 5.066 }),
    ).toBe(
      'Incidents 93.596 pp lower: alerts reported downtime the checks did not count (an incident left open, or alerts of checks the statistics leave out).',
    );
    expect(
      uptimeAgreementNote({ statistics_uptime_percentage: 97.9, incident_uptime_percentage: 99.9 }),
    ).toMatch(/^Statistics 2\.000 pp lower: errors the checks counted raised no alert/);
  });

  it('are not marked within the margin or without both figures', () => {
    expect(
      uptimeAgreementNote({ statistics_uptime_percentage: 99.5, incident_uptime_percentage: 99.9 }),
    ).toBeNull();
    expect(
      uptimeAgreementNote({ statistics_uptime_percentage: null, incident_uptime_percentage: 50 }),
    ).toBeNull();
  });
});

describe('a budget used', () => {
  it('reads as a share up to 100 % and as hours over budget past it', () => {
    // 43.2 min budget (99.9 % of 30 days): 30 min down is 69.4 %; 946 h 43.2 min down is 946:00 over.
    expect(budgetUseText(30 / 43.2, null)).toBe('69.4% of the error budget used');
    // The warehouse's over_budget_seconds: 946 h 43.2 min down less the 43.2 min budget.
    expect(budgetUseText(1314.4, 946 * 3600)).toBe('946:00 over budget (the whole error budget spent)');
    expect(budgetUseText(null, null)).toBe('no error budget');
  });
});
