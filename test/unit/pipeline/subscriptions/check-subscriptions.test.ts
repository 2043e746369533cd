import { describe, expect, it } from 'vitest';
import { defaultSubscriptionOf } from '../../../../src/api/subscription-list.ts';
import { parseConfigFile } from '../../../../src/config-file/load-config-file.ts';
import { ConfigError } from '../../../../src/errors.ts';
import type { SubscriptionDirectory } from '../../../../src/load/subscription-directory.ts';
import {
  checkSubscriptions,
  fileSubscriptions,
} from '../../../../src/pipeline/subscriptions/subscriptions.ts';

const directory: SubscriptionDirectory = {
  monitorGroups: [
    { guid: '00000000-0000-4000-8000-000000000001', name: 'EU region' },
    { guid: '00000000-0000-4000-8000-000000000002', name: 'Shop' },
    { guid: '00000000-0000-4000-8000-000000000003', name: 'Shop' },
  ],
  monitors: [{ guid: '00000000-0000-4000-8000-0000000000a1', name: 'Checkout API' }],
  slas: [
    { guid: '00000000-0000-4000-8000-0000000000c1', name: 'Premium SLA' },
    { guid: '00000000-0000-4000-8000-0000000000c2', name: 'Basic' },
    { guid: '00000000-0000-4000-8000-0000000000c3', name: 'Basic' },
  ],
  operatorGroups: [
    {
      guid: '00000000-0000-4000-8000-0000000000b1',
      name: 'On-call',
      operators: [operator(1, 'ann@example.com'), operator(2, 'Bob <bob@example.com>')],
    },
    { guid: '00000000-0000-4000-8000-0000000000b2', name: 'Nobody', operators: [] },
    {
      guid: '00000000-0000-4000-8000-0000000000b3',
      name: 'Hostile',
      operators: [
        operator(3, 'grace@example.com, leak@attacker.test'),
        operator(4, 'carl@example.com leak@attacker.test'),
        operator(5, 'dan@example.com\r\nBcc: leak@attacker.test'),
        operator(6, 'all: leak@attacker.test, x@attacker.test;'),
        operator(7, 'eve@example.com'),
      ],
    },
    {
      guid: '00000000-0000-4000-8000-0000000000b4',
      name: 'Only bad',
      operators: [operator(8, 'a@example.com;leak@attacker.test')],
    },
  ],
};

function operator(i: number, email: string) {
  return { guid: `00000000-0000-4000-8000-00000000000${i}`, name: `Operator ${i}`, email };
}

const file = (scope: string, recipients: string) =>
  parseConfigFile(
    `subscriptions:\n  - name: s\n    schedule: daily\n    scope: ${scope}\n    recipients: ${recipients}\n`,
    'c.yaml',
  );

function errorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('accepted');
}

