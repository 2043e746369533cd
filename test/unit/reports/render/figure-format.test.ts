/**
 * One rounding rule per unit, for every channel: the workbook cell, the CSV field and the text of
 * the PDF, the mail and the subject show the same digits of the same figure.
 */
import { describe, expect, it } from 'vitest';
import {
  budgetLeftText,
  comparisonText,
  dataWord,
  figureCell,
  figureCsv,
  figureText,
  instantCell,
  instantText,
  previousText,
  shownValue,
  statusWord,
  UNIT_FORMAT,
} from '../../../../src/reports/render/figure-format.ts';
import { NUMBER_FORMATS } from '../../../../src/reports/render/cell-types.ts';

describe('figure-format', () => {
  it('rounds durations to whole minutes, half up, in every channel', () => {
    // 17 h 43 min 30 s: 1,063.5 minutes -> 1,064 (a truncating channel would show 17:43).
    const seconds = 17 * 3600 + 43 * 60 + 30;
    expect(shownValue('duration', seconds)).toBe(1064);
    expect(figureText('duration', seconds)).toBe('17:44');
    expect(figureCsv('duration', seconds)).toBe(1064);
    expect(figureCell('duration', seconds)).toBe(1064 / 1440);
    expect(figureText('duration', 29)).toBe('0:00');
    expect(figureText('duration', 30)).toBe('0:01');
    expect(figureText('duration', 40 * 3600)).toBe('40:00');
  });

  it('writes burn rates with two decimals and a times sign, in every channel', () => {
    expect(figureText('rate', 8.333333333)).toBe('8.33×');
    expect(figureText('rate', 0)).toBe('0.00×');
    expect(figureText('rate', 2.675)).toBe('2.68×');
    expect(figureCsv('rate', 8.333333333)).toBe(8.33);
    expect(figureCell('rate', 8.333333333)).toBe(8.33);
    expect(figureText('rate', null)).toBe('n/a');
  });

  it('writes a burn rate above 100 as "> 100×" in text and in the cell, keeping the value (issue 41)', () => {
    // 1000.00× did not fit its column (### in LibreOffice) and wrapped in the PDF.
    expect(figureText('rate', 1000)).toBe('> 100×');
    expect(figureText('rate', 100)).toBe('100.00×');
    expect(figureCell('rate', 1000)).toBe(1000);
    expect(figureCsv('rate', 1000)).toBe(1000);
    expect(NUMBER_FORMATS[UNIT_FORMAT.rate!]).toBe('[>100]"> 100×";0.00"×"');
  });

  it('writes a budget left in hours and minutes, over budget when more is spent (issue 41)', () => {
    expect(budgetLeftText(90 * 60, null)).toBe('1:30 left');
    // Over budget: the warehouse's figure of the downtime beyond the budget (sla_burn).
    expect(budgetLeftText(-(25 * 60 + 3 * 3600), 25 * 60 + 3 * 3600)).toBe('3:25 over budget');
    expect(budgetLeftText(0, null)).toBe('0:00 left');
    expect(budgetLeftText(null, null)).toBe('n/a');
  });

  it('writes instants as the local wall clock cut to the minute', () => {
    // 2025-10-25T02:12:59Z is 04:12:59 CEST: shown 04:12, never rounded up to 04:13.
    const at = new Date('2025-10-25T02:12:59Z');
    expect(instantText(at, 'Europe/Amsterdam')).toBe('2025-10-25 04:12');
    expect(instantCell(at, 'Europe/Amsterdam')).toEqual(new Date('2025-10-25T04:12:00Z'));
    // After the autumn change the offset is one hour.
    expect(instantText(new Date('2025-10-26T02:30:00Z'), 'Europe/Amsterdam')).toBe('2025-10-26 03:30');
    expect(instantText(null, 'Europe/Amsterdam', '-')).toBe('-');
    expect(instantCell(null, 'Europe/Amsterdam')).toBeNull();
  });

  it('rounds percentages to a thousandth, as a spreadsheet shows 0.000%', () => {
    expect(figureText('percent', 97.62062877082253)).toBe('97.621%');
    expect(figureCsv('percent', 97.62062877082253)).toBe(97.621);
    expect(figureCell('percent', 97.62062877082253)).toBeCloseTo(0.97621, 15);
    // No binary noise in a CSV field (22.34999999999754 was written before).
    expect(figureCsv('percent', 22.34999999999754)).toBe(22.35);
    // Half away from zero, also where binary makes 99.9995 a hair less.
    expect(figureText('percent', 99.9995)).toBe('100.000%');
    expect(figureText('percent', null)).toBe('n/a');
  });

  it('writes changes of percentages in percentage points, signed', () => {
    expect(figureText('points', -0.3215188)).toBe('-0.322 pp');
    expect(figureText('points', 0.12)).toBe('+0.120 pp');
    expect(figureText('points', 0)).toBe('0.000 pp');
    expect(figureCsv('points', -0.3215188)).toBe(-0.322);
  });

  it('shares with one decimal; coverage never rounded up to 100%', () => {
    expect(figureText('share', 23.79371)).toBe('2379.4%');
    expect(figureCsv('share', 0.2882)).toBe(28.8);
    expect(figureText('coverage', 0.9996)).toBe('99.9%');
    expect(figureCsv('coverage', 0.9996)).toBe(99.9);
    expect(figureText('coverage', 0.131)).toBe('13.1%');
  });

  it('words the data behind a figure and its status', () => {
    expect(dataWord('complete', 1)).toBe('Complete');
    expect(dataWord('incomplete', 0.13149)).toBe('Incomplete (13.1% covered)');
    expect(dataWord('no data', 0)).toBe('No data');
    expect(statusWord('Met', 'complete', 1)).toBe('Met');
    expect(statusWord(null, 'incomplete', 0.5)).toBe('Incomplete (50.0% covered)');
    expect(previousText('percent', 98.172, 'incomplete', 0.131)).toBe('98.172% (incomplete, 13.1% covered)');
  });

  it('compares two periods only when both are complete, in the unit shown', () => {
    const base = { currentState: 'complete', previousCoverage: 1, higherIsBetter: false } as const;
    // 17:44 against 14:49: 2:55 more downtime, worse.
    expect(
      comparisonText({
        ...base,
        unit: 'duration',
        current: 63_840,
        previous: 53_340,
        previousState: 'complete',
      }),
    ).toBe('▲ 2:55 (h:mm), worse');
    expect(
      comparisonText({ ...base, unit: 'count', current: 1510, previous: 1472, previousState: 'complete' }),
    ).toBe('▲ 38, worse');
    expect(
      comparisonText({
        ...base,
        unit: 'percent',
        current: 97.6206,
        previous: 97.9421,
        previousState: 'complete',
        higherIsBetter: true,
        change: -0.3215,
      }),
    ).toBe('▼ 0.322 pp, worse');
    // August read for 13.1 % of its hours: no arrow against it.
    expect(
      comparisonText({
        ...base,
        unit: 'count',
        current: 1510,
        previous: 246,
        previousState: 'incomplete',
        previousCoverage: 0.131,
      }),
    ).toBe('previous period incomplete (13.1% covered): no comparison');
    expect(
      comparisonText({ ...base, unit: 'count', current: 1, previous: 1, previousState: 'complete' }),
    ).toBe('= unchanged');
  });
});
