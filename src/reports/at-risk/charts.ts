/**
 * The at-risk report's chart as a vega-lite spec: small multiples, one panel per drawn service (at
 * most CHART_SERVICES, the ones that need action first), each with the share of its error budget
 * left over the month, solid up to the as-of instant and dashed where it is projected at the 7-day
 * rate, and a red rule where the budget is spent. One panel per service reads the same for 7
 * services in scope as for 70: no legend to match colours against, every line on its own axes. The
 * x axis is the position in the month in local days (`period_day` of uptrends.sla_burn_days), so
 * no time-zone conversion happens inside vega.
 */
import type { TopLevelSpec } from 'vega-lite';
import { shownValue } from '../render/figure-format.ts';
import { burnKey } from '../queries/sla-burn.ts';
import type { AtRiskModel } from './model.ts';
import { STATE_COLOUR } from './report-text.ts';

/** Design size of the chart in pixels (three panels across, two down). */
export const BUDGET_CHART_SIZE = { width: 760, height: 280 } as const;

/** Panels across. */
const COLUMNS = 3;

const CONFIG = { background: 'white', font: 'DejaVu Sans', view: { stroke: '#d0d7de' } } as const;

/** True when the model has a line to draw. */
export function hasBudgetChart(model: AtRiskModel): boolean {
  return model.chart.points.length > 0;
}

/** Longest panel title name that fits a panel; longer names keep their start and end. */
const TITLE_CHARS = 27;

/**
 * Each drawn service's panel title, by burnKey: the name (cut in the middle to fit, so the end that
 * tells "checkout (Https) #28" from "checkout (Connect) #48" stays) and its state. Titles are the
 * facet's values, so two services with one title would share a panel: a title already taken (two
 * monitors of one name) gets the service's position in the chart, "(2)", "(3)"...
 */
function panelTitles(services: AtRiskModel['chart']['services']): Map<string, string> {
  const titles = new Map<string, string>();
  const taken = new Set<string>();
  for (const [i, s] of services.entries()) {
    const full = `${s.name}${s.grain === 'group' ? ' (group)' : ''}`;
    const tail = Math.floor((TITLE_CHARS - 1) / 2);
    const cut =
      full.length > TITLE_CHARS ? `${full.slice(0, TITLE_CHARS - 1 - tail)}…${full.slice(-tail)}` : full;
    const state = s.state ?? 'unknown';
    let title = `${cut} · ${state}`;
    for (let n = i + 1; taken.has(title); n += services.length) title = `${cut} (${n}) · ${state}`;
    taken.add(title);
    titles.set(burnKey(s), title);
  }
  return titles;
}

/** The chart of the budget left, so far and projected, one panel per service. */
export function budgetChart(model: AtRiskModel): TopLevelSpec {
  const services = model.chart.services;
  const titles = panelTitles(services);
  const states = new Map(services.map((s) => [burnKey(s), s.state ?? 'unknown']));
  const order = services.map((s) => titles.get(burnKey(s))!);
  const values = model.chart.points.map((p) => ({
    service: titles.get(burnKey(p)) ?? p.name,
    state: states.get(burnKey(p)) ?? 'unknown',
    day: p.period_day,
    left: shownValue('share', p.budget_remaining),
    line: p.projected ? 'projected (7-day rate)' : 'so far',
  }));
  const days = Math.round((model.period.end.getTime() - model.period.start.getTime()) / 86_400_000);
  const panels = Math.max(1, Math.min(COLUMNS, services.length));
  const stateDomain = Object.keys(STATE_COLOUR);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `Error budget left, ${model.period.label} (${model.period.zone}): the ${services.length === 1 ? 'service' : `${services.length} services`} to act on first`,
    config: CONFIG,
    data: { values },
    facet: {
      field: 'service',
      type: 'nominal',
      sort: order,
      title: null,
      header: { labelFontSize: 10, labelLimit: 0 },
    },
    columns: panels,
    spec: {
      width: Math.floor((BUDGET_CHART_SIZE.width - 60 * panels) / panels),
      height: 70,
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
                values: [0, 10, 20, days].filter((d, i, all) => all.indexOf(d) === i),
              },
            },
            // A budget spent many times over would flatten the line: the axis ends at -100 %.
            y: {
              field: 'left',
              type: 'quantitative',
              title: 'Budget left',
              scale: { domain: [-1, 1], clamp: true },
              axis: { format: '.0%', values: [-1, 0, 1] },
            },
            color: {
              field: 'state',
              type: 'nominal',
              scale: { domain: stateDomain, range: stateDomain.map((s) => STATE_COLOUR[s]!) },
              legend: null,
            },
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
              legend: { orient: 'top', labelLimit: 220 },
            },
            detail: { field: 'line' },
          },
        },
        {
          mark: { type: 'rule', color: '#C00000', strokeWidth: 1 },
          encoding: { y: { datum: 0 } },
        },
      ],
    },
  };
}
