import { readFile, rm, stat, mkdtemp } from 'node:fs/promises';
import { readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCsv } from '../../../../src/reports/render/write-csv.ts';
import { parseCsv } from '../csv-reader.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'write-csv-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeCsv streams', () => {
  it('writes to the file while the source is still producing rows', async () => {
    const path = join(dir, 'stream.csv');
    let sizeWhileProducing = -1;
    async function* rows() {
      for (let i = 0; i < 40_000; i += 1) {
        // Part-way through, the file must already hold data: rows were not collected first. It
        // is written under a temporary name and renamed when complete (atomic-file.ts).
        if (i === 30_000) {
          const pending = readdirSync(dir).filter((name) => /^\.stream\.csv\.[0-9a-f]+\.tmp$/.test(name));
          expect(pending).toHaveLength(1);
          sizeWhileProducing = statSync(join(dir, pending[0]!)).size;
        }
        yield await Promise.resolve([i, `row ${i}`, new Date(Date.UTC(2025, 0, 1, 0, 0, i % 60))]);
      }
    }
    const count = await writeCsv(path, ['n', 'text', 'at_utc'], rows());
    expect(count).toBe(40_000);
    expect(sizeWhileProducing).toBeGreaterThan(100_000);
    expect((await stat(path)).size).toBeGreaterThan(sizeWhileProducing);
    const parsed = parseCsv(await readFile(path, 'utf8')).records;
    expect(parsed).toHaveLength(40_001);
    expect(parsed[40_000]).toEqual(['39999', 'row 39999', '2025-01-01T00:00:39Z']);
  });
});
