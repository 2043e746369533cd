/**
 * PDF pages for the reports (pdfkit): A4 portrait, DejaVu Sans embedded from the `dejavu-fonts-ttf`
 * package with the Noto fallback faces for CJK and emoji (each subset to the glyphs used, so a PDF
 * reads the same on any machine and prints as it shows; see `font-fallback.ts`), a footer with the report, period and page number on every page, headings, key-value
 * blocks, tables that break across pages with their header row repeated, and PNG images. No browser
 * and no office suite: everything is drawn here from the report model.
 *
 * Untrusted text (monitor and group names) is drawn as text, never interpreted; control characters
 * are stripped by the caller's `safeText`.
 */
import { finished } from 'node:stream/promises';
import { tempWriteStream, withPendingFile } from './atomic-file.ts';
import { PdfText, type TextStyle } from './pdf-text.ts';

/** A4 in points, and the page margin. */
const PAGE = { width: 595.28, height: 841.89, margin: 42 } as const;
const FOOTER_HEIGHT = 24;
const MUTED = '#57606a';
const RULE = '#d0d7de';

/** One column of a table. */
export interface PdfColumn {
  readonly header: string;
  /** Share of the text width (the shares of a table are scaled to fill it). */
  readonly width: number;
  readonly align?: 'left' | 'right';
}

/**
 * One table cell: text, optionally coloured and bold (a status word), optionally with a bar under
 * it filled to `bar` (0 to 1; more fills it: a budget bar).
 */
export type PdfCell =
  | string
  | {
      readonly text: string;
      readonly colour?: string;
      readonly bold?: boolean;
      readonly bar?: number | null;
      readonly barColour?: string;
    };

/** Height of a cell's bar and the gap above it. */
const BAR = { height: 4, gap: 2 } as const;

const barOf = (cell: PdfCell): number | null =>
  typeof cell === 'object' && typeof cell.bar === 'number' && Number.isFinite(cell.bar) ? cell.bar : null;

/** What a report draws on: the open document plus layout helpers that keep to the margins. */
export class PdfPages {
  readonly doc: PDFKit.PDFDocument;
  /** Every text goes through here: it picks the face of each character (CJK, emoji). */
  readonly text: PdfText;

  constructor(doc: PDFKit.PDFDocument, text: PdfText) {
    this.doc = doc;
    this.text = text;
  }

  /** Width available for content. */
  get textWidth(): number {
    return PAGE.width - 2 * PAGE.margin;
  }

  private get bottom(): number {
    return PAGE.height - PAGE.margin - FOOTER_HEIGHT;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  /** A title (level 1) or section heading (level 2). */
  heading(text: string, level: 1 | 2 = 2): void {
    const size = level === 1 ? 20 : 14;
    // A section heading keeps company: it never ends a page without the first lines under it.
    this.ensureSpace(size * 3 + (level === 2 ? 72 : 0));
    if (level === 2) this.doc.moveDown(0.8);
    this.text.draw(text, PAGE.margin, this.doc.y, { size, bold: true, width: this.textWidth });
    this.doc.font('bold').fontSize(size).moveDown(0.3);
  }

  /**
   * A section heading with its chart under it, on one page: a heading alone at a page's foot, its
   * chart on the next, is what a reader meets when only the heading's usual company is kept.
   */
  headedImage(
    text: string,
    png: Buffer,
    pixelSize: { width: number; height: number },
    width = this.textWidth,
  ): void {
    // The heading's own height (14 pt, its space above and below) plus the image and its gap.
    this.ensureSpace(14 * 3 + imageHeight(pixelSize, width) + 8);
    this.heading(text);
    this.image(png, pixelSize, width);
  }

  /** A paragraph of body text. */
  paragraph(text: string, options: { size?: number; colour?: string } = {}): void {
    // Kept whole and off the footer: pdfkit would break it at the page's margin, under the footer.
    const style: TextStyle = { size: options.size ?? 10, width: this.textWidth, colour: options.colour };
    this.ensureSpace(this.text.height(text, style));
    this.text.draw(text, PAGE.margin, this.doc.y, style);
    this.doc.font('regular').fontSize(style.size).moveDown(0.4);
  }

  /** The headline: a big figure with a coloured bar and a line under it (status word included). */
  headline(figure: string, line: string, colour: string): void {
    this.ensureSpace(70);
    const top = this.doc.y;
    this.doc.rect(PAGE.margin, top, 5, 56).fill(colour);
    this.text.draw(figure, PAGE.margin + 14, top + 2, { size: 28, bold: true, width: this.textWidth - 14 });
    this.text.draw(line, PAGE.margin + 14, top + 38, { size: 11, width: this.textWidth - 14 });
    this.doc.x = PAGE.margin;
    this.doc.y = top + 66;
  }

  /** A table; rows that do not fit continue on the next page under a repeated header. */
  table(columns: readonly PdfColumn[], rows: readonly (readonly PdfCell[])[]): void {
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.textWidth);
    const pad = 3;
    const rowHeight = (cells: readonly PdfCell[], bold: boolean): number =>
      Math.max(
        ...cells.map((cell, i) => {
          const text = this.text.height(cellText(cell), {
            size: 9,
            bold: bold || (typeof cell === 'object' && cell.bold === true),
            width: widths[i]! - 2 * pad,
          });
          return barOf(cell) === null ? text : text + BAR.gap + BAR.height;
        }),
      ) +
      2 * pad;
    const drawRow = (cells: readonly PdfCell[], header: boolean): void => {
      const height = rowHeight(cells, header);
      const top = this.doc.y;
      let x = PAGE.margin;
      cells.forEach((cell, i) => {
        const bold = header || (typeof cell === 'object' && cell.bold === true);
        const colour =
          typeof cell === 'object' && cell.colour !== undefined ? cell.colour : header ? MUTED : '#1f2328';
        this.text.draw(cellText(cell), x + pad, top + pad, {
          size: 9,
          bold,
          colour,
          width: widths[i]! - 2 * pad,
          align: columns[i]!.align ?? 'left',
        });
        const bar = barOf(cell);
        if (bar !== null) {
          const y = top + height - pad - BAR.height;
          const track = widths[i]! - 2 * pad;
          this.doc.rect(x + pad, y, track, BAR.height).fill('#eaeef2');
          const filled = Math.min(1, Math.max(0, bar)) * track;
          const colour = typeof cell === 'object' ? (cell.barColour ?? '#cf6a5e') : '#cf6a5e';
          if (filled > 0) this.doc.rect(x + pad, y, filled, BAR.height).fill(colour);
        }
        x += widths[i]!;
      });
      this.doc
        .moveTo(PAGE.margin, top + height)
        .lineTo(PAGE.margin + this.textWidth, top + height)
        .lineWidth(header ? 1 : 0.5)
        .strokeColor(RULE)
        .stroke();
      this.doc.x = PAGE.margin;
      this.doc.y = top + height;
    };
    const headerCells = columns.map((c) => c.header);
    this.ensureSpace(rowHeight(headerCells, true) + rowHeight(rows[0] ?? headerCells, false));
    drawRow(headerCells, true);
    rows.forEach((row, i) => {
      const height = rowHeight(row, false);
      const last = rows[i + 1];
      // No last row alone on a page: when the last row would not fit after this one, the two go
      // to the next page together (unless this one starts the table).
      const widow =
        i > 0 && i === rows.length - 2 && last !== undefined
          ? this.doc.y + height + rowHeight(last, false) > this.bottom
          : false;
      if (this.doc.y + height > this.bottom || widow) {
        this.doc.addPage();
        drawRow(headerCells, true);
      }
      drawRow(row, false);
    });
    this.doc.moveDown(0.5);
  }

