/**
 * The two Summary charts as vega-lite specs: daily uptime of everything in scope with the target
 * as a dashed line, and downtime minutes per group. Days are passed as ordinal strings, so no
 * time-zone conversion happens inside vega (its time units would use the process zone).
 */
import type { TopLevelSpec } from 'vega-lite';
import { shownValue } from '../render/figure-format.ts';
import { plainText } from '../render/headline-figures.ts';
import { dailyValue } from './daily-sheets.ts';
import type { SlaDigest } from './model-types.ts';

/** Design size of the Summary charts in pixels. */
export const CHART_SIZE = { width: 640, height: 240 } as const;

const CONFIG = { background: 'white', font: 'DejaVu Sans', view: { stroke: null } } as const;

/** Daily time-weighted uptime (%) with the default target line. */
export function dailyUptimeChart(model: SlaDigest): TopLevelSpec {
  const values = model.daily.days.map((day, i) => ({
    day: day.slice(5),
    uptime: shownValue('percent', dailyValue(model.daily.account.at(i))),
  }));
  const known = values.map((v) => v.uptime).filter((u): u is number => u !== null);
  const floor = Math.min(model.defaultTarget.desired, ...known);
  const lower = Math.max(0, Math.floor((floor - 0.05) * 10) / 10);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `Daily uptime, ${model.period.label} (${model.period.zone})`,
    width: CHART_SIZE.width - 80,
    height: CHART_SIZE.height - 90,
    config: CONFIG,
    data: { values },
    layer: [
      {
        mark: { type: 'line', point: true },
        encoding: {
          x: { field: 'day', type: 'ordinal', title: 'Day', axis: { labelAngle: -90 } },
          y: { field: 'uptime', type: 'quantitative', title: 'Uptime %', scale: { domain: [lower, 100] } },
        },
      },
      {
        mark: { type: 'rule', strokeDash: [6, 4], color: '#C00000' },
        encoding: { y: { datum: model.defaultTarget.desired } },
      },
    ],
  };
}

/** Downtime per group in whole minutes (incident downtime, the figure the error budget uses). */
export function downtimePerGroupChart(model: SlaDigest): TopLevelSpec {
  // Names come from the account: a control character (form feed, BEL) is not allowed in the SVG
  // the chart is drawn through, and made the whole report fail.
  const values = model.groups.map((g) => ({
    group: plainText(g.name, 60),
    minutes: shownValue('duration', g.incident_downtime_seconds),
  }));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: `Downtime per group (minutes), ${model.period.label}`,
    width: CHART_SIZE.width - 200,
    height: Math.max(60, 24 * values.length),
    config: CONFIG,
    data: { values },
    mark: { type: 'bar', color: '#1F4E79' },
    encoding: {
      y: { field: 'group', type: 'nominal', title: null, sort: '-x' },
      x: { field: 'minutes', type: 'quantitative', title: 'Minutes' },
    },
  };
}
