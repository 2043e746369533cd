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
