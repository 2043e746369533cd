/**
 * Starts the Uptrends API simulator: generates the dataset, then serves API v4 (under `/v4` and
 * without prefix), Infra API v1 (under `/infra`) and the control surface (`/_sim`) on one port.
 * This is the programmatic entry the CLI (`uptrends-etl simulate`), the tests and the benchmarks use.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, listenFailure } from '../errors.ts';
import { systemClock } from '../terms.ts';
import { MAX_MONITORS } from './alert-index.ts';
import {
  SIMULATOR_DEFAULTS,
  SIMULATOR_RANGES,
  SIMULATOR_PROFILES,
  SIMULATOR_SCENARIOS,
  DEFAULT_SIMULATOR_PROFILE,
  type SimulatorProfile,
  type SimulatorScenario,
} from './simulator-limits.ts';
import { generateDataset } from './generate-dataset.ts';
import { createGroundTruth, type GroundTruth } from './ground-truth.ts';
import { BodyRecorder } from './body-recorder.ts';
import { handleRequest, pendingTimers } from './http/handle-request.ts';
import { injectorOf, type InjectionHandle, type InjectionSpec } from './inject-response.ts';
import { accountIndexOf, MAX_SIMULATED_ACCOUNTS, planSimulatedAccounts } from './simulated-accounts.ts';
import { SimulatorState, type RequestCounts, type SimulatorCredentials } from './simulator-state.ts';
import { parseBucketRule, type BucketRule } from './statistics-buckets.ts';

export type { RequestCounts } from './simulator-state.ts';
export type { GroundTruth } from './ground-truth.ts';
export type { InjectionHandle, InjectionSpec } from './inject-response.ts';
export type { BucketRule } from './statistics-buckets.ts';

/** Options of the simulator; every field optional. */
export interface SimulatorOptions {
  /** Seed of the dataset and of fault decisions. (Default: 1) */
  seed?: number;
  /** Number of monitors, 1 to 20000. (Default: 50) */
  monitors?: number;
  /** Days of history before `now`. (Default: 90) */
  days?: number;
  /** The simulator clock. (Default: the current time floored to the minute) */
  now?: Date;
  /** Fixed latency added to every API response, ms. (Default: 0) */
  latencyMs?: number;
  /** Fault specification, see docs/simulator.md. (Default: none) */
  faults?: string;
  /** TCP port; 0 picks a free one. (Default: 0) */
  port?: number;
  /** (Default: 127.0.0.1) */
  host?: string;
  /** Days of timeline generated beyond `now`, revealed by moving the clock. (Default: 14) */
  futureDays?: number;
  /**
   * Ascending queries over a window still open at the clock always return a Next cursor, even with
   * no further rows (the "incremental feed" the vendor KB describes). (Default: false)
   */
  ascendingFeedCursors?: boolean;
  /**
   * Answer as an operator without administrator rights: six fields of a monitor, 403 on
   * operators, operator groups, alert definitions, vault and SLAs, and no /CheckpointRegion
   * route (404). (Default: false)
   */
  viewer?: boolean;
  /**
   * Which bucket size the statistics routes answer a period with, by its length: an object or the
   * text `hourly=48h,daily=400d` (hourly buckets up to 48 hours, daily up to 400 days, monthly
   * beyond). The real rule is not documented; this lets a test play a service that answers
   * coarser. (Default: hourly=48h,daily=400d)
   */
  statisticsBuckets?: string | Partial<BucketRule>;
  /**
   * Accounts served on the port, each with its own credentials, seed, time zone and size
   * (simulated-accounts.ts); account 1 is the one the other options describe. (Default: 1)
   */
  accounts?: number;
  /**
   * A scripted story added to account 1: `early-warning` gives it a monitor whose outages
   * accelerate through a month and one that recovers (docs/simulator.md, "Scenarios"). (Default: none)
   */
  scenario?: SimulatorScenario | undefined;
  /**
   * How account 1 behaves: `failure-heavy` (fails often, for tests and benchmarks) or `realistic`
   * (a healthy account with a few problems, the demo's; docs/simulator.md, "Profiles").
   * (Default: failure-heavy)
   */
  profile?: SimulatorProfile | undefined;
}

/** One account of a simulator serving several (`accounts` option). */
export interface SimulatedAccount {
  /** 1-based. */
  readonly number: number;
  readonly accountId: string;
  readonly timeZone: string;
  readonly seed: number;
  readonly monitors: number;
  readonly credentials: SimulatorCredentials;
  /** This account's ground truth. */
  readonly truth: GroundTruth;
  /** Request counts of this account. */
  requestCounts(): RequestCounts;
}

