/**
 * The at-risk report's chart as a vega-lite spec: the share of each drawn service's error budget
 * left over the month, solid up to the as-of instant and dashed where it is projected at the 7-day
 * rate, with a red rule where the budget is spent. The x axis is the position in the month in local
 * days (`period_day` of uptrends.sla_burn_days), so no time-zone conversion happens inside vega.
 */
import type { TopLevelSpec } from 'vega-lite';
import { shownValue } from '../render/figure-format.ts';
import { burnKey } from '../queries/sla-burn.ts';
import type { AtRiskModel } from './model.ts';

/** Design size of the chart in pixels. */
export const BUDGET_CHART_SIZE = { width: 760, height: 260 } as const;

const CONFIG = { background: 'white', font: 'DejaVu Sans', view: { stroke: null } } as const;

/** True when the model has a line to draw. */
export function hasBudgetChart(model: AtRiskModel): boolean {
  return model.chart.points.length > 0;
}

/** The chart of the budget left, so far and projected. */
export function budgetChart(model: AtRiskModel): TopLevelSpec {
  const names = new Map(
    model.chart.services.map((s) => [burnKey(s), `${s.name}${s.grain === 'group' ? ' (group)' : ''}`]),
  );
  const order = model.chart.services.map((s) => names.get(burnKey(s))!);
  const values = model.chart.points.map((p) => ({
    service: names.get(burnKey(p)) ?? p.name,
    day: p.period_day,
    left: shownValue('share', p.budget_remaining),
    line: p.projected ? 'projected (7-day rate)' : 'so far',
  }));
  const days = Math.round((model.period.end.getTime() - model.period.start.getTime()) / 86_400_000);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `Error budget left, ${model.period.label} (${model.period.zone})`,
    width: BUDGET_CHART_SIZE.width - 270,
    height: BUDGET_CHART_SIZE.height - 80,
    config: CONFIG,
    data: { values },
    layer: [
      {
        mark: { type: 'line', strokeWidth: 2 },
        encoding: {
          x: {
            field: 'day',
            type: 'quantitative',
            title: `Day of ${model.period.label}`,
            scale: { domain: [0, days] },
            axis: {
              tickMinStep: 1,
              values: [0, 5, 10, 15, 20, 25, days].filter((d, i, all) => all.indexOf(d) === i),
            },
          },
          // A budget spent many times over would flatten every other line: the axis ends at -100 %.
          y: {
            field: 'left',
            type: 'quantitative',
            title: 'Budget left (axis ends at -100%)',
            scale: { domain: [-1, 1], clamp: true },
            axis: { format: '.0%', values: [-1, -0.5, 0, 0.5, 1] },
          },
          color: { field: 'service', type: 'nominal', title: null, sort: order, legend: { labelLimit: 220 } },
          strokeDash: {
            field: 'line',
            type: 'nominal',
            title: null,
            sort: ['so far', 'projected (7-day rate)'],
            scale: {
              range: [
                [1, 0],
                [5, 4],
              ],
            },
            legend: { labelLimit: 220 },
          },
          detail: { field: 'line' },
        },
      },
      {
        mark: { type: 'rule', color: '#C00000', strokeWidth: 1 },
        encoding: { y: { datum: 0 } },
      },
    ],
  };
}
