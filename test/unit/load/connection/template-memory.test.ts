/**
 * A new embedded warehouse's template is written as it is decompressed
 * (src/load/connection/pglite-template.ts): the process that creates a warehouse does not grow by
 * the archive's size. Measured in a child process by its own high-water mark (VmHWM) before and
 * after writing a template whose one file is 96 MB of zeros: unpacked whole, as before, the
 * process grew by at least that.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleChild } from '../../../support/module-child.ts';
import { installedPgliteVersion } from '../../../../src/load/connection/pglite-template.ts';

const FILE_BYTES = 96 * 2 ** 20;

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A template folder holding one ustar entry of `FILE_BYTES` zeros, gzipped. */
function bigTemplate(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'template-big-'));
  made.push(dir);
  const header = Buffer.alloc(512);
  header.write('/pg_wal/000000010000000000000001', 0, 'latin1');
  header.write(`${FILE_BYTES.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  header.write('0', 156, 'latin1');
  header.write('ustar\u000000', 257, 'latin1');
  const tar = Buffer.concat([header, Buffer.alloc(FILE_BYTES), Buffer.alloc(1024)]);
  writeFileSync(path.join(dir, 'template.tar.gz'), gzipSync(tar, { level: constants.Z_BEST_SPEED }));
  writeFileSync(path.join(dir, 'template.json'), JSON.stringify({ pglite: installedPgliteVersion() }));
  return dir;
}

describe('writeWarehouseTemplate', () => {
  it('writes a 96 MB file of the template without holding it: the process grows by far less', () => {
    const template = bigTemplate();
    const target = mkdtempSync(path.join(os.tmpdir(), 'warehouse-big-'));
    made.push(target);
    const script = `
      import { readFileSync } from 'node:fs';
      import { writeWarehouseTemplate } from './src/load/connection/pglite-template.ts';
      const hwm = () => Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
      const before = hwm();
      const written = await writeWarehouseTemplate(process.argv[1], process.argv[2]);
      process.stdout.write(JSON.stringify({ written, grewMb: hwm() - before }));`;
    const out = JSON.parse(moduleChild(script, { args: [target, template] })) as {
      written: boolean;
      grewMb: number;
    };
    expect(out.written).toBe(true);
    expect(statSync(path.join(target, 'pg_wal/000000010000000000000001')).size).toBe(FILE_BYTES);
    // Decompressed whole, the process holds the 96 MB archive (and gunzip's pieces of it).
    expect(out.grewMb).toBeLessThan(32);
  }, 120_000);
});
