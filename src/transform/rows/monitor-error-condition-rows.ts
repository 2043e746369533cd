/**
 * `uptrends.monitor_error_condition` rows of one monitor (errorConditionsOf, keyed). A monitor
 * may hold several conditions of one type (two content matches), so the key is the type plus
 * its occurrence among conditions of that type, which stays stable when other types change.
 */
import type { MappedRow } from '../../load/schema.ts';
import type { Monitor } from '../../extract/schemas/monitor.ts';
import { errorConditionsOf } from '../error-conditions-of.ts';
import type { RowContext } from '../row-context.ts';

/** Columns of `uptrends.monitor_error_condition` written by the mapper. */
export type MonitorErrorConditionRow = MappedRow<'monitor_error_condition'>;

function numeric(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** Maps the conditions of a parsed monitor; occurrence counts from 1 per type. */
export function monitorErrorConditionRows(monitor: Monitor, ctx: RowContext): MonitorErrorConditionRow[] {
  const seen = new Map<string, number>();
  return errorConditionsOf(monitor).map((condition) => {
    const occurrence = (seen.get(condition.errorConditionType) ?? 0) + 1;
    seen.set(condition.errorConditionType, occurrence);
    return {
      account_id: ctx.accountId,
      monitor_guid: monitor.MonitorGuid.toLowerCase(),
      error_condition_type: condition.errorConditionType,
      occurrence,
      value: condition.value,
      value_numeric: numeric(condition.value),
      percentage: condition.percentage,
      percentage_numeric: numeric(condition.percentage),
      effect: condition.effect,
      level: condition.level,
      match_type: condition.matchType,
      source: condition.source,
      run_id: ctx.runId,
    };
  });
}