/** A running simulator. */
export interface RunningSimulator {
  /** e.g. http://127.0.0.1:PORT/v4 (routes also answer without the /v4 prefix) */
  apiUrl: string;
  /** e.g. http://127.0.0.1:PORT/infra (clients append /v1/account etc.) */
  infraUrl: string;
  /** e.g. http://127.0.0.1:PORT/_sim */
  controlUrl: string;
  credentials: { username: string; password: string; infraUsername: string; infraPassword: string };
  accountId: string;
  /** IANA zone of the account's wall-clock times. */
  timeZone: string;
  truth: GroundTruth;
  /** Every account served (one unless the `accounts` option says more); the first is the above. */
  accounts: readonly SimulatedAccount[];
  /** The options in force (defaults applied). */
  options: Readonly<
    Required<Omit<SimulatorOptions, 'faults' | 'statisticsBuckets' | 'scenario' | 'profile'>>
  > & {
    profile: SimulatorProfile;
    faults: string | undefined;
    statisticsBuckets: BucketRule;
    scenario: SimulatorScenario | undefined;
  };
  /** Moves the clock of every account. */
  setNow(now: Date): void;
  /** Replaces the statistics bucket rule (as the `statisticsBuckets` option) of every account. */
  setStatisticsBuckets(rule: string | Partial<BucketRule>): void;
  /** Removes a monitor of account 1. */
  removeMonitor(monitorGuid: string): void;
  /** Faults of every account. */
  setFaults(spec: string | undefined): void;
  /** Request counts of every account together. */
  requestCounts(): RequestCounts;
  resetCounts(): void;
  /**
   * Records every whole JSON body of status 200 into `file`, one per line, until called again
   * (undefined stops); answers the recording it ended (body-recorder.ts, for the bench's floor).
   */
  record(file: string | undefined): { file: string; bodies: number; bytes: number } | undefined;
  /**
   * TEST FACILITY (docs/simulator.md, "Injected responses"), account 1: the next matching requests get the
   * answer described by `spec` instead of (or edited from) the real one.
   */
  inject(spec: InjectionSpec): InjectionHandle;
  /** Drops every injection rule not used up yet. */
  clearInjections(): void;
  close(): Promise<void>;
}

function resolveOptions(o: SimulatorOptions): RunningSimulator['options'] {
  const now = o.now ?? new Date(Math.floor(systemClock().getTime() / 60_000) * 60_000);
  const resolved = {
    seed: o.seed ?? SIMULATOR_DEFAULTS.seed,
    monitors: o.monitors ?? SIMULATOR_DEFAULTS.monitors,
    days: o.days ?? SIMULATOR_DEFAULTS.days,
    now,
    latencyMs: o.latencyMs ?? SIMULATOR_DEFAULTS.latencyMs,
    faults: o.faults,
    port: o.port ?? 0,
    host: o.host ?? '127.0.0.1',
    futureDays: o.futureDays ?? 14,
    ascendingFeedCursors: o.ascendingFeedCursors ?? false,
    viewer: o.viewer ?? false,
    statisticsBuckets: parseBucketRule(o.statisticsBuckets),
    accounts: o.accounts ?? 1,
    scenario: o.scenario,
    profile: o.profile ?? DEFAULT_SIMULATOR_PROFILE,
  };
  const int = (name: string, v: number, min: number, max: number): void => {
    if (!Number.isInteger(v) || v < min || v > max)
      throw new ConfigError(`simulator: ${name} must be an integer from ${min} to ${max}`, {
        context: { option: name },
      });
  };
  const r = SIMULATOR_RANGES;
  int('seed', resolved.seed, r.seed.min, r.seed.max);
  int('monitors', resolved.monitors, r.monitors.min, Math.min(r.monitors.max, MAX_MONITORS));
  int('days', resolved.days, r.days.min, r.days.max);
  int('futureDays', resolved.futureDays, 0, 366);
  int('port', resolved.port, r.port.min, r.port.max);
  int('accounts', resolved.accounts, 1, MAX_SIMULATED_ACCOUNTS);
  if (resolved.scenario !== undefined && !SIMULATOR_SCENARIOS.includes(resolved.scenario)) {
    throw new ConfigError(
      `simulator: scenario must be one of ${SIMULATOR_SCENARIOS.join(', ')}, not "${String(resolved.scenario)}"`,
      { context: { option: 'scenario' } },
    );
  }
  if (!SIMULATOR_PROFILES.includes(resolved.profile)) {
    throw new ConfigError(
      `simulator: profile must be one of ${SIMULATOR_PROFILES.join(', ')}, not "${String(resolved.profile)}"`,
      { context: { option: 'profile' } },
    );
  }
  if (!(resolved.latencyMs >= 0))
    throw new ConfigError('simulator: latencyMs must be >= 0', { context: { option: 'latencyMs' } });
  if (Number.isNaN(now.getTime()))
    throw new ConfigError('simulator: now is not a valid instant', { context: { option: 'now' } });
  return resolved;
}

