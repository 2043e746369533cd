/**
 * A report set is published whole or not at all (issue 40, item 8): files are staged in a hidden
 * folder and renamed into place only when the whole set is written and the run was not stopped;
 * a staging folder whose process is gone (a SIGKILLed run) is removed by the next run, a live
 * one is left alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InterruptedError } from '../../../../src/errors.ts';
import { removeStaleSets, withReportSet } from '../../../../src/reports/render/report-set.ts';

let out: string;
beforeEach(() => {
  out = mkdtempSync(path.join(os.tmpdir(), 'report-set-'));
});
afterEach(() => rmSync(out, { recursive: true, force: true }));

/** Writes files `names` into `dir`, returns their paths. */
function writeAll(dir: string, names: readonly string[]): string[] {
  return names.map((name) => {
    const file = path.join(dir, name);
    writeFileSync(file, name);
    return file;
  });
}

describe('withReportSet', () => {
  it('publishes every file of the set under its final name and leaves no staging folder', async () => {
    const result = await withReportSet(out, undefined, (dir) => {
      // Nothing is visible while the set is written.
      writeAll(dir, ['a.xlsx', 'a.csv']);
      expect(readdirSync(out).filter((n) => !n.startsWith('.'))).toEqual([]);
      return Promise.resolve({ paths: writeAll(dir, ['a.xlsx', 'a.csv', 'a.pdf']) });
    });
    expect(result.paths).toEqual(['a.xlsx', 'a.csv', 'a.pdf'].map((n) => path.join(out, n)));
    expect(readdirSync(out).sort()).toEqual(['a.csv', 'a.pdf', 'a.xlsx']);
    expect(readFileSync(path.join(out, 'a.pdf'), 'utf8')).toBe('a.pdf');
  });

  it('publishes nothing when the signal aborted while the set was written', async () => {
    writeFileSync(path.join(out, 'a.csv'), 'earlier');
    const stop = new AbortController();
    const run = withReportSet(out, stop.signal, (dir) => {
      const paths = writeAll(dir, ['a.xlsx', 'a.csv']);
      stop.abort(new InterruptedError('SIGINT'));
      return Promise.resolve({ paths });
    });
    await expect(run).rejects.toThrow('Interrupted by SIGINT');
    expect(readdirSync(out)).toEqual(['a.csv']);
    expect(readFileSync(path.join(out, 'a.csv'), 'utf8')).toBe('earlier');
  });

  it('publishes nothing when a file of the set fails', async () => {
    const target = path.join(out, 'new', 'folder');
    const run = withReportSet(target, undefined, (dir) => {
      writeAll(dir, ['a.xlsx']);
      return Promise.reject(new Error('disk full'));
    });
    await expect(run).rejects.toThrow('disk full');
    // The folders it created for the set are gone again.
    expect(readdirSync(out)).toEqual([]);
  });
});

describe('removeStaleSets', () => {
  it("removes a staging folder whose process is gone and keeps a live process's", async () => {
    // A process that has ended: its pid is free (or reused by an unrelated process, then kept).
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(ended.stdout.toString());
    const dead = `.uptrends-set-${deadPid}-0123456789ab`;
    const live = `.uptrends-set-${process.pid}-0123456789ab`;
    for (const name of [dead, live]) {
      mkdirSync(path.join(out, name));
      writeFileSync(path.join(out, name, 'half.csv'), 'a,b');
    }
    writeFileSync(path.join(out, '.other'), 'kept');
    expect(await removeStaleSets(out)).toEqual([dead]);
    expect(readdirSync(out).sort()).toEqual(['.other', live].sort());
  });
});
