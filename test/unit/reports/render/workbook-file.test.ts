/**
 * A workbook written to its file as it is zipped (writeWorkbookFile, fileSink): the file reads
 * back as the in-memory workbook does, appears only once complete, and a write that fails (here
 * a file opened read-only: EBADF, as a full disk gives ENOSPC) ends the write with that error in
 * bounded time instead of a zip waiting for a drain that never comes.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { fileSink } from '../../../../src/reports/render/streaming-workbook.ts';
import {
  workbookBytes,
  WorkbookWriter,
  writeWorkbookFile,
} from '../../../../src/reports/render/workbook-writer.ts';
import type { Column } from '../../../../src/reports/render/cell-types.ts';
import type { WorkbookSink } from '../../../../src/reports/render/streaming-workbook.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'workbook-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const COLUMNS: Column[] = [
  { header: 'Monitor', width: 30 },
  { header: 'Uptime', width: 12, format: 'percent' },
];
/** Enough rows (about 3 MB of sheet XML) that the zip writes many chunks before the end. */
const ROWS = 20_000;
const row = (i: number): [string, number] => [`monitor ${i} ${'x'.repeat(100)}`, (i % 1000) / 1000];

async function fill(sink: WorkbookSink): Promise<WorkbookWriter> {
  const book = new WorkbookWriter({ creator: 'test', created: new Date('2025-11-01T00:00:00Z'), sink });
  const sheet = book.sheet('Monitors');
  await sheet.streamTable(1, COLUMNS, () => Array.from({ length: ROWS }, (_, i) => row(i)));
  await sheet.commit();
  return book;
}

async function readBack(source: string | Buffer): Promise<ExcelJS.Worksheet> {
  const read = new ExcelJS.Workbook();
  if (typeof source === 'string') await read.xlsx.readFile(source);
  else await read.xlsx.load(source as unknown as ExcelJS.Buffer);
  return read.getWorksheet('Monitors')!;
}

describe('a workbook written to its file', () => {
  it('reads back as the workbook kept in memory', async () => {
    const file = path.join(dir, 'streamed.xlsx');
    await writeWorkbookFile(file, async (sink) => (await fill(sink)).finish());
    const memory = await workbookBytes(async (sink) => (await fill(sink)).finish());
    const [a, b] = [await readBack(memory), await readBack(file)];
    expect(b.rowCount).toBe(ROWS + 1);
    for (const r of [1, 2, 1000, ROWS + 1]) expect(b.getRow(r).values).toEqual(a.getRow(r).values);
    expect(b.getCell(`A${ROWS + 1}`).value).toBe(row(ROWS - 1)[0]);
  });

  it('fails with the write error, in bounded time, and leaves no file behind', async () => {
    const file = path.join(dir, 'refused.xlsx');
    const readOnlyPath = path.join(dir, 'read-only.bin');
    writeFileSync(readOnlyPath, '');
    const before = readdirSync(dir).sort();
    const error = await writeWorkbookFile(file, async () => {
      // Every write into this handle fails (EBADF), from the zip's first chunk on.
      const readOnly = await open(readOnlyPath, 'r');
      try {
        await (await fill(fileSink(readOnly))).finish();
      } finally {
        await readOnly.close();
      }
    }).catch((e: unknown) => e);
    expect((error as NodeJS.ErrnoException).code).toBe('EBADF');
    // Neither the workbook nor its temporary file is left.
    expect(readdirSync(dir).sort()).toEqual(before);
  });
});
