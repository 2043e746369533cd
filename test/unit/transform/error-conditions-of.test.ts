import { describe, expect, it } from 'vitest';
import { monitorSchema } from '../../../src/extract/schemas/monitor.ts';
import { errorConditionsOf } from '../../../src/transform/error-conditions-of.ts';

const GUID = '1d2f5fac-730c-45b0-a077-4ab82aaee14e';
const monitor = (fields: Record<string, unknown>) => monitorSchema.parse({ MonitorGuid: GUID, ...fields });

describe('errorConditionsOf', () => {
  it('returns the ErrorConditions entries as sent', () => {
    const rows = errorConditionsOf(
      monitor({
        ErrorConditions: [
          { ErrorConditionType: 'LoadTimeLimit1', Value: '2500', Effect: 'Indicate' },
          { ErrorConditionType: 'ContentMatch', Value: 'Welcome', MatchType: 'ErrorWhenNotContains' },
          { ErrorConditionType: 'PageElementMaxSizeWithPercentage', Value: '200000', Percentage: '10' },
        ],
      }),
    );
    expect(rows).toEqual([
      {
        errorConditionType: 'LoadTimeLimit1',
        value: '2500',
        percentage: null,
        effect: 'Indicate',
        level: null,
        matchType: null,
        source: 'ErrorConditions',
      },
      {
        errorConditionType: 'ContentMatch',
        value: 'Welcome',
        percentage: null,
        effect: null,
        level: null,
        matchType: 'ErrorWhenNotContains',
        source: 'ErrorConditions',
      },
      {
        errorConditionType: 'PageElementMaxSizeWithPercentage',
        value: '200000',
        percentage: '10',
        effect: null,
        level: null,
        matchType: null,
        source: 'ErrorConditions',
      },
    ]);
  });

  it('maps every deprecated field pair of the spec table', () => {
    const rows = errorConditionsOf(
      monitor({
        AlertOnLoadTimeLimit1: true,
        LoadTimeLimit1: 2500,
        AlertOnLoadTimeLimit2: true,
        LoadTimeLimit2: 5000,
        AlertOnMaximumBytes: true,
        MaximumBytes: 5000000,
        AlertOnMinimumBytes: true,
        MinimumBytes: 5000,
        AlertOnMaximumSize: true,
        ElementMaximumSize: 200000,
        AlertOnPercentageFail: true,
        FailedObjectPercentage: 10,
        ExpectedHttpStatusCode: 200,
        ExpectedHttpStatusCodeSpecified: true,
      }),
    );
    const summary = rows.map((r) => [r.errorConditionType, r.value, r.percentage, r.effect, r.source]);
    expect(summary).toEqual([
      ['LoadTimeLimit1', '2500', null, 'Indicate', 'deprecated'],
      ['LoadTimeLimit2', '5000', null, 'Error', 'deprecated'],
      ['TotalMaxBytes', '5000000', null, null, 'deprecated'],
      ['TotalMinBytes', '5000', null, null, 'deprecated'],
      ['PageElementMaxSizeWithPercentage', '200000', null, null, 'deprecated'],
      ['PageElementFailedWithPercentage', null, '10', null, 'deprecated'],
      ['HttpStatus', '200', null, null, 'deprecated'],
    ]);
  });

  it('an AlertOn* flag that is false or absent means no condition; so does Specified=false', () => {
    const rows = errorConditionsOf(
      monitor({
        AlertOnLoadTimeLimit1: false,
        LoadTimeLimit1: 2500,
        LoadTimeLimit2: 5000,
        AlertOnMaximumBytes: true,
        MaximumBytes: null,
        ExpectedHttpStatusCode: 200,
        ExpectedHttpStatusCodeSpecified: false,
      }),
    );
    expect(rows).toEqual([]);
  });

  it('takes an expected status code without the Specified flag at its word', () => {
    expect(errorConditionsOf(monitor({ ExpectedHttpStatusCode: 301 })).map((r) => r.value)).toEqual(['301']);
  });

  it('when both forms name a type, the ErrorConditions entry wins and other deprecated types stay', () => {
    const rows = errorConditionsOf(
      monitor({
        ErrorConditions: [{ ErrorConditionType: 'LoadTimeLimit1', Value: '3000', Effect: 'Error' }],
        AlertOnLoadTimeLimit1: true,
        LoadTimeLimit1: 2500,
        AlertOnLoadTimeLimit2: true,
        LoadTimeLimit2: 8000,
      }),
    );
    expect(rows.map((r) => [r.errorConditionType, r.value, r.source])).toEqual([
      ['LoadTimeLimit1', '3000', 'ErrorConditions'],
      ['LoadTimeLimit2', '8000', 'deprecated'],
    ]);
  });
});
