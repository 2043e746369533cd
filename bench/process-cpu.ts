/**
 * CPU time of other processes from /proc, to tell where a run's time went: the ETL child, the
 * simulator and the Postgres server share the machine's cores, and a wall time far above the
 * latency bound is explained by their CPU seconds. Linux only; elsewhere the figures are absent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { ADMIN_URL } from './scratch-warehouse.ts';

// USER_HZ: the unit of the /proc times; 100 on every Linux build the bench runs on.
const TICKS_PER_SECOND = 100;

function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces; fields after it are counted from the closing parenthesis.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** User + system CPU of a live process in ms, with `children` also of its reaped children. */
export function processCpuMs(pid: number, children = false): number | undefined {
  const f = statFields(pid);
  if (f === undefined) return undefined;
  // After the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14).
  const ticks = Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** The Postgres postmaster's pid, found as the parent of a backend; undefined when not local. */
export async function postmasterPid(): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    // Read while connected: the backend process ends with the connection.
    const f = statFields(Number(result.rows[0]!.pid));
    return f === undefined ? undefined : Number(f[1]);
  } finally {
    await client.end();
  }
}

/**
 * CPU of the whole Postgres server in ms: the postmaster, its reaped children (backends that have
 * ended) and its live children. A difference of two readings is the server's CPU in between.
 */
export function postgresCpuMs(postmaster: number | undefined): number | undefined {
  if (postmaster === undefined) return undefined;
  let total = processCpuMs(postmaster, true);
  if (total === undefined) return undefined;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(Number(entry));
    if (f !== undefined && Number(f[1]) === postmaster)
      total += (Number(f[11]) + Number(f[12])) * (1000 / TICKS_PER_SECOND);
  }
  return total;
}

/** The name of each child process of `postmaster`, by pid: `postgres: 15/main: user db host state`. */
function serverChildren(postmaster: number): Map<number, string> {
  const children = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(Number(entry));
    if (f === undefined || Number(f[1]) !== postmaster) continue;
    try {
      children.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' '));
    } catch {
      // Ended between the two reads.
    }
  }
  return children;
}

/**
 * The CPU of the server processes that serve one database (its connections and its autovacuum
 * workers), sampled every `intervalMs` from /proc: unlike the whole server's figure, it leaves out
 * other clients of a shared server (other sessions' tests, on this project's machine). A process
 * that ends loses what it spent since the last sample, so the figure is a little low; the
 * server's shared processes (checkpointer, WAL writer) are not counted.
 */
export class DatabaseCpu {
  readonly #postmaster: number;
  readonly #word: RegExp;
  readonly #seen = new Map<number, { first: number; last: number }>();
  readonly #timer: NodeJS.Timeout;

  /** Starts sampling; what the database's processes spent before now is not counted. */
  constructor(postmaster: number, database: string, intervalMs = 50) {
    this.#postmaster = postmaster;
    this.#word = new RegExp(`\\s${database.replace(/\W/g, '\\$&')}(\\s|$)`);
    this.#sample(true);
    this.#timer = setInterval(() => this.#sample(false), intervalMs);
    // A run that throws before stop() must not keep the bench alive.
    this.#timer.unref();
  }

  #sample(initial: boolean): void {
    for (const [pid, name] of serverChildren(this.#postmaster)) {
      if (!this.#word.test(name)) continue;
      const cpu = processCpuMs(pid);
      if (cpu === undefined) continue;
      const entry = this.#seen.get(pid);
      if (entry === undefined) this.#seen.set(pid, { first: initial ? cpu : 0, last: cpu });
      else entry.last = cpu;
    }
  }

  /** Stops sampling; answers the CPU in ms spent since the start. */
  stop(): number {
    clearInterval(this.#timer);
    this.#sample(false);
    let total = 0;
    for (const { first, last } of this.#seen.values()) total += last - first;
    return total;
  }
}

/** Busy and total CPU ticks of the whole machine so far (the `cpu` line of /proc/stat). */
export function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    const total = f.reduce((sum, n) => sum + n, 0);
    // idle and iowait are the only fields that are not work.
    return { busy: total - f[3]! - (f[4] ?? 0), total };
  } catch {
    return undefined;
  }
}

/**
 * The share of the machine's CPU that was busy between two readings of machineTicks, 0 to 1:
 * near 1, every process of the run waited for a core, whoever's work filled them.
 */
export function machineBusy(
  before: ReturnType<typeof machineTicks>,
  after: ReturnType<typeof machineTicks>,
): number {
  if (before === undefined || after === undefined || after.total === before.total) return NaN;
  return (after.busy - before.busy) / (after.total - before.total);
}
