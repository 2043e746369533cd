/**
 * A spawned `uptrends-etl serve` on a fresh embedded warehouse, for the tests of its clients'
 * sessions: its port, clients of it (node-pg and raw sockets), the resident memory of the process
 * that holds the engine, and a stop that never leaves it running.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect as connectTcp, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openWarehouse } from '../../src/load/connection/db.ts';
import { migrate } from '../../src/load/migrate.ts';
import { spawnCli, type SpawnedCli } from './reliability-cli.ts';

/** A running serve. */
export interface ServedWarehouse {
  readonly port: number;
  readonly serve: SpawnedCli;
  /** A connected node-pg client (errors after a disconnect are ignored). */
  client(): Promise<pg.Client>;
  /** A raw socket past the start-up (AuthenticationOk ... ReadyForQuery read). */
  raw(): Promise<Socket>;
  /** Resident memory of serve's process (engine included), in bytes. */
  rss(): number;
  stop(): Promise<void>;
}

/** Migrates a fresh warehouse with one ledger row, then serves it with `args`. */
export async function startServe(prefix: string, args: readonly string[] = []): Promise<ServedWarehouse> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const env = { UPTRENDS_ETL_DATA_DIR: path.join(dir, 'warehouse') };
  const warehouse = await openWarehouse({ dataDir: env.UPTRENDS_ETL_DATA_DIR });
  await migrate(warehouse.db);
  await sql`insert into uptrends.etl_run (command) values ('sync')`.execute(warehouse.db);
  await warehouse.close();
  const serve = spawnCli(['serve', '--port', '0', '--json', ...args], env, 600_000, dir);
  let exited = false;
  void serve.done.then(() => (exited = true));
  await serve.waitFor(/"result":"serve"/);
  const line = serve
    .output()
    .stdout.split('\n')
    .find((l) => l.includes('"result":"serve"'))!;
  const port = (JSON.parse(line) as { port: number }).port;
  return {
    port,
    serve,
    async client() {
      const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
      c.on('error', () => undefined);
      await c.connect();
      return c;
    },
    raw() {
      return new Promise((resolve, reject) => {
        const socket = connectTcp(port, '127.0.0.1', () => socket.write(startupPacket()));
        let seen = Buffer.alloc(0);
        const onData = (chunk: Buffer): void => {
          seen = Buffer.concat([seen, chunk]);
          // ReadyForQuery ('Z', length 5, 'I') ends the start-up answer.
          if (seen.includes(Buffer.from([0x5a, 0, 0, 0, 5, 0x49]))) {
            socket.off('data', onData);
            resolve(socket);
          }
        };
        socket.on('data', onData);
        socket.on('error', reject);
      });
    },
    rss() {
      const status = readFileSync(`/proc/${serve.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
    },
    async stop() {
      if (serve.pid !== undefined && !exited) {
        try {
          process.kill(serve.pid, 'SIGKILL');
        } catch {
          // already gone
        }
        await serve.done;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function startupPacket(): Buffer {
  const pairs = Buffer.from('user\0postgres\0database\0postgres\0\0');
  const head = Buffer.alloc(8);
  head.writeInt32BE(pairs.length + 8, 0);
  head.writeInt32BE(196_608, 4);
  return Buffer.concat([head, pairs]);
}

/** A frontend message of `type` with `parts` (strings NUL-terminated, buffers as they are). */
export function message(type: string, ...parts: Array<string | Buffer>): Buffer {
  const body = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(`${p}\0`) : p)));
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** A Parse of `sql` as the named statement `name`, no parameter types. */
export const parseMessage = (name: string, text: string): Buffer =>
  message('P', name, text, Buffer.from([0, 0]));
