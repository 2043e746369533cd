/**
 * `serve` under hostile bytes (issue 32, finding 4: one 8-byte packet with a length of 0x7fffffff,
 * or 64 random bytes, froze it at 75 % CPU, deaf to SIGTERM, every later client hanging, the
 * warehouse lock kept). A few thousand random, truncated, oversized and well-formed-but-wrong wire
 * messages go to a spawned `serve` over hundreds of connections (seeded, so a failure repeats);
 * meanwhile one ordinary client stays connected. Then that client and a new one are served, and
 * SIGTERM stops serve within a second and releases the warehouse.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../../src/load/connection/db.ts';
import { migrate } from '../../../src/load/migrate.ts';
import { spawnCli, type SpawnedCli } from '../../support/reliability-cli.ts';
import { runCli } from '../../support/run-cli.ts';

let dir: string;
let env: Record<string, string>;
let serve: SpawnedCli;
let serveExited = false;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'serve-fuzz-'));
  env = { UPTRENDS_ETL_DATA_DIR: path.join(dir, 'warehouse') };
  const warehouse = await openWarehouse({ dataDir: env.UPTRENDS_ETL_DATA_DIR });
  await migrate(warehouse.db);
  await sql`insert into uptrends.etl_run (command) values ('sync')`.execute(warehouse.db);
  await warehouse.close();
  serve = spawnCli(
    ['serve', '--port', '0', '--json', '--timeout', '5', '--max-connections', '64'],
    env,
    180_000,
    dir,
  );
  void serve.done.then(() => (serveExited = true));
  await serve.waitFor(/"result":"serve"/);
  const line = serve
    .output()
    .stdout.split('\n')
    .find((l) => l.includes('"result":"serve"'))!;
  port = (JSON.parse(line) as { port: number }).port;
}, 120_000);

afterAll(() => {
  if (serve.pid !== undefined && !serveExited) {
    try {
      process.kill(serve.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

/** A small seeded generator (mulberry32): the same bytes on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const random = seeded(32);
const int = (max: number): number => Math.floor(random() * max);
const bytes = (n: number): Buffer => Buffer.from(Array.from({ length: n }, () => int(256)));
const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;

function typed(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
const cstring = (text: string): Buffer => Buffer.from(`${text}\0`);
const startup = (): Buffer => {
  const pairs = Buffer.from('user\0fuzz\0database\0postgres\0\0');
  const head = Buffer.alloc(8);
  head.writeInt32BE(pairs.length + 8, 0);
  head.writeInt32BE(196_608, 4);
  return Buffer.concat([head, pairs]);
};
const length = (value: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(value | 0);
  return b;
};

const STATEMENTS = [
  'select 1',
  'begin',
  'select count(*) from generate_series(1, 1000)',
  "copy (select 1) to program 'true'",
  'set default_transaction_read_only = off',
  'select pg_stat_reset()',
  'commit; drop table uptrends.etl_run',
];

/** One well-formed message the engine may see (or that serve must refuse), of a random kind. */
function wellFormed(): Buffer {
  switch (int(8)) {
    case 0:
      return typed('Q', cstring(pick(STATEMENTS)));
    case 1:
      return typed('P', Buffer.concat([cstring(''), cstring(pick(STATEMENTS)), Buffer.from([0, 0])]));
    case 2:
      return typed('B', Buffer.concat([cstring(''), cstring(''), Buffer.from([0, 0, 0, 0, 0, 0])]));
    case 3:
      return typed('E', Buffer.concat([cstring(''), length(0)]));
    case 4:
      return typed('D', Buffer.concat([Buffer.from('S'), cstring(`s${int(5)}`)]));
    case 5:
      return typed('S', Buffer.alloc(0));
    case 6:
      return typed('F', bytes(int(40)));
    default:
      return typed('d', bytes(int(40)));
  }
}

/** A message to send after start-up: random, truncated, oversized or (mostly) well formed. */
function afterStartup(): Buffer {
  switch (int(12)) {
    case 0:
      return bytes(1 + int(64));
    case 1: {
      const whole = wellFormed();
      return whole.subarray(0, 1 + int(whole.length - 1));
    }
    case 2:
      return Buffer.concat([
        Buffer.from(pick(['Q', 'P', 'B', 'X'])),
        length(pick([0x7fffffff, -1, 0, 3, 1 << 30])),
      ]);
    case 3:
      return typed(pick(['Q', 'P', 'B', 'E', 'D', 'C', 'S', 'H']), bytes(int(48)));
    default:
      return wellFormed();
  }
}

/** The messages of one hostile connection. */
function connectionScript(): Buffer[] {
  switch (int(6)) {
    case 0:
      return [bytes(1 + int(128))];
    case 1:
      return [Buffer.concat([length(0x7fffffff), length(196_608)])];
    case 2: {
      const whole = startup();
      return [whole.subarray(0, 1 + int(whole.length - 1))];
    }
    case 3:
      // Well formed throughout: reaches the checks and the engine (refusals, errors, Sync).
      return [startup(), ...Array.from({ length: 5 + int(20) }, wellFormed)];
    default:
      return [startup(), ...Array.from({ length: 5 + int(20) }, afterStartup)];
  }
}

/** Sends `messages` on one connection, each in its own write, then leaves after a short wait. */
function hostileConnection(messages: readonly Buffer[]): Promise<void> {
  return new Promise((resolve) => {
    const socket = connectTcp(port, '127.0.0.1');
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve();
    };
    const timer = setTimeout(done, 60);
    socket.on('error', done);
    socket.on('close', done);
    socket.on('data', () => undefined);
    socket.on('connect', () => {
      for (const message of messages) if (!socket.destroyed) socket.write(message);
    });
  });
}

async function client(): Promise<pg.Client> {
  const c = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  c.on('error', () => undefined);
  await c.connect();
  return c;
}

describe('serve under a few thousand hostile wire messages', () => {
  it('serves a normal client afterwards, and SIGTERM stops it within a second', async () => {
    const steady = await client();
    const scripts = Array.from({ length: 600 }, connectionScript);
    const messages = scripts.reduce((n, s) => n + s.length, 0);
    expect(messages).toBeGreaterThan(3_000);
    let next = 0;
    const lanes = Array.from({ length: 16 }, async () => {
      while (next < scripts.length) await hostileConnection(scripts[next++]!);
    });
    await Promise.all(lanes);

    // The client connected throughout is still served, and so is a new one.
    expect((await steady.query('select count(*)::int as n from uptrends.etl_run')).rows).toEqual([{ n: 1 }]);
    const fresh = await client();
    expect((await fresh.query('show default_transaction_read_only')).rows).toEqual([
      { default_transaction_read_only: 'on' },
    ]);
    await expect(fresh.query('drop table uptrends.etl_run')).rejects.toThrow(/not DROP/);
    await fresh.end();
    await steady.end();
    expect(serve.output().stderr).not.toMatch(/this is a bug/);

    const sent = Date.now();
    process.kill(serve.pid!, 'SIGTERM');
    const stopped = await serve.done;
    expect(Date.now() - sent).toBeLessThan(1_000);
    expect(stopped.code).toBe(0);
    // The warehouse lock is released: another command opens it at once.
    const after = await runCli(
      ['query', '--format', 'json', 'select count(*)::int as n from uptrends.etl_run'],
      env,
      dir,
    );
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout.trim()).toBe('{"n":1}');
  }, 120_000);
});
