/**
 * File names carry report, period and zone, so files from several months or accounts can sit in
 * one folder (or one mail) without being confused: `uptrends-sla_2025-10_Europe-Amsterdam.xlsx`.
 */
import { utcToLocal } from '../../time/zone-clock.ts';
import { periodShape, type ReportPeriod } from '../../time/periods.ts';

/** File-safe period part: `2025-10`, `2025-10-01_2025-10-14`, or local start/end minutes. */
export function periodSlug(period: ReportPeriod): string {
  const shape = periodShape(period);
  if (shape.kind === 'month') return shape.month;
  if (shape.kind === 'days')
    return shape.firstDay === shape.lastDay ? shape.firstDay : `${shape.firstDay}_${shape.lastDay}`;
  const stamp = (d: Date): string => utcToLocal(d, period.zone).slice(0, 16).replace(':', '');
  return `${stamp(period.start)}_${stamp(period.end)}`;
}

/** `<report>_<period>_<zone><suffix>`, with `/` of the zone replaced by `-`. */
export function reportFileName(report: string, period: ReportPeriod, suffix: string): string {
  const zone = period.zone.replace(/[^A-Za-z0-9_+-]+/g, '-');
  return `${report}_${periodSlug(period)}_${zone}${suffix}`;
}
