import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { infraDayPeriod } from '../../../../src/extract/infra/infra-day-period.ts';

describe('infraDayPeriod', () => {
  it('writes one day as the custom range yyyymmdd-yyyymmdd', () => {
    expect(infraDayPeriod('2025-11-19')).toBe('20251119-20251119');
    expect(infraDayPeriod('2024-02-29')).toBe('20240229-20240229');
  });

  it('round-trips every calendar date', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2100-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const day = d.toISOString().slice(0, 10);
          const [a, b] = infraDayPeriod(day).split('-');
          expect(a).toBe(b);
          expect(`${a!.slice(0, 4)}-${a!.slice(4, 6)}-${a!.slice(6)}`).toBe(day);
        },
      ),
    );
  });

  it('refuses anything but a local date', () => {
    expect(() => infraDayPeriod('2025-11-19T00:00:00')).toThrow(RangeError);
    expect(() => infraDayPeriod('20251119')).toThrow(RangeError);
  });
});
