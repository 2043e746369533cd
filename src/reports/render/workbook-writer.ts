/**
 * The small interface the report renderers use to build a workbook, implemented with exceljs's
 * streaming writer (streaming-workbook.ts): rows a table commits leave memory, and each sheet once
 * it is committed (docs/reports.md, "Large accounts"). Keeping exceljs
 * behind it means a fork or another writer can replace it without touching any sheet layout, and
 * it is the one place that enforces the rules of every sheet: strings pass `cellText`, columns
 * get widths and formats, headers are frozen, filtered and tall enough for their wrapped text, and
 * pages print one page wide with repeated headers and a footer (print-layout.ts).
 */
import { open } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import { cellText } from './safe-text.ts';
import {
  applyPageSetup,
  footerText,
  pageWidthUnits,
  rowPoints,
  wrappedLines,
  type Orientation,
} from './print-layout.ts';

/** exceljs' width of a column nobody sized (Excel's default, in its width unit). */
const DEFAULT_COLUMN_WIDTH = 9;
import { colorScaleRule, dataBarRule, fitColumns, heatScaleRule } from './column-fit.ts';
import { StyleCache, styleModel, type StyleModel, type ValueKind } from './cell-style.ts';
import {
  fileSink,
  memorySink,
  releaseSpentBuffers,
  streamingWorkbook,
  type StreamedSheet,
  type StreamedWorkbook,
  type WorkbookSink,
} from './streaming-workbook.ts';
import { withPendingFile } from './atomic-file.ts';

/**
 * Loads now what a report's workbook is written with (exceljs's streaming writer: every report
 * streams), e.g. while the report waits for the warehouse.
 */
export { preloadStreamingWorkbook as preloadWorkbookWriter } from './streaming-workbook.ts';

export {
  columnLetter,
  type CellValue,
  type Column,
  type NumberFormat,
  type TableOptions,
  type TablePlacement,
} from './cell-types.ts';
import {
  columnLetter,
  type CellStyle,
  type CellValue,
  type Column,
  type TableOptions,
  type TablePlacement,
} from './cell-types.ts';

export type { CellStyle } from './cell-types.ts';

const HEADER_FILL = 'FF1F4E79';

/** Rows a streamed table writes before it waits for the zip to catch up. */
const STREAM_YIELD_ROWS = 256;
const HEADER_FONT = 'FFFFFFFF';

/**
 * The rows of a streamed table (SheetWriter.streamTable), built from `items` as they are read and
 * dropped after: no array of every row's cells is held.
 */
export function* rowsOf<T>(
  items: Iterable<T>,
  cells: (item: T, index: number) => readonly CellValue[],
): Generator<readonly CellValue[]> {
  let index = 0;
  for (const item of items) yield cells(item, index++);
}

/** One worksheet being written. */
export class SheetWriter {
  readonly name: string;
  readonly #sheet: StreamedSheet;
  readonly #styles: StyleCache;
  /** Highest column written (a streamed sheet does not count its columns). */
  #columns = 0;

  constructor(sheet: StreamedSheet, styles: StyleCache) {
    this.#sheet = sheet;
    this.#styles = styles;
    this.name = sheet.name;
  }

  /**
   * Ends the sheet: its rows are written, it takes no more, and this resolves once the zip has
   * compressed them (its XML is then out of memory).
   */
  async commit(): Promise<void> {
    this.#sheet.commit();
    await this.#sheet.zipped();
    releaseSpentBuffers();
  }

  /** Title block from row 1: the first line large and bold. Returns the next free row (after a gap). */
  title(lines: readonly string[]): number {
    lines.forEach((line, index) =>
      this.cell(index + 1, 1, line, index === 0 ? { bold: true, size: 14 } : {}),
    );
    return lines.length + 2;
  }

