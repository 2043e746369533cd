/**
 * One sync run in a child process, with everything around it that explains its wall time: the
 * requests the simulator counted (reset before the run), and the CPU the simulator and the
 * Postgres server spent meanwhile.
 */
import type { SyncOptions } from '../src/pipeline/sync-options.ts';
import type { SyncChildInput, SyncChildResult } from './children/sync-child.ts';
import type { CleanupStack } from './cleanup-stack.ts';
import { issuedByRoute, totalRequests, type RouteCounts } from './minimal-requests.ts';
import {
  DatabaseCpu,
  machineBusy,
  machineTicks,
  postgresCpuMs,
  postmasterPid,
  processCpuMs,
} from './process-cpu.ts';
import { runChild, type ChildMeasure } from './run-child.ts';
import type { ScratchWarehouse } from './scratch-warehouse.ts';
import type { SimulatorProcess } from './spawn-simulator.ts';

/** A finished, measured run. */
export interface MeasuredSync {
  run: SyncChildResult & ChildMeasure;
  /** Requests the simulator answered, per route and in total. */
  issued: RouteCounts;
  requests: number;
  simulatorCpuMs: number | undefined;
  /** Undefined for PGlite (the database runs inside the child) or a remote server. */
  postgresCpuMs: number | undefined;
  /**
   * The part of postgresCpuMs spent by the processes serving the warehouse's database alone
   * (DatabaseCpu): other clients of the server are left out. Undefined as postgresCpuMs.
   */
  databaseCpuMs: number | undefined;
  /** The share of the machine's CPU busy during the run (every process, others' included), 0 to 1. */
  machineBusy: number;
}

/** The database a Postgres URL names. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

function delta(after: number | undefined, before: number | undefined): number | undefined {
  return after === undefined || before === undefined ? undefined : after - before;
}

/**
 * Runs `sync` with `options` against `sim` into `warehouse`; with `recordBodiesTo`, the simulator
 * records every body it serves the run into that file (the ETL floor's input, bench/floors.ts).
 */
export async function measuredSync(
  sim: SimulatorProcess,
  warehouse: ScratchWarehouse,
  options: Partial<SyncOptions>,
  now: string,
  cleanup: CleanupStack,
  recordBodiesTo?: string,
): Promise<MeasuredSync> {
  await sim.resetStats();
  if (recordBodiesTo !== undefined) await sim.record(recordBodiesTo);
  const postmaster = warehouse.backend === 'postgres' ? await postmasterPid() : undefined;
  const simBefore = processCpuMs(sim.pid);
  const pgBefore = postgresCpuMs(postmaster);
  const machineBefore = machineTicks();
  const database =
    postmaster === undefined ? undefined : new DatabaseCpu(postmaster, databaseName(warehouse.location));
  const input: SyncChildInput = { options, now };
  const run = await runChild<SyncChildResult & ChildMeasure>(
    'sync-child',
    input,
    { ...sim.env(), ...warehouse.env },
    cleanup,
  );
  // The child's backends end when its pool closes; give the postmaster a moment to reap them.
  if (postmaster !== undefined) await new Promise((resolve) => setTimeout(resolve, 300));
  const pgAfter = postgresCpuMs(postmaster);
  const machineAfter = machineTicks();
  const databaseCpuMs = database?.stop();
  const simAfter = processCpuMs(sim.pid);
  if (recordBodiesTo !== undefined) await sim.record(undefined);
  if (run.status !== 'succeeded') throw new Error(`sync ended ${run.status}`);
  const issued = issuedByRoute((await sim.stats()).requests.byRoute);
  return {
    run,
    issued,
    requests: totalRequests(issued),
    simulatorCpuMs: delta(simAfter, simBefore),
    postgresCpuMs: delta(pgAfter, pgBefore),
    databaseCpuMs,
    machineBusy: machineBusy(machineBefore, machineAfter),
  };
}

/** The streams' wall times, longest first, e.g. `alerts 171.6 s, statistics 57.5 s`. */
export function describeStreamTimes(m: MeasuredSync, top = 5): string {
  return Object.entries(m.run.streams)
    .filter(([, s]) => s.ms !== undefined)
    .sort(([, a], [, b]) => (b.ms ?? 0) - (a.ms ?? 0))
    .slice(0, top)
    .map(([name, s]) => `${name} ${((s.ms ?? 0) / 1000).toFixed(2)} s`)
    .join(', ');
}

/**
 * The shortest wall time the CPU work of a run allows on `cores` cores: the ETL's JavaScript runs
 * on one thread, so never below the ETL's CPU; and all three processes share the cores. With the
 * latency bound this is the other physical limit: a wall time near max(latency, CPU floor) has no
 * waste left to remove.
 */
export function cpuFloorMs(m: MeasuredSync, cores: number): number {
  const total = m.run.cpuMs + (m.simulatorCpuMs ?? 0) + (m.postgresCpuMs ?? 0);
  return Math.max(m.run.cpuMs, total / cores);
}
