import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { rowsOf, WorkbookWriter } from '../../../../src/reports/render/workbook-writer.ts';
import { memorySink, streamingWorkbook } from '../../../../src/reports/render/streaming-workbook.ts';
import type { Column } from '../../../../src/reports/render/cell-types.ts';
import { zipEntriesText } from '../../../support/reliability-zip-text.ts';

const COLUMNS: Column[] = [
  { header: 'Monitor', width: 20 },
  { header: 'Uptime', width: 10, format: 'percent' },
  { header: 'Status', width: 10 },
];
const ROWS = [
  ['Web A', 0.9972, 'Missed'],
  ['Web B', 1, 'Met'],
  ['Web C', 0.95, 'Missed'],
];
// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Each test workbook's in-memory sink, read once the workbook is finished (bytesOf). */
const sinks = new WeakMap<WorkbookWriter, ReturnType<typeof memorySink>>();

function writer(): WorkbookWriter {
  const sink = memorySink();
  const book = new WorkbookWriter({ creator: 'test', created: new Date('2025-11-01T00:00:00Z'), sink });
  sinks.set(book, sink);
  return book;
}

async function bytesOf(book: WorkbookWriter): Promise<Buffer> {
  await book.finish();
  return sinks.get(book)!.bytes();
}

describe('a streamed workbook', () => {
  it('writes out each row a table commits: the row is no longer held and cannot be written again', () => {
    const sheet = writer().sheet('Monitors');
    const placement = sheet.table(1, COLUMNS, ROWS, { commitRows: true });
    expect(placement).toEqual({ headerRow: 1, firstDataRow: 2, lastRow: 4 });
    // Committed: exceljs's streaming sheet refuses the rows it has written out and dropped.
    expect(() => sheet.cell(placement.lastRow, 1, 'again')).toThrow(/committed/);
    expect(() => sheet.cell(placement.headerRow, 1, 'again')).toThrow(/committed/);
    // Rows below the table are still open.
    expect(() => sheet.cell(placement.lastRow + 1, 1, 'a note')).not.toThrow();
  });

  it('keeps the rows of a table that does not commit them, until the sheet is committed', async () => {
    const streamed = writer().sheet('Groups');
    const open = streamed.table(1, COLUMNS, ROWS);
    expect(() => streamed.cell(open.lastRow, 3, 'Met')).not.toThrow();
    expect(() => streamed.cell(open.headerRow, 1, 'Monitor')).not.toThrow();
    await streamed.commit();
    expect(() => streamed.cell(open.lastRow, 3, 'Met')).toThrow();
  });

  it('reads back with the values, the restyled cells, a frozen filtered header and the picture', async () => {
    const book = writer();
    const monitors = book.sheet('Monitors');
    monitors.title(['Monitors']);
    monitors.table(3, COLUMNS, ROWS, {
      commitRows: true,
      restyle: (i) => [{ column: 3, value: `${ROWS[i]![2]}!`, style: { bold: true } }],
    });
    await monitors.commit();
    const summary = book.sheet('Summary');
    summary.cell(1, 1, { text: 'Web A', sheet: 'Monitors', cell: 'A4' });
    summary.image(PNG, { col: 0, row: 2 }, { width: 10, height: 10 });
    await summary.commit();

    const bytes = await bytesOf(book);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    expect(read.worksheets.map((w) => w.name)).toEqual(['Monitors', 'Summary']);
    const sheet = read.getWorksheet('Monitors')!;
    expect(sheet.getRow(4).values).toEqual([undefined, 'Web A', 0.9972, 'Missed!']);
    expect(sheet.getCell('C4').font?.bold).toBe(true);
    expect(sheet.getCell('B4').numFmt).toBe('0.000%');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
    // No Excel table in a streamed workbook: a filter over the same range instead.
    expect(Object.keys((sheet as unknown as { tables: object }).tables)).toEqual([]);
    expect(sheet.autoFilter).toBe('A3:C6');
    // A link within the workbook keeps its location, as document mode writes it.
    const summaryXml = zipEntriesText(bytes).find((e) => e.name === 'xl/worksheets/sheet2.xml')!.text;
    expect(summaryXml).toContain(`location="#&apos;Monitors&apos;!A4"`);
    const images = read.getWorksheet('Summary')!.getImages();
    expect(images).toHaveLength(1);
    expect(images[0]!.range.tl.nativeRow).toBe(2);
    expect(read.getImage(Number(images[0]!.imageId)).extension).toBe('png');
  });

  it('streams a table as table writes it: the same cells, widths and filter, text kept as text', async () => {
    const hostile = '=HYPERLINK("http://x") <b>Web</b> & co';
    const rows = [...ROWS, [hostile, 0.5, 'Missed']];
    const book = writer();
    const plain = book.sheet('Plain');
    const placed = plain.table(1, COLUMNS, rows, { commitRows: true });
    await plain.commit();
    const streamed = book.sheet('Streamed');
    let built = 0;
    const placedStreamed = await streamed.streamTable(1, COLUMNS, () =>
      rowsOf(rows, (r) => {
        built += 1;
        return r;
      }),
    );
    await streamed.commit();
    expect(placedStreamed).toEqual(placed);
    // Built twice, to fit the columns and to write them; never held as one array.
    expect(built).toBe(2 * rows.length);
    const bytes = await bytesOf(book);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const [a, b] = [read.getWorksheet('Plain')!, read.getWorksheet('Streamed')!];
    for (let r = 1; r <= placed.lastRow; r++) expect(b.getRow(r).values).toEqual(a.getRow(r).values);
    expect(b.getColumn(1).width).toBe(a.getColumn(1).width);
    expect(b.autoFilter).toBe(a.autoFilter);
    expect(b.getCell('A5').value).toBe(hostile);
    // Strings are written in their cells (no shared-string table held until the end).
    const entries = zipEntriesText(bytes);
    expect(entries.map((e) => e.name)).not.toContain('xl/sharedStrings.xml');
    const xml = entries.find((e) => e.name === 'xl/worksheets/sheet2.xml')!.text;
    expect(xml).not.toContain('<f>');
    expect(xml).toContain('&lt;b&gt;Web&lt;/b&gt; &amp; co');
  });

  it('lets a writer wait until the zip has taken in what a sheet wrote (no sheet waits whole in memory)', async () => {
    const sink = memorySink();
    const book = streamingWorkbook(sink);
    const sheet = book.addWorksheet('Rows');
    const text = 'x'.repeat(1000);
    for (let r = 1; r <= 6000; r++) {
      const row = sheet.getRow(r);
      row.getCell(1).value = `${r} ${text}`;
      row.commit();
    }
    const pending = (): number =>
      (sheet.stream.pipes ?? []).reduce(
        (sum, p) => sum + (p.writableLength ?? p._writableState?.length ?? 0),
        0,
      );
    // 6 MB of XML written at once: it waits for the zip.
    expect(pending()).toBeGreaterThan(4 * 2 ** 20);
    await sheet.caughtUp();
    expect(pending()).toBeLessThanOrEqual(2 ** 20);
    sheet.commit();
    await sheet.zipped();
    await book.finish();
    expect(sink.bytes().length).toBeGreaterThan(0);
  });
});