  /** Writes one cell; strings pass `cellText` (verbatim, never a formula), dates and numbers stay typed. */
  cell(row: number, column: number, value: CellValue, style: CellStyle = {}): void {
    this.#columns = Math.max(this.#columns, column);
    this.#write(this.#sheet.getRow(row).getCell(column), value, style, false);
  }

  /** `top`: the cell starts at its top, as every cell of a table row does. */
  #write(cell: ExcelJS.Cell, value: CellValue, style: CellStyle, top: boolean): void {
    const link = value !== null && typeof value === 'object' && !(value instanceof Date);
    let kind: ValueKind = 'other';
    if (link) {
      cell.value = { text: cellText(value.text), hyperlink: `#'${value.sheet}'!${value.cell}` };
    } else if (typeof value === 'string') {
      cell.value = cellText(value);
    } else if (typeof value === 'number' && !Number.isFinite(value)) {
      cell.value = null;
    } else {
      cell.value = value;
      if (value instanceof Date) kind = 'date';
      else if (typeof value === 'number') kind = 'number';
    }
    // A cell written for the first time takes the workbook's shared model of its look; one
    // written again keeps a model of its own, built over what it had.
    const current = cell.style;
    cell.style =
      Object.keys(current).length === 0
        ? this.#styles.fresh(link, style, top, kind)
        : styleModel(current, link, style, top);
  }

  /** Replaces parts of one cell's look (on a copy: its model may be shared). */
  #restyle(cell: ExcelJS.Cell, parts: StyleModel): void {
    cell.style = { ...cell.style, ...parts };
  }

  /** A header row and data rows from `startRow`, with widths, formats, frozen header and filter. */
  table(
    startRow: number,
    columns: readonly Column[],
    rows: Iterable<readonly CellValue[]>,
    options: TableOptions = {},
  ): TablePlacement {
    const data = [...rows];
    const fitted = this.#header(startRow, columns, data, options);
    let row = startRow;
    for (const written of this.#dataRows(startRow, fitted, data, options)) row = written;
    return this.#end(startRow, columns, row, options);
  }

  /**
   * As `table`, for a table that grows with the account (a row per monitor): each row is written
   * out as it is complete (`commitRows`), and every STREAM_YIELD_ROWS rows it waits for the zip to
   * take in what was written, so the sheet's XML never waits in memory whole (at 10,000 monitors
   * some 56 MB of it did). `rows` is called twice, to fit the columns and to write them,
   * so no array of every row's cells is held either.
   */
  async streamTable(
    startRow: number,
    columns: readonly Column[],
    rows: () => Iterable<readonly CellValue[]>,
    options: Omit<TableOptions, 'commitRows'> = {},
  ): Promise<TablePlacement> {
    const committed = { ...options, commitRows: true };
    const fitted = this.#header(startRow, columns, rows(), committed);
    let row = startRow;
    for (const written of this.#dataRows(startRow, fitted, rows(), committed)) {
      row = written;
      if ((row - startRow) % STREAM_YIELD_ROWS === 0) await this.#sheet.caughtUp();
    }
    return this.#end(startRow, columns, row, committed);
  }

  /** The header row of a table at `startRow`; returns its columns fitted to `data`. */
  #header(
    startRow: number,
    columns: readonly Column[],
    data: Iterable<readonly CellValue[]>,
    options: TableOptions,
  ): Column[] {
    const first = options.startColumn ?? 1;
    const fitted = options.fit === false ? [...columns] : fitColumns(columns, data);
    fitted.forEach((column, index) => {
      this.#sheet.getColumn(first + index).width = column.width;
      this.cell(startRow, first + index, column.header, {
        bold: true,
        fill: HEADER_FILL,
        color: HEADER_FONT,
        wrap: true,
        indent: column.vertical === true || column.format !== undefined ? undefined : 1,
      });
      if (column.vertical === true) {
        const cell = this.#sheet.getRow(startRow).getCell(first + index);
        this.#restyle(cell, { alignment: { textRotation: 90, vertical: 'bottom' } });
        this.rowHeight(startRow, rowPoints(column.header.length * 0.6));
      }
    });
    this.#fitHeight(startRow, fitted, (index) =>
      fitted[index]!.vertical === true ? null : fitted[index]!.header,
    );
    if (options.freeze !== false) {
      // The frozen header is also repeated on every printed page, with the sheet's title line.
      // Set before any row is committed: a streamed sheet writes its views with its first row.
      this.#sheet.views = [{ state: 'frozen', ySplit: startRow, xSplit: 0 }];
      this.#sheet.pageSetup.printTitlesRow = `${startRow}:${startRow}`;
    }
    this.#columns = Math.max(this.#columns, first + fitted.length - 1);
    return fitted;
  }

  /** Writes the data rows under the header at `startRow`, yielding each row's number once written. */
  *#dataRows(
    startRow: number,
    fitted: readonly Column[],
    data: Iterable<readonly CellValue[]>,
    options: TableOptions,
  ): Generator<number> {
    const first = options.startColumn ?? 1;
    const maxLines = options.maxLines ?? 6;
    let row = startRow;
    // Text starts a character in: after a right-aligned number or date it would touch it
    // ("0:18Incomplete"), in print more than on screen.
    const looks = fitted.map((column) => ({
      format: column.format,
      wrap: column.wrap,
      indent: column.format === undefined ? 1 : undefined,
    }));
    for (const values of data) {
      row += 1;
      const sheetRow = this.#sheet.getRow(row);
      // Every cell of a row starts at its top, like the wrapped ones beside it.
      fitted.forEach((_, index) => {
        this.#write(sheetRow.getCell(first + index), values[index] ?? null, looks[index]!, true);
      });
      this.#fitHeight(
        row,
        fitted,
        (index) => {
          const value = values[index];
          // Only what prints sets the height; longer text beyond the print area wraps on screen.
          if (options.printColumns !== undefined && index >= options.printColumns) return null;
          if (fitted[index]!.wrap !== true || value === null || value === undefined) return null;
          if (typeof value === 'string') return value;
          return typeof value === 'object' && !(value instanceof Date) ? value.text : null;
        },
        maxLines,
      );
      for (const extra of options.restyle?.(row - startRow - 1) ?? []) {
        this.cell(row, first + extra.column - 1, extra.value, extra.style);
      }
      // The row (and every row above it) is written out and leaves memory.
      if (options.commitRows === true) sheetRow.commit();
      yield row;
    }
  }

  /** The print area and filter of a table whose last data row is `row`. */
  #end(startRow: number, columns: readonly Column[], row: number, options: TableOptions): TablePlacement {
    const first = options.startColumn ?? 1;
    if (options.printColumns !== undefined) {
      this.printArea(first + Math.min(options.printColumns, columns.length) - 1, Math.max(row, startRow));
    }
    const lastColumn = columnLetter(first + columns.length - 1);
    const ref = `${columnLetter(first)}${startRow}:${lastColumn}${Math.max(row, startRow + 1)}`;
    // A streamed sheet cannot hold an Excel table: a table is a filtered range (the header is
    // frozen and styled as any table's here).
    if (options.autoFilter !== false) this.#sheet.autoFilter = ref;
    return { headerRow: startRow, firstDataRow: startRow + 1, lastRow: row };
  }

  /** Grows `row` to the lines its wrapped texts need (never shrinks it). */
  #fitHeight(
    row: number,
    columns: readonly Column[],
    textOf: (index: number) => string | null,
    maxLines = Number.POSITIVE_INFINITY,
  ): void {
    let lines = 1;
    columns.forEach((column, index) => {
      const text = textOf(index);
      if (text !== null) lines = Math.max(lines, wrappedLines(text, column.width));
    });
    if (lines > 1) this.rowHeight(row, rowPoints(Math.min(lines, maxLines)));
  }

  /** Sets a row's height in points (at least its current height): merged cells do not grow rows. */
  rowHeight(row: number, points: number): void {
    const current = this.#sheet.getRow(row).height ?? 0;
    this.#sheet.getRow(row).height = Math.max(current, points);
  }

  /** Prints only A1 to (`lastColumn`, `lastRow`); the rest stays on screen and in the CSV. */
  printArea(lastColumn: number, lastRow: number): void {
    // exceljs puts a $ before each end; the row's $ makes the reference absolute ($A$1:$K$9).
    this.#sheet.pageSetup.printArea = `A$1:${columnLetter(lastColumn)}$${lastRow}`;
  }

  /**
   * Prints only the title block (rows 1 to `lastRow`) of a sheet whose rows are for the screen, over
   * the leading columns that fit a page at 100 %: an area as wide as the table would be shrunk to
   * fit, and the title with it.
   */
  printTitleOnly(lastRow: number): void {
    const limit = pageWidthUnits(this.#sheet.pageSetup.orientation === 'portrait' ? 'portrait' : 'landscape');
    let width = 0;
    let last = 0;
    for (let c = 1; c <= Math.max(1, this.#columnCount()); c++) {
      width += this.#sheet.getColumn(c).width ?? DEFAULT_COLUMN_WIDTH;
      if (width > limit && last > 0) break;
      last = c;
    }
    this.printArea(last, lastRow);
  }

  /**
   * Prints a sheet too wide for one page across several pages side by side, at a readable size,
   * with its first `keptColumns` columns (the names) repeated on each page: the Daily and Infra
   * sheets' days would otherwise shrink to a few points to fit one page. The pages are as many as
   * the columns after the kept ones need at 100 %, and at most `maxPages` (then printed a little
   * smaller, to fit). (Default: no limit) `sideBySide` prints the pages of the same rows one after
   * the other (left, right, then the next rows), for blocks read across. (Default: false: every
   * left page first, as the Daily sheet's days run on)
   */
  printAcross(keptColumns: number, maxPages = Number.POSITIVE_INFINITY, sideBySide = false): void {
    const orientation = this.#sheet.pageSetup.orientation === 'portrait' ? 'portrait' : 'landscape';
    const limit = pageWidthUnits(orientation);
    const width = (c: number): number => this.#sheet.getColumn(c).width ?? DEFAULT_COLUMN_WIDTH;
    let kept = 0;
    for (let c = 1; c <= keptColumns; c++) kept += width(c);
    let pages = 1;
    let used = kept;
    for (let c = keptColumns + 1; c <= this.#columnCount(); c++) {
      if (used + width(c) > limit) {
        pages += 1;
        used = kept;
      }
      used += width(c);
    }
    this.#sheet.pageSetup.fitToWidth = Math.min(pages, maxPages);
    if (sideBySide) this.#sheet.pageSetup.pageOrder = 'overThenDown';
    this.#sheet.pageSetup.printTitlesColumn = `A:${columnLetter(keptColumns)}`;
  }

  /** Columns the sheet uses (a streamed sheet does not count them). */
  #columnCount(): number {
    return this.#columns;
  }

  /** Starts a new printed page above `row` (so a chart or block is never split). */
  pageBreakBefore(row: number): void {
    if (row > 1) this.#sheet.getRow(row - 1).addPageBreak();
  }

  /**
   * Paragraphs of small grey text from `row`, each merged across columns 1 to `columns` and
   * wrapped, as tall as its text needs (a long line in a single cell would widen the printed page);
   * returns the next free row.
   */
  note(row: number, columns: number, lines: readonly string[]): number {
    let width = 0;
    for (let c = 1; c <= columns; c++) width += this.#sheet.getColumn(c).width ?? DEFAULT_COLUMN_WIDTH;
    lines.forEach((line, i) => {
      this.cell(row + i, 1, line, { wrap: true, size: 9, color: 'FF57606A' });
      this.merge(row + i, 1, row + i, columns);
      this.rowHeight(row + i, rowPoints(wrappedLines(line, width * 1.1), 9));
    });
    return row + lines.length;
  }

  /** Merges a block of cells (KPI tiles). */
  merge(top: number, left: number, bottom: number, right: number): void {
    this.#sheet.mergeCells(top, left, bottom, right);
  }

  /** Explicit widths, in characters, from column 1 (exceljs has no auto-fit). */
  widths(widths: readonly number[]): void {
    widths.forEach((width, index) => (this.#sheet.getColumn(index + 1).width = width));
  }

  /** A PNG placed with its top-left corner at the 0-based (column, row), scaled to `size` pixels. */
  image(png: Buffer, at: { col: number; row: number }, size: { width: number; height: number }): void {
    this.#sheet.addPicture(png, at, size);
  }

  /** A white-to-red scale over `range`, for counts (the heat map). */
  heatScale(range: string): void {
    this.#sheet.addConditionalFormatting(heatScaleRule(range));
  }

  /** Bars over `range` from 0 to `full` (a value at or above `full` fills its cell). */
  dataBar(range: string, full: number, argb = 'FFCF6A5E'): void {
    this.#sheet.addConditionalFormatting(dataBarRule(range, full, argb));
  }

  /** A red-yellow-green colour scale over `range` (values at or below `red` are red). */
  colorScale(range: string, red: number, yellow: number, green: number): void {
    this.#sheet.addConditionalFormatting(colorScaleRule(range, red, yellow, green));
  }
}

/** A workbook under construction. */
export class WorkbookWriter {
  readonly #streamed: StreamedWorkbook;
  readonly #styles = new StyleCache();
  readonly #footer: string | undefined;

  /**
   * `footer`: the report's name and period, printed at the foot of every page with its number.
   * Rows are written as tables commit them (`commitRows`), and each sheet when it is committed;
   * the zipped bytes go to `sink` (writeWorkbookFile's file, or workbookBytes' memory).
   */
  constructor(meta: {
    readonly creator: string;
    readonly created: Date;
    readonly footer?: { readonly report: string; readonly period: string };
    readonly sink: WorkbookSink;
  }) {
    this.#streamed = streamingWorkbook(meta.sink);
    const book = this.#streamed.book;
    book.creator = meta.creator;
    book.created = meta.created;
    book.modified = meta.created;
    this.#footer = meta.footer === undefined ? undefined : footerText(meta.footer.report, meta.footer.period);
  }

  /** Adds a sheet set up to print on A4, one page wide, landscape unless told otherwise. */
  sheet(name: string, options: { readonly orientation?: Orientation } = {}): SheetWriter {
    const sheet = this.#streamed.addWorksheet(name);
    applyPageSetup(sheet, {
      orientation: options.orientation ?? 'landscape',
      footer: this.#footer,
    });
    return new SheetWriter(sheet, this.#styles);
  }

  /** Commits what is left and waits until the sink holds the whole file. */
  async finish(): Promise<void> {
    await this.#streamed.finish();
  }
}

/** A workbook's .xlsx bytes, held in memory (tests, and a workbook that is not a file): `fill` builds and finishes it. */
export async function workbookBytes(fill: (sink: WorkbookSink) => Promise<void>): Promise<Buffer> {
  const sink = memorySink();
  await fill(sink);
  return sink.bytes();
}

/**
 * Writes a workbook to `path` as it is zipped, through a temporary file renamed once complete
 * (atomic-file.ts): `fill` builds it into the sink and finishes it.
 */
export async function writeWorkbookFile(
  path: string,
  fill: (sink: WorkbookSink) => Promise<void>,
): Promise<void> {
  await withPendingFile(path, async (tempPath) => {
    // 'r+' opens the file pendingFile created; it never creates one, so no link can be planted.
    const handle = await open(tempPath, 'r+');
    try {
      await fill(fileSink(handle));
    } finally {
      await handle.close();
    }
  });
}