describe('checking subscriptions against the warehouse', () => {
  it('matches names without case and GUIDs, and resolves operator groups to their e-mail, each once', () => {
    const f = file(
      '{ monitor_groups: [eu REGION], monitors: [00000000-0000-4000-8000-0000000000a1] }',
      '{ addresses: [Ann@example.com, x@example.com], operator_groups: [on-call, Nobody] }',
    );
    const [checked] = checkSubscriptions(fileSubscriptions(f)!, directory, f);
    expect(checked!.recipients).toEqual(['ann@example.com', 'bob@example.com', 'x@example.com']);
    expect(checked!.emptyGroups).toEqual(['Nobody']);
  });

  it('an operator address that is not exactly one address is left out and reported, never split (issue 32)', () => {
    const f = file('{}', '{ operator_groups: [Hostile, On-call] }');
    const [checked] = checkSubscriptions(fileSubscriptions(f)!, directory, f);
    expect(checked!.recipients).toEqual(['ann@example.com', 'bob@example.com', 'eve@example.com']);
    expect(checked!.recipients.join(' ')).not.toContain('attacker');
    expect(checked!.refusedAddresses.map((r) => [r.group, r.operator.name])).toEqual([
      ['Hostile', 'Operator 3'],
      ['Hostile', 'Operator 4'],
      ['Hostile', 'Operator 5'],
      ['Hostile', 'Operator 6'],
    ]);
    expect(checked!.refusedAddresses[0]!.reason).toContain('2 entries');
    expect(checked!.emptyGroups).toEqual([]);
  });

  it('a group whose only operator address is refused holds no recipient', () => {
    const f = file('{}', '{ operator_groups: [Only bad] }');
    expect(errorOf(() => checkSubscriptions(fileSubscriptions(f)!, directory, f)).message).toContain(
      'no recipient',
    );
  });

  it('lists every unknown or ambiguous name at its line', () => {
    const f = file('{ monitor_groups: [Shop, Nowhere], monitors: [Gone] }', '{ operator_groups: [Ghosts] }');
    const error = errorOf(() => checkSubscriptions(fileSubscriptions(f)!, directory, f));
    expect(error.message).toContain('4 problems');
    expect(error.message).toContain('c.yaml:4:');
    expect(error.message).toContain('monitor group "Shop" names 2 of them; give the GUID');
    expect(error.message).toContain(
      'monitor group "Nowhere" is not in the warehouse (known: EU region, Shop, Shop)',
    );
    expect(error.message).toContain('subscriptions[0].scope.monitors[0]: monitor "Gone"');
    expect(error.message).toMatch(
      /c\.yaml:5:\d+: subscriptions\[0\]\.recipients\.operator_groups\[0\]: operator group "Ghosts"/,
    );
  });

  it('an operator group without e-mail and no address is no recipient at all, unless nothing is mailed', () => {
    const f = file('{}', '{ operator_groups: [Nobody] }');
    expect(errorOf(() => checkSubscriptions(fileSubscriptions(f)!, directory, f)).message).toContain(
      'no recipient',
    );
    expect(
      checkSubscriptions(fileSubscriptions(f)!, directory, f, { requireRecipients: false }),
    ).toHaveLength(1);
  });

  it('sla: names SLA definitions by name (any case) or GUID, resolved to GUIDs; none: every definition', () => {
    const withSla = (sla: string) =>
      parseConfigFile(
        `subscriptions:\n  - name: s\n    schedule: daily\n    sla: ${sla}\n    recipients: { addresses: [a@example.com] }\n`,
        'c.yaml',
      );
    const one = withSla('premium sla');
    expect(checkSubscriptions(fileSubscriptions(one)!, directory, one)[0]!.slaGuids).toEqual([
      '00000000-0000-4000-8000-0000000000c1',
    ]);
    const list = withSla('[00000000-0000-4000-8000-0000000000c3, Premium SLA, PREMIUM SLA]');
    expect(checkSubscriptions(fileSubscriptions(list)!, directory, list)[0]!.slaGuids).toEqual([
      '00000000-0000-4000-8000-0000000000c3',
      '00000000-0000-4000-8000-0000000000c1',
    ]);
    const none = file('{}', '{ addresses: [a@example.com] }');
    expect(checkSubscriptions(fileSubscriptions(none)!, directory, none)[0]!.slaGuids).toBeNull();
    const bad = withSla('[Gold, Basic]');
    const error = errorOf(() => checkSubscriptions(fileSubscriptions(bad)!, directory, bad));
    expect(error.message).toMatch(
      /c\.yaml:4:\d+: subscriptions\[0\]\.sla\[0\]: SLA definition "Gold" is not in the warehouse \(known: Premium SLA, Basic, Basic\)/,
    );
    expect(error.message).toContain('SLA definition "Basic" names 2 of them; give the GUID');
  });

  it('the default subscription asks for REPORT_MAIL_TO', () => {
    const s = defaultSubscriptionOf({ reportOn: 'daily' }, []);
    expect(s.period).toBe('PreviousMonth');
    expect(s.formats).toEqual(['xlsx', 'csv']);
    expect(errorOf(() => checkSubscriptions([s], directory)).message).toContain('set REPORT_MAIL_TO');
    expect(() => defaultSubscriptionOf({ reportOn: 'never', reportPeriod: 'CurrentMonth' }, [])).toThrow(
      /not a finished period/,
    );
  });
});
