/**
 * `reports: [at-risk]` subscriptions in the configuration file: the early warning's settings and
 * their defaults, and every combination that cannot work refused at its line.
 */
import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../../src/config-file/load-config-file.ts';
import { ConfigError } from '../../../src/errors.ts';

const subscription = (lines: string): string => `version: 1
subscriptions:
  - name: warn
    recipients: { addresses: [a@example.com] }
${lines
  .split('\n')
  .map((l) => `    ${l}`)
  .join('\n')}
`;

function messageOf(text: string): string {
  try {
    parseConfigFile(text, 'subs.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('the file was accepted');
}

describe('at-risk subscriptions', () => {
  it('take the defaults: checked daily, the day before as the ledger period, 3 days, at risk and breached', () => {
    const [s] = parseConfigFile(subscription('reports: [at-risk]\nschedule: daily'), 'subs.yaml').contents
      .subscriptions!;
    expect(s).toMatchObject({
      reports: ['at-risk'],
      schedule: { rules: [{ every: 'day' }] },
      period: 'PreviousDay',
      formats: ['pdf', 'xlsx'],
      warning: { atRiskWithinDays: 3, notify: ['at risk', 'breached'] },
    });
  });

  it('read their thresholds, the states to mail about, a target and a subject with their placeholders', () => {
    const [s] = parseConfigFile(
      subscription(
        'reports: [at-risk]\nschedule: { every: day }\nthresholds: { at_risk_within_days: 1.5 }\nnotify: [watch, at risk, breached]\nsla_target: 99.5\nsubject: "{subscription}: {breached} breached, {at_risk} at risk ({changes} changes)"',
      ),
      'subs.yaml',
    ).contents.subscriptions!;
    expect(s).toMatchObject({
      warning: { atRiskWithinDays: 1.5, notify: ['watch', 'at risk', 'breached'] },
      slaTarget: 99.5,
    });
  });

  it('other subscriptions have no early-warning settings', () => {
    const [s] = parseConfigFile(subscription('reports: [sla]\nschedule: monthly'), 'subs.yaml').contents
      .subscriptions!;
    expect(s!.warning).toBeUndefined();
    expect(s!.reports).toEqual(['sla']);
  });

  it.each([
    ['reports: [at-risk, sla]\nschedule: daily', 'reports: at-risk is sent alone'],
    ['reports: [at-risk]\nschedule: weekly', 'schedule: an at-risk subscription is checked every day'],
    [
      'reports: [at-risk]\nschedule: daily\nperiod: PreviousMonth',
      'period: an at-risk subscription watches the running calendar month',
    ],
    [
      'reports: [at-risk]\nschedule: daily\ncatch_up: 3',
      'catch_up: an at-risk subscription checks the day it runs',
    ],
    [
      'reports: [sla]\nschedule: daily\nthresholds: { at_risk_within_days: 2 }',
      'thresholds: thresholds applies to reports: [at-risk] only',
    ],
    [
      'reports: [incidents]\nschedule: daily\nnotify: [breached]',
      'notify: notify applies to reports: [at-risk] only',
    ],
    ['reports: [at-risk]\nschedule: daily\nnotify: [ok]', 'expected a state: watch, at risk, breached'],
    ['reports: [at-risk]\nschedule: daily\nthresholds: { at_risk_within_days: 0 }', 'at_risk_within_days'],
    ['reports: [at-risk]\nschedule: daily\nthresholds: { at_risk_within_days: 40 }', 'at most 31'],
    ['reports: [at-risk]\nschedule: daily\nthresholds: { within: 3 }', 'within'],
    [
      'reports: [at-risk]\nschedule: daily\nsubject: "{uptime}"',
      '{uptime} cannot be filled for the reports at-risk',
    ],
  ])('refuses %j', (lines, message) => {
    expect(messageOf(subscription(lines))).toContain(message);
  });
});
