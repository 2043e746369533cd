/**
 * One batch of alerts for a cursor position: two binary searches bound the window, then at most
 * `take` steps (plus skips over alerts of removed monitors). Alerts are visible only once the clock
 * has reached their Timestamp, so a batch never shows the future.
 */
import { alertKey, type AlertIndex } from './alert-index.ts';
import type { CursorPayload } from './cursor-codec.ts';

/** A batch: global alert indices in response order, and whether more follow in the window. */
export interface AlertBatch {
  ids: number[];
  hasMore: boolean;
  /** Sort key of the batch's last alert (the Next cursor's position). */
  lastKey: number;
}

/** The alerts of the batch that starts after `q.afterKey`, in the query's order. */
export function pageAlerts(
  index: AlertIndex,
  list: Uint32Array,
  q: CursorPayload,
  nowSec: number,
  isRemoved: (alert: number) => boolean,
): AlertBatch {
  const visibleEnd = Math.min(q.endSec, nowSec + 1);
  const lower = index.lowerBound(list, alertKey(q.startSec, 0));
  const upper = visibleEnd <= q.startSec ? lower : index.lowerBound(list, alertKey(visibleEnd, 0));
  const ids: number[] = [];
  let lastKey = q.afterKey;
  if (q.ascending) {
    let i = q.afterKey < 0 ? lower : Math.max(lower, index.lowerBound(list, q.afterKey + 1));
    for (; i < upper && ids.length < q.take; i++) {
      if (isRemoved(list[i]!)) continue;
      ids.push(list[i]!);
      lastKey = index.keyOf(list[i]!);
    }
    while (i < upper && isRemoved(list[i]!)) i++;
    return { ids, hasMore: i < upper, lastKey };
  }
  let i = (q.afterKey < 0 ? upper : Math.min(upper, index.lowerBound(list, q.afterKey))) - 1;
  for (; i >= lower && ids.length < q.take; i--) {
    if (isRemoved(list[i]!)) continue;
    ids.push(list[i]!);
    lastKey = index.keyOf(list[i]!);
  }
  while (i >= lower && isRemoved(list[i]!)) i--;
  return { ids, hasMore: i >= lower, lastKey };
}
