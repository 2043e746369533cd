/**
 * A lost warehouse connection and a killed process (issue 17 #2). Before the fix, terminating the
 * session that holds the warehouse lock gave exit 1 with an unhandled 'error' event, and the run
 * stayed `running` in etl_run for ever, as did a SIGKILLed run (`status` showed them running).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes.ts';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { simulatorEnv, spawnCli } from '../../support/reliability-cli.ts';
import {
  cliWarehouse,
  terminateSyncLockHolders,
  type CliWarehouse,
} from '../../support/reliability-concurrency.ts';

const ARGS = ['sync', '--from', '2025-06-01', '--to', '2025-06-15', '--window', '7', '--log-format', 'json'];
const HOLDING = /"msg":"run \d+: account/;
let sim: RunningSimulator;
const made: CliWarehouse[] = [];

beforeAll(async () => {
  sim = await startSimulator({ seed: 8, monitors: 6, days: 30, now: new Date('2025-06-18T09:00:00Z') });
});
afterAll(async () => {
  await sim.close();
  for (const w of made) await w.drop();
});

async function fresh(kind: 'test' | 'pglite-dir'): Promise<CliWarehouse> {
  const w = await cliWarehouse(kind);
  made.push(w);
  return w;
}

const sync = (w: CliWarehouse, args = ARGS) => spawnCli(args, { ...w.env, ...simulatorEnv(sim) });

/** Holds the next run inside its first statistics request for `ms`. */
const holdNextRun = (ms: number): void => {
  sim.clearInjections();
  sim.inject({ match: '/Statistics/Monitor/', delayMs: ms });
};

describe('the session holding the warehouse lock is terminated mid-run (Postgres)', () => {
  it('the run ends with exit 3 and a message, closes its ledger row, and a re-run converges', async (ctx) => {
    const w = await fresh('test');
    if (w.backend !== 'postgres') ctx.skip();
    holdNextRun(20_000);
    const run = sync(w);
    await run.waitFor(HOLDING);
    expect(await terminateSyncLockHolders(w.env.DATABASE_URL!)).toBe(1);
    const done = await run.done;
    expect(done.code, done.stderr.slice(-1500)).toBe(EXIT.database);
    expect(done.stderr).toMatch(/connection to the Postgres warehouse at .* was lost/);
    expect(done.stderr).not.toMatch(/Unhandled 'error' event|this is a bug/i);
    const runs = await w.runs();
    expect(runs.map((r) => r.status)).toEqual(['failed']);
    expect(runs[0]!.finished_at).not.toBeNull();
    sim.clearInjections();
    const again = await sync(w).done;
    expect(again.code, again.stderr.slice(-1000)).toBe(0);
  });
});

describe.each(['test', 'pglite-dir'] as const)('a run killed with SIGKILL (%s warehouse)', (kind) => {
  it('is closed as crashed by the next process that opens the warehouse; status never shows it running', async () => {
    const w = await fresh(kind);
    holdNextRun(30_000);
    const victim = sync(w);
    await victim.waitFor(HOLDING);
    process.kill(victim.pid!, 'SIGKILL');
    expect((await victim.done).code).toBeNull();
    sim.clearInjections();
    const status = await spawnCli(['status', '--no-json'], { ...w.env }).done;
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/#1 sync crashed started .* finished \d{4}-/);
    expect(status.stdout).toMatch(/reason: \[RUN_CRASHED\] The process ended without closing the run/);
    expect(status.stdout).not.toMatch(/ running /);
    expect(status.stderr).toMatch(/Run\(s\) 1 ended without closing .*marked crashed/);
    const runs = await w.runs();
    expect(runs.map((r) => r.status)).toEqual(['crashed']);
  });

  it('a live run in another process is never taken for dead', async () => {
    const w = await fresh(kind);
    if (w.backend === 'pglite') return; // one process at a time: nothing else can open the directory
    holdNextRun(4_000);
    const live = sync(w);
    await live.waitFor(HOLDING);
    const status = await spawnCli(['status', '--no-json'], { ...w.env }).done;
    expect(status.stdout).toMatch(/#1 sync running/);
    const done = await live.done;
    expect(done.code, done.stderr.slice(-1000)).toBe(0);
    expect((await w.runs()).map((r) => r.status)).toEqual(['succeeded']);
  });
});
