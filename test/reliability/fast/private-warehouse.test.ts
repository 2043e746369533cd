/**
 * The embedded warehouse is private to its owner (issue 17 #7). Before the fix PGlite's files were
 * created 0666 under umask 022 and 077 alike (968 of 1,103 files), so any local user could read or
 * change the warehouse.
 */
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openWarehouse } from '../../../src/load/connection/db.ts';
import { migrate } from '../../../src/load/migrate.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every path under `dir` (itself included) whose mode lets group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (p: string): void => {
    const stat = lstatSync(p);
    if ((stat.mode & 0o077) !== 0)
      found.push(`${path.relative(dir, p) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return found;
}

function count(dir: string): number {
  let n = 0;
  const walk = (p: string): void => {
    n++;
    if (lstatSync(p).isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return n;
}

describe.each([0o022, 0o077])('under umask %o', (umask) => {
  it('a new warehouse directory and every file in it are private, while open and after close', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'uptrends-private-'));
    dirs.push(parent);
    const dataDir = path.join(parent, 'warehouse');
    const previous = process.umask(umask);
    try {
      const warehouse = await openWarehouse({ dataDir });
      await migrate(warehouse.db);
      await sql`create table uptrends.scratch_added_while_open (x int)`.execute(warehouse.db);
      expect(warehouse.notices).toEqual([]);
      expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
      await warehouse.close();
      expect(count(dataDir)).toBeGreaterThan(100);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      process.umask(previous);
    }
  });
});

it('a warehouse left open to others by an earlier version is made private on open, with a warning', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-private-'));
  dirs.push(dataDir);
  const first = await openWarehouse({ dataDir });
  await first.close();
  chmodSync(dataDir, 0o777);
  const loose = readdirSync(dataDir).map((name) => path.join(dataDir, name));
  for (const p of loose) chmodSync(p, lstatSync(p).isDirectory() ? 0o777 : 0o666);
  expect(openToOthers(dataDir).length).toBeGreaterThan(1);

  const again = await openWarehouse({ dataDir });
  try {
    expect(openToOthers(dataDir)).toEqual([]);
    expect(again.notices).toHaveLength(1);
    expect(again.notices[0]).toMatch(
      /was open to other users \(\d+ files or directories.*made private to its owner/,
    );
    // Still a working warehouse.
    expect((await sql<{ one: number }>`select 1 as one`.execute(again.db)).rows[0]?.one).toBe(1);
  } finally {
    await again.close();
  }
});
