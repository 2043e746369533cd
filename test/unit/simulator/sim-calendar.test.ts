/**
 * The simulator's own calendar (src/simulator/sim-calendar.ts), on the days a calendar gets wrong.
 * Every expected instant is worked out by hand from the zone's rules: Amsterdam is +01:00 in
 * winter and +02:00 in summer, switching at 01:00Z on the last Sundays of March and October.
 */
import { describe, expect, it } from 'vitest';
import {
  findZoneTransitions,
  localDay,
  localToUtc,
  resolvePresetPeriod,
  utcToLocal,
} from '../../../src/simulator/sim-calendar.ts';

const AMS = 'Europe/Amsterdam';
const iso = (d: Date | undefined): string | undefined => d?.toISOString();

describe('the simulator calendar', () => {
  it('reads wall clocks around both changes of 2026 by the documented rules', () => {
    expect(utcToLocal(new Date('2026-03-29T00:59:59Z'), AMS)).toBe('2026-03-29T01:59:59');
    expect(utcToLocal(new Date('2026-03-29T01:00:00Z'), AMS)).toBe('2026-03-29T03:00:00');
    // 02:30 does not exist on 29 March: read with the offset before the gap (+01:00).
    expect(iso(localToUtc('2026-03-29T02:30', AMS))).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 on 25 October happens twice: the earlier, still at +02:00.
    expect(iso(localToUtc('2026-10-25 02:30:00', AMS))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(localToUtc('2026-10-25T03:30:00', AMS))).toBe('2026-10-25T02:30:00.000Z');
    expect(iso(localToUtc('2026-10-25T03:30:00+05:30', AMS))).toBe('2026-10-24T22:00:00.000Z');
    expect(localToUtc('2026-02-29T10:00', AMS)).toBeUndefined();
    expect(localToUtc('2026-02-28T24:00', AMS)).toBeUndefined();
  });

  it('gives the spring day 23 hours and the autumn day 25', () => {
    const hours = (date: string): number => {
      const d = localDay(date, AMS);
      return (d.end.getTime() - d.start.getTime()) / 3_600_000;
    };
    expect([hours('2026-03-28'), hours('2026-03-29'), hours('2026-10-25')]).toEqual([24, 23, 25]);
  });

  it('finds the two offset changes of a year, to the quarter hour', () => {
    const year = findZoneTransitions(
      AMS,
      Date.parse('2026-01-01T00:00:00Z'),
      Date.parse('2027-01-01T00:00:00Z'),
    );
    expect(year).toEqual([
      { atMs: Date.parse('2026-03-29T01:00:00Z'), offsetBeforeMs: 3_600_000, offsetAfterMs: 7_200_000 },
      { atMs: Date.parse('2026-10-25T01:00:00Z'), offsetBeforeMs: 7_200_000, offsetAfterMs: 3_600_000 },
    ]);
  });

  it('resolves presets as the spec defines them', () => {
    const now = new Date('2026-11-28T04:00:00Z'); // 05:00 in Amsterdam
    const at = (preset: Parameters<typeof resolvePresetPeriod>[0], when = now): [string, string] => {
      const p = resolvePresetPeriod(preset, when, AMS);
      return [p.start.toISOString(), p.end.toISOString()];
    };
    // October 2026: from 1 October 00:00 at +02:00 to 1 November 00:00 at +01:00.
    expect(at('PreviousMonth')).toEqual(['2026-09-30T22:00:00.000Z', '2026-10-31T23:00:00.000Z']);
    // Two whole months lie within [28 August, 28 November): September and October.
    expect(at('Last3Months')).toEqual(['2026-08-31T22:00:00.000Z', '2026-10-31T23:00:00.000Z']);
    // 28 November 2026 is a Saturday: the previous week is 16 to 22 November.
    expect(at('PreviousWeek')).toEqual(['2026-11-15T23:00:00.000Z', '2026-11-22T23:00:00.000Z']);
    expect(at('CurrentQuarter')).toEqual(['2026-09-30T22:00:00.000Z', '2026-11-28T04:00:00.000Z']);
    // In the repeated hour (01:20Z is 02:20 for the second time): the hour began at 01:00Z.
    expect(at('Last2Hours', new Date('2026-10-25T01:20:00Z'))).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
    ]);
    const local = resolvePresetPeriod('PreviousDay', now, AMS);
    expect([local.startLocal, local.endLocal]).toEqual(['2026-11-27T00:00:00', '2026-11-28T00:00:00']);
  });
});
