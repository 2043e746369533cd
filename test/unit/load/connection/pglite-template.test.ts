/**
 * The template a new embedded warehouse starts from, written into its folder: every entry under
 * the folder (files 0600, folders 0700), nothing for a template of another PGlite version, and an
 * entry that would leave the folder refused. The archives are made here, byte by byte (ustar).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  installedPgliteVersion,
  writeWarehouseTemplate,
} from '../../../../src/load/connection/pglite-template.ts';

/** One ustar header block and its content, padded to 512 bytes. */
function tarEntry(name: string, content: string | undefined): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'latin1');
  const size = content === undefined ? 0 : Buffer.byteLength(content);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  header.write(content === undefined ? '5' : '0', 156, 'latin1');
  header.write('ustar\u000000', 257, 'latin1');
  const body = Buffer.alloc(Math.ceil(size / 512) * 512);
  if (content !== undefined) body.write(content, 0, 'latin1');
  return Buffer.concat([header, body]);
}

function templateDir(entries: [string, string | undefined][], version: string | undefined): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'template-'));
  made.push(dir);
  const tar = Buffer.concat([
    ...entries.map(([name, content]) => tarEntry(name, content)),
    Buffer.alloc(1024),
  ]);
  writeFileSync(path.join(dir, 'template.tar.gz'), gzipSync(tar));
  writeFileSync(path.join(dir, 'template.json'), JSON.stringify({ pglite: version }));
  return dir;
}

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'warehouse-'));
  made.push(dir);
  return dir;
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('writeWarehouseTemplate', () => {
  it('writes every entry of the template into the folder, files private to the owner', async () => {
    const template = templateDir(
      [
        ['/PG_VERSION', '18\n'],
        ['/base', undefined],
        ['/base/1/112', 'x'.repeat(1000)],
        ['/global/1213', 'g'],
      ],
      installedPgliteVersion(),
    );
    const target = dataDir();
    expect(await writeWarehouseTemplate(target, template)).toBe(true);
    expect(readFileSync(path.join(target, 'PG_VERSION'), 'utf8')).toBe('18\n');
    expect(readFileSync(path.join(target, 'base/1/112'), 'utf8')).toBe('x'.repeat(1000));
    expect(readFileSync(path.join(target, 'global/1213'), 'utf8')).toBe('g');
    expect(statSync(path.join(target, 'global/1213')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(target, 'base/1')).mode & 0o777).toBe(0o700);
  });

  it('writes entries whose content spans many decompressed pieces, PG_VERSION last', async () => {
    // Content that does not compress, larger than a piece of the decompressing stream, of a size
    // that is not a whole number of blocks; PG_VERSION between two files.
    const noise = Array.from({ length: 150_000 }, (_, i) => String.fromCharCode(33 + ((i * 7919) % 89))).join(
      '',
    );
    const template = templateDir(
      [
        ['/base/1/big', noise],
        ['/PG_VERSION', '18\n'],
        ['/base/1/after', 'a'.repeat(513)],
      ],
      installedPgliteVersion(),
    );
    const target = dataDir();
    expect(await writeWarehouseTemplate(target, template)).toBe(true);
    expect(readFileSync(path.join(target, 'base/1/big'), 'latin1')).toBe(noise);
    expect(readFileSync(path.join(target, 'base/1/after'), 'utf8')).toBe('a'.repeat(513));
    expect(readFileSync(path.join(target, 'PG_VERSION'), 'utf8')).toBe('18\n');
    expect(statSync(path.join(target, 'PG_VERSION')).mtimeMs).toBeGreaterThanOrEqual(
      statSync(path.join(target, 'base/1/after')).mtimeMs,
    );
  });

  it('writes no PG_VERSION from an archive cut short, so the folder is not taken for a warehouse', async () => {
    const template = templateDir([['/PG_VERSION', '18\n']], installedPgliteVersion());
    const whole = gunzipSync(readFileSync(path.join(template, 'template.tar.gz')));
    // The entry and its content, without the two empty blocks that end an archive.
    writeFileSync(path.join(template, 'template.tar.gz'), gzipSync(whole.subarray(0, 1024)));
    const target = dataDir();
    await expect(writeWarehouseTemplate(target, template)).rejects.toThrow(/ends before its end-of-archive/);
    expect(existsSync(path.join(target, 'PG_VERSION'))).toBe(false);
  });

  it('writes nothing when the template was made by another PGlite version', async () => {
    const template = templateDir([['/PG_VERSION', '18\n']], '0.0.1-not-installed');
    const target = dataDir();
    expect(await writeWarehouseTemplate(target, template)).toBe(false);
    expect(existsSync(path.join(target, 'PG_VERSION'))).toBe(false);
  });

  it('writes nothing when there is no template', async () => {
    const target = dataDir();
    const empty = dataDir();
    mkdirSync(path.join(empty, 'none'));
    expect(await writeWarehouseTemplate(target, path.join(empty, 'none'))).toBe(false);
  });

  it('refuses an entry that leaves the folder', async () => {
    const template = templateDir([['../escaped', 'no']], installedPgliteVersion());
    const target = dataDir();
    await expect(writeWarehouseTemplate(target, template)).rejects.toThrow(/leaves the folder/);
    expect(existsSync(path.join(path.dirname(target), 'escaped'))).toBe(false);
  });
});
