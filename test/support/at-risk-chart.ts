/**
 * The at-risk chart as a reader meets it, from its vega-lite spec: how many panels (one per
 * service drawn), how many across, and whether colours need a legend to be told apart (issue 41:
 * "3 of 7 legend entries tell apart"). Shared by the 7-service and the 70-service tests.
 */
import { budgetChart } from '../../src/reports/at-risk/charts.ts';
import type { AtRiskModel } from '../../src/reports/at-risk/model.ts';

interface Spec {
  data: { values: { service: string }[] };
  facet: { field: string };
  columns: number;
  spec: { layer: { encoding?: { color?: { legend?: unknown } } }[] };
}

/** The panels' titles (the distinct facet values), in the order the data holds them. */
export function chartTitles(model: AtRiskModel): string[] {
  const spec = budgetChart(model) as unknown as Spec;
  return [...new Set(spec.data.values.map((v) => v.service))];
}

/** Panels (distinct facet values), columns, and the colour encoding's legend (null: none). */
export function chartPanels(model: AtRiskModel): { panels: number; columns: number; colourLegend: unknown } {
  const spec = budgetChart(model) as unknown as Spec;
  if (spec.facet.field !== 'service')
    throw new Error(`the chart is not faceted by service: ${spec.facet.field}`);
  return {
    panels: chartTitles(model).length,
    columns: spec.columns,
    colourLegend: spec.spec.layer[0]?.encoding?.color?.legend,
  };
}
