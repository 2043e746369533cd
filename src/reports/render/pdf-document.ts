/**
 * PDF pages for the reports (pdfkit): A4 portrait, DejaVu Sans embedded from the `dejavu-fonts-ttf`
 * package (subset to the glyphs used, so a PDF reads the same on any machine and prints as it
 * shows), a footer with the report, period and page number on every page, headings, key-value
 * blocks, tables that break across pages with their header row repeated, and PNG images. No browser
 * and no office suite: everything is drawn here from the report model.
 *
 * Untrusted text (monitor and group names) is drawn as text, never interpreted; control characters
 * are stripped by the caller's `safeText`.
 */
import { finished } from 'node:stream/promises';
import { REPORT_FONTS } from './fonts.ts';
import { tempWriteStream, withPendingFile } from './atomic-file.ts';

/** The embedded fonts: regular and bold DejaVu Sans (the charts use the same family). */
export const PDF_FONTS = REPORT_FONTS;

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

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
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
    this.ensureSpace(size * 3);
    if (level === 2) this.doc.moveDown(0.8);
    this.doc.font('bold').fontSize(size).fillColor('#1f2328').text(text, PAGE.margin, this.doc.y, {
      width: this.textWidth,
    });
    this.doc.moveDown(0.3);
  }

  /** A paragraph of body text. */
  paragraph(text: string, options: { size?: number; colour?: string } = {}): void {
    // Kept whole and off the footer: pdfkit would break it at the page's margin, under the footer.
    this.doc.font('regular').fontSize(options.size ?? 10);
    this.ensureSpace(this.doc.heightOfString(text, { width: this.textWidth }));
    this.doc
      .font('regular')
      .fontSize(options.size ?? 10)
      .fillColor(options.colour ?? '#1f2328')
      .text(text, PAGE.margin, this.doc.y, { width: this.textWidth });
    this.doc.moveDown(0.4);
  }

  /** The headline: a big figure with a coloured bar and a line under it (status word included). */
  headline(figure: string, line: string, colour: string): void {
    this.ensureSpace(70);
    const top = this.doc.y;
    this.doc.rect(PAGE.margin, top, 5, 56).fill(colour);
    this.doc
      .font('bold')
      .fontSize(28)
      .fillColor('#1f2328')
      .text(figure, PAGE.margin + 14, top + 2);
    this.doc
      .font('regular')
      .fontSize(11)
      .fillColor('#1f2328')
      .text(line, PAGE.margin + 14, top + 38, {
        width: this.textWidth - 14,
      });
    this.doc.x = PAGE.margin;
    this.doc.y = top + 66;
  }

  /** A table; rows that do not fit continue on the next page under a repeated header. */
  table(columns: readonly PdfColumn[], rows: readonly (readonly PdfCell[])[]): void {
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * this.textWidth);
    const pad = 3;
    const rowHeight = (cells: readonly PdfCell[], font: string): number =>
      Math.max(
        ...cells.map((cell, i) => {
          this.doc.font(typeof cell === 'object' && cell.bold ? 'bold' : font).fontSize(9);
          const text = this.doc.heightOfString(cellText(cell), { width: widths[i]! - 2 * pad });
          return barOf(cell) === null ? text : text + BAR.gap + BAR.height;
        }),
      ) +
      2 * pad;
    const drawRow = (cells: readonly PdfCell[], header: boolean): void => {
      const height = rowHeight(cells, header ? 'bold' : 'regular');
      const top = this.doc.y;
      let x = PAGE.margin;
      cells.forEach((cell, i) => {
        const bold = header || (typeof cell === 'object' && cell.bold === true);
        const colour =
          typeof cell === 'object' && cell.colour !== undefined ? cell.colour : header ? MUTED : '#1f2328';
        this.doc
          .font(bold ? 'bold' : 'regular')
          .fontSize(9)
          .fillColor(colour)
          .text(cellText(cell), x + pad, top + pad, {
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
    this.ensureSpace(rowHeight(headerCells, 'bold') + rowHeight(rows[0] ?? headerCells, 'regular'));
    drawRow(headerCells, true);
    for (const row of rows) {
      if (this.doc.y + rowHeight(row, 'regular') > this.bottom) {
        this.doc.addPage();
        drawRow(headerCells, true);
      }
      drawRow(row, false);
    }
    this.doc.moveDown(0.5);
  }

  /** A PNG image scaled to `width` points (default: the text width), kept whole on one page. */
  image(png: Buffer, pixelSize: { width: number; height: number }, width = this.textWidth): void {
    const height = (pixelSize.height / pixelSize.width) * width;
    this.ensureSpace(height + 8);
    this.doc.image(png, PAGE.margin, this.doc.y, { width, height });
    this.doc.x = PAGE.margin;
    this.doc.y += height + 8;
  }
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
    // The default font is embedded DejaVu too: no non-embedded standard font in the file at all.
    font: PDF_FONTS.regular,
    info: {
      Title: meta.title,
      Subject: meta.subject,
      Creator: 'uptrends-etl',
      Producer: 'uptrends-etl (pdfkit)',
      CreationDate: meta.createdAt,
    },
    lang: 'en',
  });
  doc.registerFont('regular', PDF_FONTS.regular);
  doc.registerFont('bold', PDF_FONTS.bold);
  await withPendingFile(path, async (tempPath) => {
    const out = tempWriteStream(tempPath);
    doc.pipe(out);
    await draw(new PdfPages(doc));
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i += 1) {
      doc.switchToPage(i);
      // Writing below the bottom margin would start a new page: lift the margin while the footer is drawn.
      const bottomMargin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = PAGE.height - PAGE.margin - 10;
      doc.font('regular').fontSize(8).fillColor(MUTED);
      doc.text(meta.footer, PAGE.margin, y, { width: PAGE.width - 2 * PAGE.margin - 80, lineBreak: false });
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
