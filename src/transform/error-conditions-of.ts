/**
 * The error conditions of a monitor as rows, whichever API generation sent them: the
 * `ErrorConditions` array, and the fields deprecated on 27 August 2025 that older monitors (and
 * older API answers) still carry, mapped to their ErrorConditionType per the spec's table. One
 * list lets analysts ask "which monitors alert on load time" without knowing the API's history.
 */
import type { Monitor } from '../extract/schemas/monitor.ts';

/** One condition of a monitor; text fields as sent (values are text on the wire). */
export interface ErrorConditionRow {
  readonly errorConditionType: string;
  readonly value: string | null;
  readonly percentage: string | null;
  readonly effect: string | null;
  readonly level: string | null;
  readonly matchType: string | null;
  /** Where the row came from: the ErrorConditions array or a deprecated field pair. */
  readonly source: 'ErrorConditions' | 'deprecated';
}

type NumberField =
  | 'LoadTimeLimit1'
  | 'LoadTimeLimit2'
  | 'MaximumBytes'
  | 'MinimumBytes'
  | 'ElementMaximumSize'
  | 'FailedObjectPercentage';
type FlagField =
  | 'AlertOnLoadTimeLimit1'
  | 'AlertOnLoadTimeLimit2'
  | 'AlertOnMaximumBytes'
  | 'AlertOnMinimumBytes'
  | 'AlertOnMaximumSize'
  | 'AlertOnPercentageFail';

interface DeprecatedPair {
  readonly flag: FlagField;
  readonly field: NumberField;
  readonly type: string;
  /** Which output column the old number lands in. */
  readonly into: 'value' | 'percentage';
  /** Effect implied by the old field: limit 1 only marked a check, limit 2 made it an error. */
  readonly effect: string | null;
}

// The spec's table of deprecated fields. The effects of the two load time limits follow the
// vendor's migration example (LoadTimeLimit1 -> Indicate, LoadTimeLimit2 -> Error).
const DEPRECATED_PAIRS: readonly DeprecatedPair[] = [
  {
    flag: 'AlertOnLoadTimeLimit1',
    field: 'LoadTimeLimit1',
    type: 'LoadTimeLimit1',
    into: 'value',
    effect: 'Indicate',
  },
  {
    flag: 'AlertOnLoadTimeLimit2',
    field: 'LoadTimeLimit2',
    type: 'LoadTimeLimit2',
    into: 'value',
    effect: 'Error',
  },
  { flag: 'AlertOnMaximumBytes', field: 'MaximumBytes', type: 'TotalMaxBytes', into: 'value', effect: null },
  { flag: 'AlertOnMinimumBytes', field: 'MinimumBytes', type: 'TotalMinBytes', into: 'value', effect: null },
  {
    flag: 'AlertOnMaximumSize',
    field: 'ElementMaximumSize',
    type: 'PageElementMaxSizeWithPercentage',
    into: 'value',
    effect: null,
  },
  {
    flag: 'AlertOnPercentageFail',
    field: 'FailedObjectPercentage',
    type: 'PageElementFailedWithPercentage',
    into: 'percentage',
    effect: null,
  },
];

function deprecatedConditions(monitor: Monitor): ErrorConditionRow[] {
  const rows: ErrorConditionRow[] = [];
  for (const pair of DEPRECATED_PAIRS) {
    const number = monitor[pair.field];
    // The AlertOn* flag decides: false or absent means the limit was configured but not used.
    if (monitor[pair.flag] !== true || number === null || number === undefined) continue;
    rows.push({
      errorConditionType: pair.type,
      value: pair.into === 'value' ? String(number) : null,
      percentage: pair.into === 'percentage' ? String(number) : null,
      effect: pair.effect,
      level: null,
      matchType: null,
      source: 'deprecated',
    });
  }
  const status = monitor.ExpectedHttpStatusCode;
  // ...Specified=false is the .NET serializer's way of saying "no value"; absent means unknown,
  // and then a code that is present is taken at its word.
  if (
    status !== null &&
    status !== undefined &&
    status > 0 &&
    monitor.ExpectedHttpStatusCodeSpecified !== false
  ) {
    rows.push({
      errorConditionType: 'HttpStatus',
      value: String(status),
      percentage: null,
      effect: null,
      level: null,
      matchType: null,
      source: 'deprecated',
    });
  }
  return rows;
}

/**
 * The monitor's conditions: every ErrorConditions entry, then each deprecated field pair that
 * is switched on and whose type the array does not already hold (when both forms exist the
 * ErrorConditions entry wins: it is the service's current truth, the old field a leftover).
 */
export function errorConditionsOf(monitor: Monitor): ErrorConditionRow[] {
  const current: ErrorConditionRow[] = (monitor.ErrorConditions ?? []).map((condition) => ({
    errorConditionType: condition.ErrorConditionType,
    value: condition.Value ?? null,
    percentage: condition.Percentage ?? null,
    effect: condition.Effect ?? null,
    level: condition.Level ?? null,
    matchType: condition.MatchType ?? null,
    source: 'ErrorConditions',
  }));
  const present = new Set(current.map((row) => row.errorConditionType));
  const legacy = deprecatedConditions(monitor).filter((row) => !present.has(row.errorConditionType));
  return [...current, ...legacy];
}
