import { describe, expect, it } from 'vitest';
import type {
  DeliveryRow,
  DeliveryStatus,
  DeliveryKind,
} from '../../../../src/load/ledgers/delivery-ledger.ts';
import { planDeliveries, type PlanInput } from '../../../../src/pipeline/subscriptions/plan-deliveries.ts';
import { occurrencePeriod, type Schedule } from '../../../../src/time/schedule.ts';

const ZONE = 'Europe/Amsterdam';
const daily: Schedule = { rules: [{ every: 'day' }] };

function row(due: string, status: DeliveryStatus, kind: DeliveryKind = 'scheduled'): DeliveryRow {
  const period = occurrencePeriod('PreviousDay', due, ZONE);
  return {
    deliveryId: 1,
    subscription: 's',
    accountId: 'a',
    periodStart: period.start,
    periodEnd: period.end,
    periodLabel: period.label,
    dueOn: due,
    kind,
    status,
    messageId: `<${due}-${status}@x>`,
    recipients: ['a@example.com'],
    accepted: [],
    rejected: [],
    files: [],
    error: null,
    preparedAt: new Date(0),
    finishedAt: null,
    notifiedStates: null,
  };
}

const input = (over: Partial<PlanInput>): PlanInput => ({
  schedule: daily,
  preset: 'PreviousDay',
  zone: ZONE,
  asOf: '2026-03-10',
  firstDue: '2026-03-01',
  catchUp: 14,
  deliveries: [],
  ...over,
});
const dues = (plan: ReturnType<typeof planDeliveries>['send']) => plan.map((o) => o.due);

describe('planDeliveries', () => {
  it('sends every undelivered due period since the first due date, oldest first', () => {
    const plan = planDeliveries(
      input({ deliveries: [row('2026-03-01', 'sent'), row('2026-03-05', 'sent')] }),
    );
    expect(dues(plan.send)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(plan.beyondCatchUp).toEqual([]);
  });

  it('catches up at most catch_up missed periods (the most recent), plus today; 0 means today only', () => {
    const plan = planDeliveries(input({ catchUp: 3 }));
    expect(dues(plan.send)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    expect(dues(plan.beyondCatchUp)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
    ]);
    expect(dues(planDeliveries(input({ catchUp: 0 })).send)).toEqual(['2026-03-10']);
  });

  it('unknown counts as delivered (never repeated); failed and resent do not', () => {
    const plan = planDeliveries(
      input({
        firstDue: '2026-03-08',
        deliveries: [
          row('2026-03-08', 'unknown'),
          row('2026-03-09', 'failed'),
          row('2026-03-10', 'sent', 'resend'),
        ],
      }),
    );
    expect(dues(plan.send)).toEqual(['2026-03-09', '2026-03-10']);
  });

  it('two due dates giving one period are one occurrence', () => {
    const twice: Schedule = { rules: [{ every: 'month', days: [1, 15] }] };
    const plan = planDeliveries(
      input({ schedule: twice, preset: 'PreviousMonth', firstDue: '2026-01-01', asOf: '2026-03-20' }),
    );
    expect(plan.send.map((o) => o.period.label)).toEqual(['December 2025', 'January 2026', 'February 2026']);
    expect(dues(plan.send)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
  });

  it('nothing before the first due date', () => {
    expect(planDeliveries(input({ firstDue: '2026-03-11' })).send).toEqual([]);
  });
});
