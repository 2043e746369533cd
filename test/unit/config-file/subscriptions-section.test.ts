import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../../src/config-file/load-config-file.ts';
import { ConfigError } from '../../../src/errors.ts';

const EXAMPLE = `version: 1
subscriptions:
  - name: eu-weekly
    reports: [sla, incidents]
    schedule: { every: week, on: monday }
    period: PreviousWeek
    scope:
      monitor_groups: [EU webshops]
      monitors: [Checkout API, 0b6c2d1e-0000-4000-8000-000000000001]
    formats: [pdf, xlsx, csv]
    recipients:
      addresses: [eu-lead@example.com]
      operator_groups: [EU operations]
    subject: "EU availability {period}"
    sla_target: 99.95
    sla: [Premium SLA, 0b6c2d1e-0000-4000-8000-0000000000c1]
    catch_up: 3
  - name: board
    reports: [sla]
    sla: Premium SLA
    schedule: quarterly
    recipients: { addresses: [board@example.com] }
  - name: month-end
    schedule: { every: month, on: [15, last] }
    period: Last30Days
    recipients: { addresses: [a@example.com] }
  - name: yearly-report
    schedule: { every: year, on: 02-29 }
    recipients: { addresses: [a@example.com] }
`;

function errorOf(text: string): ConfigError {
  try {
    parseConfigFile(text, 'subs.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('the file was accepted');
}

describe('the subscriptions section', () => {
  it('parses every field and fills the defaults', () => {
    const [eu, board, monthEnd, yearly] = parseConfigFile(EXAMPLE, 'subs.yaml').contents.subscriptions!;
    expect(eu).toEqual({
      name: 'eu-weekly',
      reports: ['sla', 'incidents'],
      schedule: { rules: [{ every: 'week', weekdays: [1] }] },
      period: 'PreviousWeek',
      monitorGroups: ['EU webshops'],
      monitors: ['Checkout API', '0b6c2d1e-0000-4000-8000-000000000001'],
      formats: ['pdf', 'xlsx', 'csv'],
      addresses: ['eu-lead@example.com'],
      operatorGroups: ['EU operations'],
      subject: 'EU availability {period}',
      slaTarget: 99.95,
      sla: ['Premium SLA', '0b6c2d1e-0000-4000-8000-0000000000c1'],
      catchUp: 3,
    });
    expect(board).toMatchObject({
      reports: ['sla'],
      schedule: { rules: [{ every: 'quarter', days: [1] }] },
      period: 'PreviousQuarter',
      monitorGroups: [],
      monitors: [],
      formats: ['pdf', 'xlsx'],
      catchUp: 14,
      slaTarget: undefined,
      sla: ['Premium SLA'],
    });
    expect(monthEnd?.sla).toEqual([]);
    expect(monthEnd?.schedule).toEqual({ rules: [{ every: 'month', days: [15, 'last'] }] });
    expect(monthEnd?.reports).toEqual(['sla', 'incidents']);
    expect(yearly?.schedule).toEqual({ rules: [{ every: 'year', dates: [{ month: 2, day: 29 }] }] });
    expect(yearly?.period).toBe('PreviousYear');
  });

  it('accepts weekday lists and short names', () => {
    const file = parseConfigFile(
      'subscriptions:\n  - name: x\n    schedule: { every: weekly, on: [Thu, mon] }\n    recipients: { addresses: [a@example.com] }\n',
      's.yaml',
    );
    expect(file.contents.subscriptions?.[0]?.schedule).toEqual({
      rules: [{ every: 'week', weekdays: [1, 4] }],
    });
  });

  it.each([
    [
      'a weekday that does not exist, at its line',
      'subscriptions:\n  - name: x\n    schedule:\n      every: week\n      on: [monday, funday]\n    recipients: { addresses: [a@example.com] }\n',
      'subs.yaml:5:',
      'subscriptions[0].schedule.on[1]: "funday" is not a weekday',
    ],
    [
      'a running period',
      'subscriptions:\n  - name: x\n    schedule: daily\n    period: CurrentMonth\n    recipients: { addresses: [a@example.com] }\n',
      'subs.yaml:4:5:',
      'subscriptions[0].period: expected a finished period',
    ],
    [
      'an unknown schedule word',
      'subscriptions:\n  - name: x\n    schedule: fortnightly\n    recipients: { addresses: [a@example.com] }\n',
      'subs.yaml:3:5:',
      '"fortnightly" is not a schedule',
    ],
    [
      'no recipient',
      'subscriptions:\n  - name: x\n    schedule: daily\n    recipients: {}\n',
      'subs.yaml:4:5:',
      'subscriptions[0].recipients: give at least one address or operator group',
    ],
    [
      'a duplicate name',
      'subscriptions:\n  - name: a\n    schedule: daily\n    recipients: { addresses: [a@example.com] }\n  - name: A\n    schedule: daily\n    recipients: { addresses: [a@example.com] }\n',
      'subs.yaml:5:5:',
      'the name "A" is used twice',
    ],
    [
      'a bad address',
      'subscriptions:\n  - name: a\n    schedule: daily\n    recipients:\n      addresses: [ops@example.com, "not an address"]\n',
      'subs.yaml:5:',
      'subscriptions[0].recipients.addresses[1]: "not an address" is not one e-mail address',
    ],
    [
      'a misspelt key',
      'subscriptions:\n  - name: a\n    shedule: daily\n    recipients: { addresses: [a@example.com] }\n',
      'subs.yaml:3:5:',
      'unknown key "shedule"',
    ],
    [
      'a target above 100',
      'subscriptions:\n  - name: a\n    schedule: daily\n    sla_target: 101\n    recipients: { addresses: [a@example.com] }\n',
      'subs.yaml:4:5:',
      'sla_target',
    ],
    [
      'sla on a subscription without the SLA report',
      'subscriptions:\n  - name: a\n    schedule: daily\n    reports: [incidents]\n    sla: Premium\n    recipients: { addresses: [a@example.com] }\n',
      'subs.yaml:5:5:',
      'subscriptions[0].sla: sla chooses the definitions',
    ],
    [
      'an empty sla name',
      'subscriptions:\n  - name: a\n    schedule: daily\n    sla: [""]\n    recipients: { addresses: [a@example.com] }\n',
      'subs.yaml:4:',
      'must not be empty',
    ],
    [
      'a subject placeholder its reports cannot fill',
      "subscriptions:\n  - name: a\n    schedule: daily\n    reports: [incidents]\n    subject: 'Incidents {period}: {uptime} ({status})'\n    recipients: { addresses: [a@example.com] }\n",
      'subs.yaml:5:5:',
      '{uptime}, {status} cannot be filled for the reports incidents; the placeholders of this subscription are {subscription}, {period}, {scope}, {incidents}, {ongoing}',
    ],
    [
      'an unknown subject placeholder',
      "subscriptions:\n  - name: a\n    schedule: daily\n    subject: '{perod} report'\n    recipients: { addresses: [a@example.com] }\n",
      'subs.yaml:4:5:',
      '{perod} cannot be filled',
    ],
    [
      'a month day of 32',
      'subscriptions:\n  - name: a\n    schedule: { every: month, on: 32 }\n    recipients: { addresses: [a@example.com] }\n',
      'subs.yaml:3:',
      '"32" is not a day of the month (1 to 31, or last)',
    ],
  ])('refuses %s, naming line and field', (_what, text, position, message) => {
    const error = errorOf(text);
    expect(error.message).toContain(position);
    expect(error.message).toContain(message);
  });
});

describe('a mistyped enumerated value gets a "did you mean" (issue 41, item 12)', () => {
  const sub = (field: string): string =>
    `subscriptions:\n  - name: s\n    schedule: monthly\n    recipients: { addresses: [a@example.com] }\n${field}\n`;
  it.each([
    ['schedule', sub('').replace('schedule: monthly', 'schedule: montly'), /did you mean monthly\?/],
    [
      'schedule every',
      sub('').replace('schedule: monthly', 'schedule: { every: weekyl }'),
      /did you mean weekly\?/,
    ],
    [
      'weekday',
      sub('').replace('schedule: monthly', 'schedule: { every: week, on: mondya }'),
      /did you mean monday\?/,
    ],
    ['format', sub('    formats: [pfd]'), /did you mean pdf\?/],
    ['report kind', sub('    reports: [incident]'), /did you mean incidents\?/],
    ['period', sub('    period: PreviousMonht'), /did you mean PreviousMonth\?/],
  ])('%s', (_, text, suggestion) => {
    expect(errorOf(text).message).toMatch(suggestion);
  });

  it('suggests nothing for a value close to none', () => {
    const message = errorOf(sub('    formats: [spreadsheet]')).message;
    expect(message).toMatch(/formats/);
    expect(message).not.toMatch(/did you mean/);
  });
});
