import { describe, expect, it } from 'vitest';
import { isReportDay, parseReportSchedule } from '../../../src/pipeline/report-schedule.ts';

describe('report schedule', () => {
  it('matches days of the month, weekdays, daily and never', () => {
    const monthly = parseReportSchedule('1');
    expect(isReportDay(monthly, '2025-11-01')).toBe(true);
    expect(isReportDay(monthly, '2025-11-02')).toBe(false);
    const weekly = parseReportSchedule('mon, Thursday');
    expect(isReportDay(weekly, '2025-11-17')).toBe(true); // Monday
    expect(isReportDay(weekly, '2025-11-20')).toBe(true); // Thursday
    expect(isReportDay(weekly, '2025-11-18')).toBe(false);
    expect(isReportDay(parseReportSchedule('daily'), '2025-11-18')).toBe(true);
    expect(isReportDay(parseReportSchedule('never'), '2025-11-01')).toBe(false);
  });

  it('rejects what it cannot read, naming the option', () => {
    expect(() => parseReportSchedule('32')).toThrow(/--report-on/);
    expect(() => parseReportSchedule('someday')).toThrow(/someday/);
  });
});
