import { describe, expect, it } from 'vitest';
import { infraPeriod } from '../../../src/simulator/http/infra-routes.ts';
import { parsePeriodParams, queryParams } from '../../../src/simulator/http/parse-period-params.ts';

const AMS = 'Europe/Amsterdam';
const NOW = Date.parse('2025-11-20T10:00:00Z');
const iso = (sec: number): string => new Date(sec * 1000).toISOString().slice(0, 19);
const parse = (query: string): ReturnType<typeof parsePeriodParams> =>
  parsePeriodParams(queryParams(new URLSearchParams(query)), NOW, AMS, 0);

describe('parsePeriodParams', () => {
  it('reads date-only Start/End as local midnights, half-open', () => {
    const w = parse('Start=2025-11-01&End=2025-11-02');
    expect('error' in w).toBe(false);
    if (!('error' in w))
      expect([iso(w.startSec), iso(w.endSec)]).toEqual(['2025-10-31T23:00:00', '2025-11-01T23:00:00']);
  });

  it('reads date-times as local, honours an explicit offset, and moves a spring-gap time forward', () => {
    const local = parse('start=2025-07-01T08:15&end=2025-07-01T09:00:00');
    if (!('error' in local))
      expect([iso(local.startSec), iso(local.endSec)]).toEqual([
        '2025-07-01T06:15:00',
        '2025-07-01T07:00:00',
      ]);
    const zulu = parse('Start=2025-07-01T08:15:00Z&End=2025-07-01T09:00:00Z');
    if (!('error' in zulu)) expect(iso(zulu.startSec)).toBe('2025-07-01T08:15:00');
    const gap = parse('Start=2025-03-30T02:30:00&End=2025-03-30T04:00:00');
    if (!('error' in gap)) expect(iso(gap.startSec)).toBe('2025-03-30T01:30:00');
    expect('error' in local || 'error' in zulu || 'error' in gap).toBe(false);
  });

  it('defaults to Last24Hours; Current periods and All are open-ended', () => {
    const d = parse('');
    if (!('error' in d))
      expect([iso(d.startSec), iso(d.endSec), d.open]).toEqual([
        '2025-11-19T10:00:00',
        '2025-11-20T10:00:00',
        false,
      ]);
    const c = parse('PresetPeriod=currentday');
    if (!('error' in c)) expect([iso(c.startSec), c.open]).toEqual(['2025-11-19T23:00:00', true]);
    const all = parse('PresetPeriod=All');
    if (!('error' in all)) expect(all.open).toBe(true);
    expect('error' in d || 'error' in c || 'error' in all).toBe(false);
  });

  it('refuses combinations and nonsense', () => {
    for (const q of [
      'PresetPeriod=Last7Days&Start=2025-11-01&End=2025-11-02',
      'Start=2025-11-01',
      'End=2025-11-01',
      'Start=2025-11-02&End=2025-11-01',
      'Start=2025-13-01&End=2025-11-01',
      'PresetPeriod=Today',
    ]) {
      expect(parse(q)).toEqual({ error: expect.any(String) });
    }
  });
});

describe('infraPeriod', () => {
  it('reads yyyymmdd-yyyymmdd as whole local days, last day included', () => {
    expect(infraPeriod('20251101-20251101', NOW, AMS)!.map(iso)).toEqual([
      '2025-10-31T23:00:00',
      '2025-11-01T23:00:00',
    ]);
    expect(infraPeriod('20251025-20251026', NOW, AMS)!.map(iso)).toEqual([
      '2025-10-24T22:00:00',
      '2025-10-26T23:00:00',
    ]);
  });

  it('accepts the Infra literals only; refuses inverted or impossible ranges', () => {
    expect(infraPeriod(undefined, NOW, AMS)!.map(iso)).toEqual([
      '2025-11-19T10:00:00',
      '2025-11-20T10:00:00',
    ]);
    expect(infraPeriod('Last7Days', NOW, AMS)).toBeDefined();
    expect(infraPeriod('CurrentQuarter', NOW, AMS)).toBeUndefined();
    expect(infraPeriod('Last2Hours', NOW, AMS)).toBeUndefined();
    expect(infraPeriod('20251105-20251101', NOW, AMS)).toBeUndefined();
    expect(infraPeriod('20251340-20251401', NOW, AMS)).toBeUndefined();
  });
});
