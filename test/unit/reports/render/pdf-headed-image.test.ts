/**
 * Issue 41: a chart's heading is never left alone at a page's foot with its chart on the next page
 * (the demo's SLA PDF ended page 2 with "Downtime per group", its chart on page 3). Checked on the
 * PDF read back by pdf.js, page by page: the page that holds the heading draws the image too,
 * wherever the content above left the heading.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../../../src/reports/render/pdf-document.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdf-headed-image-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const META = { title: 't', subject: 's', footer: 'f', createdAt: new Date('2026-01-01T00:00:00Z') };
// A 1 × 1 PNG; drawn at the size the caller gives, as the charts are.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Each page's text and whether an image is painted on it. */
async function pagesOf(path: string): Promise<{ text: string; image: boolean }[]> {
  const doc = await getDocument({ data: new Uint8Array(await readFile(path)), disableFontFace: true })
    .promise;
  try {
    const pages = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
      const ops = await page.getOperatorList();
      pages.push({ text, image: ops.fnArray.includes(OPS.paintImageXObject) });
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

describe('a heading with its chart', () => {
  it('stays on the chart’s page wherever the page break falls', async () => {
    // A chart about a third of a page tall, after 0 to 60 lines of text: the heading falls on
    // every position of the page, including the band where the heading fits and its chart not.
    let movedToNextPage = 0;
    for (let lines = 0; lines <= 60; lines += 5) {
      const path = join(dir, `lines-${lines}.pdf`);
      await writePdf(path, META, (pages) => {
        for (let i = 0; i < lines; i++) pages.paragraph(`filler line ${i}`);
        pages.headedImage('Chart heading', PNG, { width: 400, height: 200 });
      });
      const pages = await pagesOf(path);
      const at = pages.findIndex((p) => p.text.includes('Chart heading'));
      expect(at, `${lines} lines: heading missing`).toBeGreaterThanOrEqual(0);
      expect(pages[at]!.image, `${lines} lines: the heading's page ${at + 1} has no chart`).toBe(true);
      if (at > 0) movedToNextPage += 1;
    }
    // The sweep reached the page's foot: some headings had to move on with their chart.
    expect(movedToNextPage).toBeGreaterThan(0);
  }, 120_000);
});
