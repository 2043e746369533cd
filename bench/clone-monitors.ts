/**
 * A larger account built by COPY instead of a sync (issue 42): every monitor of a synced Postgres
 * warehouse, with everything that hangs off it (configuration, history, group memberships,
 * maintenance, alerts, incidents, statistics and their coverage and watermarks), is copied
 * `factor - 1` times into the same account under new guids, so 1,000 synced monitors become
 * 10,000 in well under a minute, where a sync of 10,000 monitors takes minutes. Each table is written
 * by the server to a file (`copy (select ...) to`) and read back with `copy ... from`, as the load
 * scenario's raw COPY does.
 *
 * A copy's guid is `md5('<copy number>:<guid>')` (alert ids likewise), and its monitor's name ends
 * in ` ~<copy number>`, so copies sort and read apart. The groups, SLAs and the account stay as
 * they are: each copy joins the groups of its original, so the groups grow with the account.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { CleanupStack } from './cleanup-stack.ts';

/** The tables copied per monitor, and the columns each maps besides `monitor_guid`. */
const PER_MONITOR: readonly { table: string; map?: Readonly<Record<string, (k: string) => string>> }[] = [
  { table: 'monitor', map: { name: (k) => `name || ' ~' || ${k}` } },
  { table: 'monitor_history', map: { name: (k) => `name || ' ~' || ${k}` } },
  { table: 'monitor_error_condition' },
  { table: 'monitor_group_member' },
  { table: 'maintenance_period' },
  { table: 'alert', map: { alert_id: (k) => guidOf(k, 'alert_id') } },
  { table: 'incident' },
  { table: 'monitor_statistics' },
];

/** The per-monitor rows of the ledgers: the statistics stream keeps one partition per monitor. */
const PER_PARTITION = ['etl_coverage', 'etl_state'] as const;

/** SQL of the guid of copy `k` of the uuid column `column`. */
function guidOf(k: string, column: string): string {
  return `md5(${k} || ':' || ${column}::text)::uuid`;
}

async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const result = await client.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_schema = 'uptrends' and table_name = $1 and is_generated = 'NEVER'
      order by ordinal_position`,
    [table],
  );
  return result.rows.map((r) => r.column_name);
}

/** What the copying did. */
export interface CloneResult {
  readonly monitors: number;
  readonly alerts: number;
  readonly seconds: number;
}

/**
 * Makes the account of the Postgres warehouse at `url` hold `factor` times its monitors, by COPY.
 * The server must be local (it writes and reads the files) and the connection a superuser's.
 */
export async function cloneMonitors(
  url: string,
  factor: number,
  cleanup: CleanupStack,
): Promise<CloneResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-bench-clone-'));
  cleanup.add(`clone ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  // The server process (user postgres) writes the files.
  chmodSync(dir, 0o777);
  const started = process.hrtime.bigint();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const copies = `generate_series(1, ${factor - 1}) as clone_k(k)`;
    const copyThrough = async (table: string, select: string, columns: readonly string[]): Promise<void> => {
      const file = path.join(dir, `${table}.csv`);
      await client.query(`copy (${select}) to '${file}' with (format csv)`);
      await client.query(`copy uptrends.${table} (${columns.join(', ')}) from '${file}' with (format csv)`);
      rmSync(file, { force: true });
    };
    for (const { table, map = {} } of PER_MONITOR) {
      const columns = await columnsOf(client, table);
      const exprs = columns.map((c) =>
        c === 'monitor_guid' ? guidOf('k', 'monitor_guid') : (map[c]?.('k') ?? c),
      );
      await copyThrough(table, `select ${exprs.join(', ')} from uptrends.${table}, ${copies}`, columns);
    }
    for (const table of PER_PARTITION) {
      const columns = await columnsOf(client, table);
      const exprs = columns.map((c) => (c === 'partition' ? `${guidOf('k', 'partition')}::text` : c));
      await copyThrough(
        table,
        `select ${exprs.join(', ')} from uptrends.${table}, ${copies}
          where stream = 'statistics' and partition ~ '^[0-9a-f-]{36}$'`,
        columns,
      );
    }
    await client.query('vacuum analyze');
    const counts = await client.query<{ monitors: string; alerts: string }>(
      'select (select count(*) from uptrends.monitor) as monitors, (select count(*) from uptrends.alert) as alerts',
    );
    return {
      monitors: Number(counts.rows[0]!.monitors),
      alerts: Number(counts.rows[0]!.alerts),
      seconds: Number(process.hrtime.bigint() - started) / 1e9,
    };
  } finally {
    await client.end();
  }
}