/** Generates the dataset and starts listening; resolves once the port is bound. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const o = resolveOptions(options);
  const plans = planSimulatedAccounts(o.accounts, {
    seed: o.seed,
    monitors: o.monitors,
    maxMonitors: Math.min(SIMULATOR_RANGES.monitors.max, MAX_MONITORS),
  });
  const states = plans.map((plan) => {
    const ds = generateDataset({
      seed: plan.seed,
      monitors: plan.monitors,
      days: o.days,
      now: o.now,
      futureDays: o.futureDays,
      timezoneId: plan.timezoneId,
      scenario: plan.number === 1 ? o.scenario : undefined,
      profile: plan.number === 1 ? o.profile : undefined,
    });
    return new SimulatorState(ds, {
      latencyMs: o.latencyMs,
      faults: o.faults,
      ascendingFeedCursors: o.ascendingFeedCursors,
      viewer: o.viewer,
      bucketRule: o.statisticsBuckets,
      credentials: plan.credentials,
    });
  });
  const truths = states.map((state) => createGroundTruth(state));
  const state = states[0]!;
  const truth = truths[0]!;
  const ds = state.ds;
  const controls = {
    setNow: (now: Date): void => {
      if (Number.isNaN(now.getTime())) throw new RangeError('setNow: invalid instant');
      for (const s of states) s.nowMs = now.getTime();
    },
    setFaults: (spec: string | undefined): void => {
      for (const s of states) s.setFaults(spec);
    },
    setStatisticsBuckets: (rule: string | Partial<BucketRule>): void => {
      for (const s of states) s.bucketRule = parseBucketRule(rule);
    },
    removeMonitor: (guid: string): void => {
      const i = state.monitor(guid);
      if (i === undefined) throw new RangeError(`removeMonitor: unknown monitor ${guid}`);
      state.removed.add(i);
    },
    resetCounts: (): void => {
      for (const s of states) s.resetCounts();
    },
    record: (file: string | undefined) => {
      const ended = state.recorder?.close();
      const recorder = file === undefined ? undefined : new BodyRecorder(file);
      for (const s of states) s.recorder = recorder;
      return ended;
    },
  };
  const server: Server = createServer((req, res) => {
    const index = states.length === 1 ? 0 : accountIndexOf(req, plans);
    handleRequest(states[index]!, truths[index]!, controls, req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(
          JSON.stringify({
            Messages: [
              { Message: `Simulator error: ${error instanceof Error ? error.message : String(error)}` },
            ],
          }),
        );
      }
    });
  });
  server.keepAliveTimeout = 5_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(o.port, o.host, () => resolve());
    });
  } catch (cause) {
    // A port in use is the user's to change (exit 2), not a bug.
    throw listenFailure(cause, 'simulate', o.host, o.port);
  }
  const port = (server.address() as AddressInfo).port;
  const base = `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${port}`;
  return {
    apiUrl: `${base}/v4`,
    infraUrl: `${base}/infra`,
    controlUrl: `${base}/_sim`,
    credentials: { ...state.credentials },
    accountId: ds.accountId,
    timeZone: ds.zone,
    truth,
    accounts: states.map((s, i) => ({
      number: plans[i]!.number,
      accountId: s.ds.accountId,
      timeZone: s.ds.zone,
      seed: plans[i]!.seed,
      monitors: plans[i]!.monitors,
      credentials: { ...s.credentials },
      truth: truths[i]!,
      requestCounts: () => s.requestCounts(),
    })),
    get options() {
      return { ...o, port, statisticsBuckets: state.bucketRule };
    },
    ...controls,
    requestCounts: () => sumCounts(states.map((s) => s.requestCounts())),
    inject: (spec: InjectionSpec) => injectorOf(state).add(spec),
    clearInjections: () => injectorOf(state).clear(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of pendingTimers) clearTimeout(t);
        state.recorder?.close();
        pendingTimers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Request counts of several accounts added up. */
function sumCounts(all: readonly RequestCounts[]): RequestCounts {
  if (all.length === 1) return all[0]!;
  const byRoute: Record<string, Record<string, number>> = {};
  for (const counts of all) {
    for (const [route, statuses] of Object.entries(counts.byRoute)) {
      const into = (byRoute[route] ??= {});
      for (const [status, n] of Object.entries(statuses)) into[status] = (into[status] ?? 0) + n;
    }
  }
  return { total: all.reduce((sum, c) => sum + c.total, 0), byRoute };
}
