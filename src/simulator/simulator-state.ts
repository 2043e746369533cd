/**
 * The mutable state of a running simulator around its immutable dataset: the clock, removed
 * monitors, the fault specification, request counters and per-URL attempt numbers. Route handlers
 * and the ground truth read from here, so both always see the same clock.
 */
import type { BodyRecorder } from './body-recorder.ts';
import { AlertIndex } from './alert-index.ts';
import type { Dataset } from './dataset.ts';
import { parseFaultSpec, type FaultSpec } from './faults/parse-fault-spec.ts';
import { hash32 } from './seeded-random.ts';
import { DEFAULT_BUCKET_RULE, type BucketRule } from './statistics-buckets.ts';

/** Request counts by route template (e.g. `GET /Alert/Monitor/{monitorGuid}`) and status. */
export interface RequestCounts {
  total: number;
  byRoute: Record<string, Record<string, number>>;
}

/** Credentials the simulator accepts. */
export interface SimulatorCredentials {
  username: string;
  password: string;
  infraUsername: string;
  infraPassword: string;
}

/** Fixed, documented credentials: the simulator holds no secrets worth protecting. */
export const SIMULATOR_CREDENTIALS: SimulatorCredentials = Object.freeze({
  username: 'sim-api-user',
  password: 'sim-api-password',
  infraUsername: 'sim-infra-user',
  infraPassword: 'sim-infra-password',
});

/** State shared by the HTTP handlers and the ground truth. */
export class SimulatorState {
  readonly ds: Dataset;
  readonly index: AlertIndex;
  readonly credentials: SimulatorCredentials;
  readonly cursorSecret: number;
  /** When true, an Ascending query over a window still open at the clock always returns a Next cursor. */
  readonly ascendingFeedCursors: boolean;
  /** Answers as an operator without administrator rights (http/viewer-rights.ts). */
  readonly viewer: boolean;
  /** Cursors older than this (simulator clock) are refused as expired. */
  readonly cursorTtlSec = 7 * 86_400;
  nowMs: number;
  baseLatencyMs: number;
  faults: FaultSpec;
  /** How the statistics routes choose bucket sizes (settable while running). */
  bucketRule: BucketRule;
  /** Where served bodies are recorded (`POST /_sim/control/record`), when a recording is open. */
  recorder: BodyRecorder | undefined = undefined;
  readonly removed = new Set<number>();
  readonly monitorByGuid = new Map<string, number>();
  readonly groupByGuid = new Map<string, number>();
  #counts = new Map<string, Map<string, number>>();
  #total = 0;
  readonly #attempts = new Map<string, { attempts: number; faulted: number }>();

  constructor(
    ds: Dataset,
    options: {
      latencyMs: number;
      faults: string | undefined;
      ascendingFeedCursors: boolean;
      /** (Default: false) */
      viewer?: boolean;
      bucketRule?: BucketRule;
      /** (Default: SIMULATOR_CREDENTIALS) */
      credentials?: SimulatorCredentials;
    },
  ) {
    this.ds = ds;
    this.credentials = options.credentials ?? SIMULATOR_CREDENTIALS;
    this.index = new AlertIndex(ds);
    // Build every group index now, so no request pays for it (about 1 s at 1 000 monitors x 365 days).
    for (const g of ds.groups) {
      this.index.forGroup(g.index, true);
      this.index.forGroup(g.index, false);
    }
    this.nowMs = ds.options.now.getTime();
    this.baseLatencyMs = options.latencyMs;
    this.faults = parseFaultSpec(options.faults);
    this.ascendingFeedCursors = options.ascendingFeedCursors;
    this.viewer = options.viewer ?? false;
    this.bucketRule = options.bucketRule ?? DEFAULT_BUCKET_RULE;
    this.cursorSecret = hash32(
      ds.options.seed,
      ds.options.monitors,
      ds.options.days,
      ds.historyStartSec,
      'cursor-secret',
    );
    for (const m of ds.monitors) this.monitorByGuid.set(m.guid.toLowerCase(), m.index);
    for (const g of ds.groups) this.groupByGuid.set(g.guid.toLowerCase(), g.index);
  }

  /** The clock in whole seconds: events at or before it have happened. */
  get nowSec(): number {
    return Math.floor(this.nowMs / 1000);
  }

  /** A monitor index by GUID (case-insensitive), undefined when unknown or removed. */
  monitor(guid: string): number | undefined {
    const i = this.monitorByGuid.get(guid.toLowerCase());
    return i === undefined || this.removed.has(i) ? undefined : i;
  }

  /** True when the alert belongs to a removed monitor. */
  readonly isAlertRemoved = (alert: number): boolean =>
    this.removed.size > 0 && this.removed.has(this.index.monitorOf(alert));

  /** True when the monitor was removed. */
  readonly isMonitorRemoved = (monitorIndex: number): boolean => this.removed.has(monitorIndex);

  /** Counts one answered request. */
  count(route: string, status: string): void {
    this.#total++;
    let byStatus = this.#counts.get(route);
    if (byStatus === undefined) this.#counts.set(route, (byStatus = new Map<string, number>()));
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }

  /** A snapshot of the counters. */
  requestCounts(): RequestCounts {
    const byRoute: Record<string, Record<string, number>> = {};
    for (const [route, statuses] of [...this.#counts].sort(([a], [b]) => a.localeCompare(b)))
      byRoute[route] = Object.fromEntries(statuses);
    return { total: this.#total, byRoute };
  }

  /** Clears the counters (attempt numbers for fault decisions are kept; setFaults restarts them). */
  resetCounts(): void {
    this.#counts = new Map();
    this.#total = 0;
  }

  /** Registers an attempt of `key` (method + URL); returns its number (0-based) and earlier faults. */
  attempt(key: string): { attempt: number; faultedBefore: number; markFaulted: () => void } {
    let entry = this.#attempts.get(key);
    if (entry === undefined) this.#attempts.set(key, (entry = { attempts: 0, faulted: 0 }));
    const attempt = entry.attempts++;
    const e = entry;
    return { attempt, faultedBefore: entry.faulted, markFaulted: () => void e.faulted++ };
  }

  /** Replaces the fault specification (throws ConfigError when it does not parse). */
  setFaults(spec: string | undefined): void {
    this.faults = parseFaultSpec(spec);
    // A new spec starts a new deterministic sequence: attempt numbers restart.
    this.#attempts.clear();
  }
}
