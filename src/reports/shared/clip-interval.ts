/**
 * Clipping one interval to a window: how downtime of an incident that crosses a period boundary is
 * split between the periods it touches.
 */
import type { MsInterval } from './ms-interval.ts';

/** The part of `interval` inside `window`, or undefined when they do not overlap. */
export function clipInterval(interval: MsInterval, window: MsInterval): MsInterval | undefined {
  const start = Math.max(interval.start, window.start);
  const end = Math.min(interval.end, window.end);
  return end > start ? { start, end } : undefined;
}
