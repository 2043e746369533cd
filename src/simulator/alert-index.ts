/**
 * Time-ordered indexes over the alerts of one monitor or one monitor group, with and without
 * reminders, so a page is a binary search plus `Take` steps whatever the dataset size. Monitor
 * indexes are views into two global arrays; group indexes are merged once and cached (the
 * simulator builds them all at start-up).
 * Order within an index: Timestamp, then monitor index (a monitor never has two alerts in one second).
 */
import type { Dataset } from './dataset.ts';

/** Monitor indices must fit in the low bits of the sort key. */
export const MAX_MONITORS = 32_768;

/** Sort key of an alert: time and monitor in one exactly representable number. */
export function alertKey(timeSec: number, monitorIndex: number): number {
  return timeSec * MAX_MONITORS + monitorIndex;
}

/** Builds and caches the per-scope alert lists of a dataset. */
export class AlertIndex {
  readonly #ds: Dataset;
  readonly #all: Uint32Array;
  readonly #noReminders: Uint32Array;
  readonly #monNoRemOffset: Uint32Array;
  readonly #groupCache = new Map<string, Uint32Array>();

  constructor(ds: Dataset) {
    this.#ds = ds;
    const { alertKind, monAlertOffset } = ds.timeline;
    this.#all = new Uint32Array(alertKind.length);
    for (let i = 0; i < this.#all.length; i++) this.#all[i] = i;
    let kept = 0;
    for (const kind of alertKind) if (kind !== 1) kept++;
    this.#noReminders = new Uint32Array(kept);
    this.#monNoRemOffset = new Uint32Array(monAlertOffset.length);
    let n = 0;
    for (let m = 0; m + 1 < monAlertOffset.length; m++) {
      for (let i = monAlertOffset[m]!; i < monAlertOffset[m + 1]!; i++)
        if (alertKind[i] !== 1) this.#noReminders[n++] = i;
      this.#monNoRemOffset[m + 1] = n;
    }
  }

  /** Monitor index of a global alert index. */
  monitorOf(alert: number): number {
    return this.#ds.timeline.incMonitor[this.#ds.timeline.alertInc[alert]!]!;
  }

  /** Sort key of a global alert index. */
  keyOf(alert: number): number {
    return alertKey(this.#ds.timeline.alertTime[alert]!, this.monitorOf(alert));
  }

  /** The alerts of one monitor in time order. */
  forMonitor(monitorIndex: number, includeReminders: boolean): Uint32Array {
    if (includeReminders) {
      const off = this.#ds.timeline.monAlertOffset;
      return this.#all.subarray(off[monitorIndex], off[monitorIndex + 1]);
    }
    return this.#noReminders.subarray(
      this.#monNoRemOffset[monitorIndex],
      this.#monNoRemOffset[monitorIndex + 1],
    );
  }

  /** The alerts of a group's members merged in time order (built once per group and flag). */
  forGroup(groupIndex: number, includeReminders: boolean): Uint32Array {
    const cacheKey = `${groupIndex}:${includeReminders}`;
    const cached = this.#groupCache.get(cacheKey);
    if (cached !== undefined) return cached;
    const members = this.#ds.groups[groupIndex]!.members;
    let total = 0;
    for (const m of members) total += this.forMonitor(m, includeReminders).length;
    const keys = new Float64Array(total);
    let n = 0;
    const time = this.#ds.timeline.alertTime;
    for (const m of members)
      for (const a of this.forMonitor(m, includeReminders)) keys[n++] = alertKey(time[a]!, m);
    keys.sort();
    // Each monitor's own list is already in time order, so the k-th key of monitor m is its k-th alert.
    const base = includeReminders ? this.#all : this.#noReminders;
    const offsets = includeReminders ? this.#ds.timeline.monAlertOffset : this.#monNoRemOffset;
    const consumed = new Uint32Array(this.#ds.monitors.length);
    const out = new Uint32Array(total);
    for (let i = 0; i < total; i++) {
      const m = keys[i]! % MAX_MONITORS;
      out[i] = base[offsets[m]! + consumed[m]!++]!;
    }
    this.#groupCache.set(cacheKey, out);
    return out;
  }

  /** First position in `list` whose key is >= `key` (list.length when none). */
  lowerBound(list: Uint32Array, key: number): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keyOf(list[mid]!) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