  /** A PNG image scaled to `width` points (default: the text width), kept whole on one page. */
  image(png: Buffer, pixelSize: { width: number; height: number }, width = this.textWidth): void {
    const height = imageHeight(pixelSize, width);
    this.ensureSpace(height + 8);
    this.doc.image(png, PAGE.margin, this.doc.y, { width, height });
    this.doc.x = PAGE.margin;
    this.doc.y += height + 8;
  }
}

function imageHeight(pixelSize: { width: number; height: number }, width: number): number {
  return (pixelSize.height / pixelSize.width) * width;
}

function cellText(cell: PdfCell): string {
  return typeof cell === 'string' ? cell : cell.text;
}

/** Document metadata and the footer line. */
export interface PdfMeta {
  readonly title: string;
  readonly subject: string;
  /** Left part of the footer, e.g. `SLA report · October 2025 · Europe/Amsterdam`. */
  readonly footer: string;
  /** Creation date written into the file (the report's generation time, so output is reproducible). */
  readonly createdAt: Date;
}

/** Writes a PDF to `path`: `draw` lays out the pages, then every page gets its footer. */
export async function writePdf(
  path: string,
  meta: PdfMeta,
  draw: (pages: PdfPages) => void | Promise<void>,
): Promise<void> {
  // Loaded on first use: commands that write no PDF should not pay for pdfkit and its font engine.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    // No default font: PdfText opens the embedded DejaVu faces by their registered names before
    // any text, so no non-embedded standard font is in the file at all. A default font opened by
    // path made pdfkit open and parse the TrueType file again on every later `font('regular')`
    // (it finds the face already loaded under its own name and never caches the registered name):
    // a table of 7,000 rows spent minutes and gigabytes of garbage there (issue 42).
    font: null as unknown as string,
    info: {
      Title: meta.title,
      Subject: meta.subject,
      Creator: 'uptrends-etl',
      Producer: 'uptrends-etl (pdfkit)',
      CreationDate: meta.createdAt,
    },
    lang: 'en',
  });
  const text = new PdfText(doc);
  await withPendingFile(path, async (tempPath) => {
    const out = tempWriteStream(tempPath);
    doc.pipe(out);
    await draw(new PdfPages(doc, text));
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i += 1) {
      doc.switchToPage(i);
      // Writing below the bottom margin would start a new page: lift the margin while the footer is drawn.
      const bottomMargin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = PAGE.height - PAGE.margin - 10;
      text.draw(meta.footer, PAGE.margin, y, {
        size: 8,
        colour: MUTED,
        width: PAGE.width - 2 * PAGE.margin - 80,
        singleLine: true,
      });
      doc.font('regular').fontSize(8).fillColor(MUTED);
      doc.text(`page ${i - range.start + 1} of ${range.count}`, PAGE.width - PAGE.margin - 80, y, {
        width: 80,
        align: 'right',
        lineBreak: false,
      });
      doc.page.margins.bottom = bottomMargin;
    }
    doc.end();
    await finished(out);
  });
}
