/**
 * Issue 42: pdfkit opened and parsed the TrueType file again on every `font('regular')` of a
 * document whose default font had been opened by path, so a PDF table's cost per row was a font
 * file read and parse per cell (minutes for the at-risk PDF of 10,000 monitors). A document now
 * opens each face it draws in once, however many rows its tables have.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../../../src/reports/render/pdf-document.ts';
import { readPdf } from '../../../support/pdf-text.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdf-font-cache-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const META = { title: 't', subject: 's', footer: 'f', createdAt: new Date('2026-01-01T00:00:00Z') };

/** How many fonts pdfkit opened for the document (its private counter of font ids). */
function fontsOpened(doc: PDFKit.PDFDocument): number {
  return (doc as unknown as { _fontCount: number })._fontCount;
}

describe('the fonts of a PDF', () => {
  it('are opened once each, not once per cell', async () => {
    const path = join(dir, 'rows.pdf');
    const opened: number[] = [];
    await writePdf(path, META, (pages) => {
      pages.heading('Rows');
      const table = (rows: number): void =>
        pages.table(
          [
            { header: 'Name', width: 2 },
            { header: 'State', width: 1 },
          ],
          Array.from({ length: rows }, (_, i) => [`row-${i}`, { text: 'Breached', bold: true }]),
        );
      table(10);
      opened.push(fontsOpened(pages.doc));
      table(300);
      opened.push(fontsOpened(pages.doc));
    });
    // Regular and bold DejaVu Sans: two faces, whatever the rows.
    expect(opened).toEqual([2, 2]);
    const text = (await readPdf(path)).pages.map((p) => p.text).join(' ');
    expect(text).toContain('row-299');
  }, 60_000);
});
