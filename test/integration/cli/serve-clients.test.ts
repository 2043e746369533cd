/**
 * Issue 33: the README states which clients work against `serve`, and this holds it to that with
 * the machine's own clients: psql (any version from 12) reads the served warehouse. pg_dump does
 * not: an older one refuses a server of a newer major version than its own, and a current one
 * sends what serve refuses (LOCK TABLE, COPY); the README says so and names `query` instead.
 * Skipped where no psql is installed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli } from '../../support/run-cli.ts';

const README = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
const hasPsql = spawnSync('psql', ['--version']).status === 0;

let dir: string;
let serve: ChildProcess | undefined;
let port: number;

/** The client's major version (`psql (PostgreSQL) 15.20 ...` -> 15). */
function majorOf(tool: string): number {
  const out = spawnSync(tool, ['--version'], { encoding: 'utf8' }).stdout;
  return Number(/\) (\d+)/.exec(out)?.[1] ?? Number.NaN);
}

function client(tool: string, args: string[]): { status: number | null; out: string } {
  const result = spawnSync(
    tool,
    ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', ...args],
    {
      encoding: 'utf8',
      timeout: 60_000,
      env: { PATH: process.env.PATH ?? '', PGCONNECT_TIMEOUT: '10' },
    },
  );
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

beforeAll(async () => {
  if (!hasPsql) return;
  dir = mkdtempSync(path.join(os.tmpdir(), 'serve-clients-'));
  const migrated = await runCli(['--data-dir', 'warehouse', 'migrate'], {}, dir);
  expect(migrated.code, migrated.stderr).toBe(0);
  const child = spawn(process.execPath, [BIN, '--data-dir', 'warehouse', 'serve', '--port', '0'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  serve = child;
  port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n').find((l) => l.includes('"result":"serve"'));
      if (line !== undefined) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.on('close', (code) => reject(new Error(`serve exited with ${code}`)));
  });
}, 120_000);

afterAll(async () => {
  if (serve !== undefined && serve.exitCode === null) {
    const closed = new Promise((resolve) => serve!.on('close', resolve));
    serve.kill('SIGTERM');
    await closed;
  }
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(hasPsql)('clients of serve', () => {
  it('psql reads the served warehouse (README: any psql from 12)', () => {
    expect(README).toMatch(/psql[^.]*12 or newer/);
    const count = client('psql', ['-At', '-c', 'select count(*) from uptrends.schema_migration']);
    expect(count.status, count.out).toBe(0);
    expect(Number(count.out.trim())).toBeGreaterThan(0);
    const tables = client('psql', ['-c', '\\dt uptrends.*']);
    expect(tables.status, tables.out).toBe(0);
    expect(tables.out).toContain('etl_run');
  });

  it('pg_dump does not dump through serve, and the README says so and why', () => {
    const server = client('psql', ['-At', '-c', 'show server_version_num']);
    const major = Math.floor(Number(server.out.trim()) / 10_000);
    expect(major).toBeGreaterThanOrEqual(17);
    expect(README).toContain(`PostgreSQL ${major}`);
    expect(README).toMatch(/`pg_dump` does not work through `serve`/);
    if (spawnSync('pg_dump', ['--version']).status !== 0) return;
    const dump = client('pg_dump', ['-s', '-n', 'uptrends']);
    expect(dump.status).not.toBe(0);
    if (majorOf('pg_dump') < major) expect(dump.out).toContain('server version mismatch');
    else expect(dump.out).toMatch(/query refused/);
  });
});
