import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planUptimeGroups } from '../../../../src/extract/infra/uptime-day.ts';

describe('planUptimeGroups', () => {
  it('reads only the all-devices group when it lists every device (or nothing is known yet)', () => {
    expect(planUptimeGroups([])).toEqual(['all']);
    expect(
      planUptimeGroups([
        { deviceId: '1', groupIds: ['4', 'all'] },
        { deviceId: '2', groupIds: ['all'] },
      ]),
    ).toEqual(['all']);
  });

  it('adds the group covering most missing devices first, ties by id', () => {
    const plan = planUptimeGroups([
      { deviceId: '1', groupIds: ['7'] },
      { deviceId: '2', groupIds: ['5', '7'] },
      { deviceId: '3', groupIds: ['5'] },
      { deviceId: '4', groupIds: ['9'] },
      { deviceId: '5', groupIds: ['8'] },
      { deviceId: '6', groupIds: ['all'] },
    ]);
    // 5 and 7 both cover two; 5 wins the tie, then 7 still covers device 1; 8 before 9.
    expect(plan).toEqual(['all', '5', '7', '8', '9']);
  });

  it('always covers every device that some group lists', () => {
    const membership = fc.record({
      deviceId: fc.string(),
      groupIds: fc.uniqueArray(fc.constantFrom('all', '1', '2', '3', '4', '5'), { minLength: 1 }),
    });
    fc.assert(
      fc.property(fc.array(membership, { maxLength: 30 }), (devices) => {
        const plan = planUptimeGroups(devices);
        expect(plan[0]).toBe('all');
        expect(new Set(plan).size).toBe(plan.length);
        for (const d of devices) expect(d.groupIds.some((g) => plan.includes(g))).toBe(true);
      }),
    );
  });
});
