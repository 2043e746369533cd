import { describe, expect, it } from 'vitest';
import type { TopLevelSpec } from 'vega-lite';
import { renderChartPng } from '../../../../src/reports/render/chart-png.ts';

/** A bar chart with one bar per label, the labels on the y axis (as the reports' per-group charts). */
function barChart(labels: readonly string[]): TopLevelSpec {
  return {
    height: 60,
    width: 200,
    data: { values: labels.map((label) => ({ label, value: 99.9 })) },
    mark: 'bar',
    encoding: {
      y: { field: 'label', type: 'nominal', title: null },
      x: { field: 'value', type: 'quantitative', title: null },
    },
  };
}

describe('renderChartPng', () => {
  it('makes room for a label by its width in the font it is drawn in, CJK included', async () => {
    // Ten characters each: vega's own guess (0.8 em a character) gives both labels the same room,
    // so the CJK name (1 em a character) was cut off at the image's left edge.
    const cjk = await renderChartPng(barChart(['東京ウェブサイト監視']));
    const digits = await renderChartPng(barChart(['0123456789']));
    expect(cjk.width - digits.width).toBeGreaterThan(25);
    expect(digits.width).toBeLessThan(200 + 10 * 11 * 0.8);
  });
});
