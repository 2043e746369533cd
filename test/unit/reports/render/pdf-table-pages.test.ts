/**
 * Issue 41: a PDF table never leaves its last row alone on a page (the incident PDF's page 3 held
 * one orphan row), and a header that fits its column is not broken inside a word ("Incident / s /
 * started"). Checked on PDFs read back as a viewer reads them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePdf } from '../../../../src/reports/render/pdf-document.ts';
import { readPdf } from '../../../support/pdf-text.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdf-table-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const META = { title: 't', subject: 's', footer: 'f', createdAt: new Date('2026-01-01T00:00:00Z') };

async function tablePdf(rows: number): Promise<string[]> {
  const path = join(dir, `rows-${rows}.pdf`);
  await writePdf(path, META, (pages) => {
    pages.heading('Rows');
    pages.table(
      [
        { header: 'Name', width: 2 },
        { header: 'Value', width: 1 },
      ],
      Array.from({ length: rows }, (_, i) => [`row-${i}`, String(i)]),
    );
  });
  return (await readPdf(path)).pages.map((p) => p.text);
}

describe('a PDF table across pages', () => {
  it('never puts its last row alone on a page', async () => {
    // How many rows one page holds, then every count around the first page break.
    const first = (await tablePdf(120))[0]!;
    const perPage = first.match(/row-\d+ /g)!.length;
    let tried = 0;
    for (let rows = perPage - 1; rows <= perPage + 2; rows++) {
      const pages = await tablePdf(rows);
      const lastPage = pages.find((p) => p.includes(`row-${rows - 1} `))!;
      const onIt = lastPage.match(/row-\d+ /g)!.length;
      expect(onIt, `${rows} rows: the last page holds ${onIt}`).toBeGreaterThan(1);
      tried++;
    }
    expect(tried).toBe(4);
  }, 120_000);
});
