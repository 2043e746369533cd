import { describe, expect, it } from 'vitest';
import { disambiguateAlertTimes } from '../../../src/transform/disambiguate-alert-times.ts';
import { localToUtc, localToUtcCandidates } from '../../../src/time/zone-clock.ts';

const zone = 'Europe/Amsterdam';
// 2024-10-27: 03:00 CEST -> 02:00 CET; local 02:xx happens at 00:xx Z and again at 01:xx Z.
const row = (raisedLocal: string, firstLocal: string | null) => ({
  raised_at: localToUtc(raisedLocal, zone)!,
  raised_at_local: raisedLocal,
  first_error_at: firstLocal === null ? null : localToUtc(firstLocal, zone)!,
  first_error_at_local: firstLocal,
});
const floor = new Date('2024-10-26T22:00:00Z');

describe('localToUtcCandidates', () => {
  it('lists both meanings of a repeated time, one of an ordinary time, none in a gap', () => {
    expect(localToUtcCandidates('2024-10-27T02:36:00', zone)!.map((d) => d.toISOString())).toEqual([
      '2024-10-27T00:36:00.000Z',
      '2024-10-27T01:36:00.000Z',
    ]);
    expect(localToUtcCandidates('2024-10-27T04:00:00', zone)).toHaveLength(1);
    expect(localToUtcCandidates('2025-03-30T02:30:00', zone)).toEqual([]);
  });
});

describe('disambiguateAlertTimes', () => {
  it('reads the second occurrence once local times step back into the repeated hour', () => {
    const rows = [
      row('2024-10-27T02:10:00', '2024-10-27T02:09:30'),
      row('2024-10-27T02:50:00', null),
      row('2024-10-27T02:20:00', '2024-10-27T02:19:30'),
    ];
    const fixed = disambiguateAlertTimes(rows, zone, floor);
    expect(fixed.map((r) => r.raised_at.toISOString())).toEqual([
      '2024-10-27T00:10:00.000Z',
      '2024-10-27T00:50:00.000Z',
      '2024-10-27T01:20:00.000Z',
    ]);
    expect(fixed[0]!.first_error_at!.toISOString()).toBe('2024-10-27T00:09:30.000Z');
    expect(fixed[2]!.first_error_at!.toISOString()).toBe('2024-10-27T01:19:30.000Z');
  });

  it('takes the latest first-error meaning that is not after the alert', () => {
    const fixed = disambiguateAlertTimes([row('2024-10-27T05:00:00', '2024-10-27T02:30:00')], zone, floor);
    expect(fixed[0]!.first_error_at!.toISOString()).toBe('2024-10-27T01:30:00.000Z');
    const early = disambiguateAlertTimes([row('2024-10-27T02:40:00', '2024-10-27T02:30:00')], zone, floor);
    expect(early[0]!.first_error_at!.toISOString()).toBe('2024-10-27T00:30:00.000Z');
  });

  it('resolves a first error in the repeated hour of a reminder raised days later, far from any transition', () => {
    const fixed = disambiguateAlertTimes([row('2024-10-30T12:00:00', '2024-10-27T02:30:00')], zone, floor);
    expect(fixed[0]!.first_error_at!.toISOString()).toBe('2024-10-27T01:30:00.000Z');
  });

  it('leaves ordinary times and their objects untouched', () => {
    const rows = [row('2025-01-10T12:00:00', '2025-01-10T11:59:00')];
    expect(disambiguateAlertTimes(rows, zone, floor)[0]).toBe(rows[0]);
  });
});
