/**
 * What the demo's warehouse remembers of its simulator (uptrends.demo_simulator, issue 41): the
 * seed, size, profile and the clock the account was generated at. The next `demo` into the same
 * warehouse with the same seed, size and profile starts the simulator at that clock again, so it
 * serves the same history and no finished month changes (pipeline/run-demo.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** The simulator a demo run used. */
export interface DemoSimulator {
  readonly seed: number;
  readonly monitors: number;
  readonly days: number;
  readonly profile: string;
  /** The simulator clock the account was generated at. */
  readonly generatedAt: Date;
}

/** The simulator an earlier demo used with these settings, if any. */
export async function findDemoSimulator(
  db: Kysely<Database>,
  wanted: Omit<DemoSimulator, 'generatedAt'>,
): Promise<DemoSimulator | undefined> {
  const row = await db
    .selectFrom('demo_simulator')
    .select(['seed', 'monitors', 'days', 'profile', 'generated_at'])
    .where('seed', '=', wanted.seed)
    .where('monitors', '=', wanted.monitors)
    .where('days', '=', wanted.days)
    .where('profile', '=', wanted.profile)
    .orderBy('first_run_at')
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : {
        seed: row.seed,
        monitors: row.monitors,
        days: row.days,
        profile: row.profile,
        generatedAt: row.generated_at,
      };
}

/** Records (or refreshes) the simulator of a demo run that loaded `accountId`. */
export async function recordDemoSimulator(
  db: Kysely<Database>,
  accountId: string,
  sim: DemoSimulator,
  runAt: Date,
): Promise<void> {
  await db
    .insertInto('demo_simulator')
    .values({
      account_id: accountId,
      seed: sim.seed,
      monitors: sim.monitors,
      days: sim.days,
      profile: sim.profile,
      generated_at: sim.generatedAt,
      first_run_at: runAt,
      last_run_at: runAt,
    })
    .onConflict((oc) =>
      oc.column('account_id').doUpdateSet({
        seed: sim.seed,
        monitors: sim.monitors,
        days: sim.days,
        profile: sim.profile,
        generated_at: sim.generatedAt,
        last_run_at: runAt,
      }),
    )
    .execute();
}
