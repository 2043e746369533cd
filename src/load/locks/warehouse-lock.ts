/**
 * One writer at a time: a sync holds a session-level Postgres advisory lock for its whole run.
 * A second sync either waits for it (`--wait`) or stops at once with exit code 6. The lock lives
 * on one dedicated connection, so it is released if the process dies (the server drops the
 * session), which a lock row in a table would not be.
 */
import { sql, type Kysely } from 'kysely';
import { LockError } from '../../errors.ts';
import { type Database } from '../schema.ts';

/** Advisory lock key of the sync ("uptrends-etl sync"). */
export const SYNC_LOCK_KEY = 0x5570_7379;

/** Advisory lock key of report subscription deliveries ("Updl"): one sender at a time. */
export const DELIVERY_LOCK_KEY = 0x5570_646c;

/**
 * Advisory lock key of one account's sync: SYNC_LOCK_KEY in the high 32 bits and an FNV-1a hash of
 * the account id in the low 32 bits, so syncs of different accounts run at once while two syncs of
 * one account still queue or refuse (a hash collision only makes two accounts queue).
 */
export function accountLockKey(accountId: string): bigint {
  return (BigInt(SYNC_LOCK_KEY) << 32n) | BigInt(fnv1a(accountId));
}

/**
 * Advisory lock key of one `nightly --queue` (its batch): NIGHTLY_LOCK_CLASS ("Upnq") in the high
 * 32 bits and an FNV-1a hash of the batch id in the low ones. Nothing else takes it; it lives on
 * the session that holds the nightly's run open, so the run ledger knows the nightly is alive.
 */
export function nightlyLockKey(batch: string): bigint {
  return (BigInt(NIGHTLY_LOCK_CLASS) << 32n) | BigInt(fnv1a(batch));
}

/** High word of nightlyLockKey. */
const NIGHTLY_LOCK_CLASS = 0x5570_6e71;

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

/** A held lock; release it when the run ends. */
export interface HeldLock {
  release(): Promise<void>;
  /**
   * Runs `task` on the lock's own session (on PGlite, on the one connection there is). The run
   * ledger takes its run's liveness lock there, so that lock lives exactly as long as this one.
   */
  onSession<T>(task: (conn: Kysely<Database>) => Promise<T>): Promise<T>;
}

/** Tasks queued for a held session, served one at a time between waits. */
class SessionQueue {
  readonly #tasks: (() => Promise<void>)[] = [];
  #wake: (() => void) | undefined;
  #closed = false;

  /** Queues `task` for the session `serve` runs on. */
  push<T>(task: (conn: Kysely<Database>) => Promise<T>, conn: () => Kysely<Database>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the warehouse lock was released'));
    return new Promise<T>((resolve, reject) => {
      this.#tasks.push(() => task(conn()).then(resolve, reject));
      this.#wake?.();
    });
  }

  close(): void {
    this.#closed = true;
    this.#wake?.();
  }

  /** Runs queued tasks until closed. */
  async serve(): Promise<void> {
    for (;;) {
      const task = this.#tasks.shift();
      if (task !== undefined) {
        await task();
        continue;
      }
      if (this.#closed) return;
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = undefined;
    }
  }
}

/**
 * Takes the warehouse write lock. With `waitMs` > 0, polls until then; otherwise fails at once.
 */
export async function acquireWarehouseLock(
  warehouse: { db: Kysely<Database>; backend: 'postgres' | 'pglite' },
  options: {
    waitMs?: number;
    pollMs?: number;
    signal?: AbortSignal;
    /** Which lock: a number or a 64-bit key (accountLockKey). (Default: SYNC_LOCK_KEY) */
    key?: number | bigint;
    /** What holds it, for the message. (Default: 'the warehouse lock') */
    what?: string;
  } = {},
): Promise<HeldLock> {
  const key = options.key ?? SYNC_LOCK_KEY;
  const what = options.what ?? 'the warehouse lock';
  // An embedded PGlite directory is already exclusive to this process (data-dir-lock.ts), and its
  // single connection cannot be parked holding a lock.
  if (warehouse.backend === 'pglite') {
    return { release: () => Promise.resolve(), onSession: (task) => task(warehouse.db) };
  }
  const { db } = warehouse;
  const queue = new SessionQueue();
  let session: Kysely<Database> | undefined;
  let acquired!: (ok: boolean) => void;
  const outcome = new Promise<boolean>((resolve) => (acquired = resolve));
  const deadline = Date.now() + (options.waitMs ?? 0);
  // Hold one connection for the lifetime of the lock: advisory locks belong to a session.
  const holder = db
    .connection()
    .execute(async (conn) => {
      for (;;) {
        const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${key}) as ok`.execute(conn);
        if (got.rows[0]?.ok === true) break;
        if (Date.now() >= deadline || options.signal?.aborted === true) {
          acquired(false);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 500));
      }
      session = conn;
      acquired(true);
      await queue.serve();
      // All of the session's advisory locks: this one and the liveness lock of its run (run-ledger.ts).
      await sql`select pg_advisory_unlock_all()`.execute(conn);
    })
    .catch((error: unknown) => {
      acquired(false);
      throw error;
    });
  if (!(await outcome)) {
    await holder;
    throw new LockError(
      options.waitMs
        ? `Another uptrends-etl run still holds ${what} after waiting ${Math.round(options.waitMs / 1000)} s.`
        : `Another uptrends-etl run holds ${what}; try again later or pass --wait to queue behind it.`,
    );
  }
  return {
    async release() {
      queue.close();
      await holder;
    },
    onSession: (task) => queue.push(task, () => session!),
  };
}
