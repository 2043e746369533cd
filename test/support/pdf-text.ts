/**
 * Reads a PDF back the way a viewer would (Mozilla's pdf.js, Node build): page sizes and the text
 * of every page, plus facts about the file itself (embedded fonts, images), so a test checks what a
 * reader sees and that the file does not depend on fonts installed on the reader's machine.
 */
import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a PDF holds. */
export interface PdfContents {
  readonly pages: readonly { readonly width: number; readonly height: number; readonly text: string }[];
  /** Each text item with the base font it is drawn in (`ABCDEF+NotoSansSC-Regular`). */
  readonly items: readonly { readonly text: string; readonly font: string }[];
  /** All pages' text, joined. */
  readonly text: string;
  readonly title: string | undefined;
  /** Embedded TrueType font programs (/FontFile2) in the file. */
  readonly embeddedFonts: number;
  /** Font dictionaries naming a base font that is not embedded (one of the standard 14). */
  readonly standardFonts: readonly string[];
  /** Image XObjects (charts). */
  readonly images: number;
}

/** Parses the PDF at `path`. */
export async function readPdf(path: string): Promise<PdfContents> {
  const bytes = await readFile(path);
  const raw = bytes.toString('latin1');
  const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false })
    .promise;
  try {
    const pages = [];
    const items: { text: string; font: string }[] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const [, , width, height] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
      // The operator list loads the page's fonts, whose names the text items refer to.
      await page.getOperatorList();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const font = page.commonObjs.get(item.fontName) as { name?: string } | undefined;
        items.push({ text: item.str, font: font?.name ?? item.fontName });
      }
      pages.push({ width, height, text: text.replace(/\s+/g, ' ') });
    }
    const meta = await doc.getMetadata();
    const info = meta.info as { Title?: string };
    const standard = [
      ...raw.matchAll(/\/BaseFont\s*\/(Helvetica|Times|Courier|Symbol|ZapfDingbats)[\w-]*/g),
    ].map((m) => m[0]);
    return {
      pages,
      items,
      text: pages.map((p) => p.text).join(' '),
      title: info.Title,
      embeddedFonts: (raw.match(/\/FontFile2/g) ?? []).length,
      standardFonts: standard,
      images: (raw.match(/\/Subtype\s*\/Image/g) ?? []).length,
    };
  } finally {
    await doc.destroy();
  }
}
