/**
 * How a sheet prints (issue 14): page setup, margins, the footer, and the row heights wrapped text
 * needs. Excel and LibreOffice grow a row for wrapped text only when they recalculate it
 * themselves, which a generated file does not trigger reliably (and never for merged cells), so
 * heights are computed here from the text and the column width, with a small safety margin.
 */
import type ExcelJS from 'exceljs';

/** Height in points of one line of the default 11 pt font, with the cell's padding. */
export const LINE_POINTS = 15;

/** Excel's highest row. */
const MAX_ROW_POINTS = 409;

/** Margins in inches: room for the footer, narrow sides so more columns fit one page wide. */
export const PAGE_MARGINS = { left: 0.4, right: 0.4, top: 0.5, bottom: 0.75, header: 0.3, footer: 0.3 };

/**
 * How many default-width columns (Excel's width unit, about 7 px at 96 dpi) fit across an A4 page
 * at 100 % between the margins: a print area no wider than this is not scaled down.
 */
export function pageWidthUnits(orientation: 'portrait' | 'landscape'): number {
  const inches = (orientation === 'landscape' ? 11.69 : 8.27) - PAGE_MARGINS.left - PAGE_MARGINS.right;
  // 10 % spare: printers and LibreOffice measure the default font a little differently.
  return Math.floor(((inches * 96) / 7) * 0.9);
}

/** Which way a sheet prints. */
export type Orientation = 'portrait' | 'landscape';

/**
 * Lines `text` takes in a wrapped cell `width` characters wide: words are kept whole where they
 * fit, a word longer than the line is split, explicit line breaks start a new line. Conservative
 * (a character of a proportional font is narrower than the width unit on average).
 */
export function wrappedLines(text: string, width: number): number {
  const perLine = Math.max(1, Math.floor(width) - 1);
  let lines = 0;
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let used = 0;
    lines += 1;
    for (const word of paragraph.split(/\s+/).filter((w) => w.length > 0)) {
      const needed = used === 0 ? word.length : used + 1 + word.length;
      if (needed <= perLine) {
        used = needed;
        continue;
      }
      if (used > 0) lines += 1;
      lines += Math.floor((word.length - 1) / perLine);
      used = word.length % perLine || perLine;
    }
  }
  return lines;
}

/** Row height in points for `lines` lines of text at `fontSize` (11 by default). */
export function rowPoints(lines: number, fontSize = 11): number {
  return Math.min(MAX_ROW_POINTS, Math.ceil(lines * LINE_POINTS * (fontSize / 11)));
}

/** Text for a header or footer: `&` starts a code there, so a literal one is doubled. */
function headerFooterText(text: string): string {
  return text.replace(/&/g, '&&');
}

/** The footer of every page: report name and period at the left, "Page n of N" at the right. */
export function footerText(report: string, period: string): string {
  return `&L${headerFooterText(`${report} - ${period}`)}&RPage &P of &N`;
}

/** Page setup of a sheet: A4, one page wide (as many pages down as needed), margins, footer. */
export function applyPageSetup(
  sheet: Pick<ExcelJS.Worksheet, 'pageSetup' | 'headerFooter'>,
  options: { readonly orientation: Orientation; readonly footer: string | undefined },
): void {
  sheet.pageSetup = {
    ...sheet.pageSetup,
    paperSize: 9,
    orientation: options.orientation,
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    horizontalCentered: false,
    margins: PAGE_MARGINS,
  };
  // Until a table says otherwise, the title line repeats on every printed page.
  sheet.pageSetup.printTitlesRow = '1:1';
  if (options.footer !== undefined) sheet.headerFooter = { oddFooter: options.footer };
}
