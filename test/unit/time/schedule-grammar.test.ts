/**
 * The one schedule grammar, read through its two entry points: `nightly --report-on` (the API's
 * default subscription) and the configuration file's `schedule:`. The same text gives the same
 * schedule, and the same mistake the same words, whichever way it came in.
 */
import { describe, expect, it } from 'vitest';
import { defaultSubscriptionOf } from '../../../src/api/subscription-list.ts';
import { parseConfigFile } from '../../../src/config-file/load-config-file.ts';
import type { Schedule } from '../../../src/time/schedule.ts';
import { readScheduleObject, readScheduleText } from '../../../src/time/schedule-grammar.ts';

/** The schedule `--report-on <text>` gives (through the API, as nightly passes it). */
function fromFlag(text: string): Schedule {
  return defaultSubscriptionOf({ reportOn: text }, []).schedule;
}

/** The schedule the configuration file's `schedule: <yaml>` gives. */
function fromFile(yaml: string): Schedule {
  const file = parseConfigFile(
    `subscriptions:\n  - name: x\n    schedule: ${yaml}\n    recipients: { addresses: [a@example.com] }\n`,
    's.yaml',
  );
  return file.contents.subscriptions![0]!.schedule;
}

function flagError(text: string): string {
  try {
    fromFlag(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`--report-on ${text} was accepted`);
}

function fileError(yaml: string): string {
  try {
    fromFile(yaml);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`schedule: ${yaml} was accepted`);
}

describe('schedule grammar: the text form', () => {
  // Each expected schedule is written out from the grammar's rules (the file header), by hand.
  it.each<[string, Schedule]>([
    ['1', { rules: [{ every: 'month', days: [1] }] }],
    ['15, 1, last', { rules: [{ every: 'month', days: [1, 15, 'last'] }] }],
    ['mon, Thursday', { rules: [{ every: 'week', weekdays: [1, 4] }] }],
    ['thurs,MON,mon', { rules: [{ every: 'week', weekdays: [1, 4] }] }],
    // Days of the month before weekdays, whatever the order written.
    [
      'fri,1',
      {
        rules: [
          { every: 'month', days: [1] },
          { every: 'week', weekdays: [5] },
        ],
      },
    ],
    ['daily', { rules: [{ every: 'day' }] }],
    ['1,daily,mon', { rules: [{ every: 'day' }] }],
    ['weekly', { rules: [{ every: 'week', weekdays: [1] }] }],
    ['monthly,15', { rules: [{ every: 'month', days: [1, 15] }] }],
    ['quarterly', { rules: [{ every: 'quarter', days: [1] }] }],
    ['yearly', { rules: [{ every: 'year', dates: [{ month: 1, day: 1 }] }] }],
    ['never', { rules: [] }],
  ])('reads %j the same from the flag and from the file', (text, expected) => {
    expect(readScheduleText(text)).toEqual({ ok: true, schedule: expected });
    expect(fromFlag(text)).toEqual(expected);
    expect(fromFile(JSON.stringify(text))).toEqual(expected);
  });

  it.each([
    ['32', '"32" is not a day of the month (1 to 31, or last)'],
    ['0', '"0" is not a day of the month (1 to 31, or last)'],
    ['someday', '"someday" is not a schedule: daily, weekly, monthly, quarterly, yearly, never'],
    // A weekday is its name or the name's first three letters or more, not any word that starts alike.
    ['monkey', '"monkey" is not a schedule'],
    ['1,x', '"x" is not a schedule'],
    ['mo', '"mo" is not a schedule'],
    [' , ', 'an empty schedule (write never for no reports)'],
  ])('refuses %j with the same words from the flag and from the file', (text, message) => {
    expect(flagError(text)).toContain(`--report-on: ${message}`);
    expect(fileError(JSON.stringify(text))).toContain(`subscriptions[0].schedule: ${message}`);
  });
});

describe('schedule grammar: the object form (the file only)', () => {
  it.each<[string, Schedule]>([
    ['{ every: week, on: monday }', { rules: [{ every: 'week', weekdays: [1] }] }],
    ['{ every: weekly, on: [Thu, mon] }', { rules: [{ every: 'week', weekdays: [1, 4] }] }],
    ['{ every: month, on: [15, last] }', { rules: [{ every: 'month', days: [15, 'last'] }] }],
    ['{ every: quarter, on: 2 }', { rules: [{ every: 'quarter', days: [2] }] }],
    ['{ every: year, on: 02-29 }', { rules: [{ every: 'year', dates: [{ month: 2, day: 29 }] }] }],
    ['{ every: day }', { rules: [{ every: 'day' }] }],
  ])('reads %s', (yaml, expected) => {
    expect(fromFile(yaml)).toEqual(expected);
  });

  it('uses the text form’s words for a weekday and a day of the month', () => {
    expect(fileError('{ every: week, on: [monday, funday] }')).toContain(
      'subscriptions[0].schedule.on[1]: "funday" is not a weekday (monday .. sunday, or mon .. sun)',
    );
    expect(fileError('{ every: month, on: 32 }')).toContain(
      'subscriptions[0].schedule.on[0]: "32" is not a day of the month (1 to 31, or last)',
    );
    expect(readScheduleText('32')).toEqual({
      ok: false,
      problems: [{ message: '"32" is not a day of the month (1 to 31, or last)', path: [] }],
    });
    expect(readScheduleObject('month', 32)).toEqual({
      ok: false,
      problems: [{ message: '"32" is not a day of the month (1 to 31, or last)', path: ['on', 0] }],
    });
  });

  it.each([
    ['{ every: day, on: 3 }', 'subscriptions[0].schedule.on: a daily schedule takes no "on"'],
    ['{ every: year, on: 13-01 }', '"13-01" is not a date MM-DD such as 01-15 (or MM-last)'],
    ['{ every: fortnight }', 'subscriptions[0].schedule.every: "fortnight" is not a schedule'],
    ['{ every: week, on: [] }', 'subscriptions[0].schedule.on: give at least one'],
  ])('refuses %s', (yaml, message) => {
    expect(fileError(yaml)).toContain(message);
  });
});
