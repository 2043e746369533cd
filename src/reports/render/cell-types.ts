/**
 * What a workbook cell and a table column can be: the types the sheet layouts, the writer and the
 * column fitting share, and the number formats a typed cell can carry.
 */

/** Number formats of typed cells. Percentages are stored as fractions (0.999 shows 99.900%). */
export const NUMBER_FORMATS = {
  percent: '0.000%',
  percent1: '0.0%',
  minutes: '#,##0.0',
  count: '#,##0',
  decimal: '#,##0.000',
  hours: '#,##0.0',
  datetime: 'yyyy-mm-dd hh:mm:ss',
  datetimeMinutes: 'yyyy-mm-dd hh:mm',
  date: 'yyyy-mm-dd',
  duration: '[h]:mm',
  /** Identifiers (check ids): digits only, no thousands separator. */
  id: '0',
  /** A burn rate: how many times the pace that spends the error budget exactly by the period end. */
  // Above the readable cap the cell keeps its value (for analysts) and shows "> 100×", as every
  // other channel writes it (figure-format.ts, RATE_CAP); never wider than the column.
  rate: '[>100]"> 100×";0.00"×"',
  /** A change between two percentages in percentage points, signed: `+0.120 pp`. */
  points: '+0.000" pp";-0.000" pp";0.000" pp"',
} as const;

/** One of `NUMBER_FORMATS`. */
export type NumberFormat = keyof typeof NUMBER_FORMATS;

/** A link to a cell of another sheet in the same workbook. */
export interface InternalLink {
  readonly text: string;
  readonly sheet: string;
  readonly cell: string;
}

/** What a cell can hold. Strings are always written as plain text, never as formulas. */
export type CellValue = string | number | Date | boolean | null | InternalLink;

/** A column of a table: header, explicit width (characters), optional format and wrapping. */
export interface Column {
  readonly header: string;
  /** Width in characters; a text column grows to its longest value (up to 45) and wraps beyond. */
  readonly width: number;
  /** Widest a text column grows before it wraps. (Default: 45) */
  readonly maxWidth?: number;
  readonly format?: NumberFormat;
  readonly wrap?: boolean;
  /** Header written bottom to top, for narrow columns of dates (the Daily sheet). */
  readonly vertical?: boolean;
}

/** Where a table landed. Row numbers are 1-based, as in Excel. */
export interface TablePlacement {
  readonly headerRow: number;
  readonly firstDataRow: number;
  readonly lastRow: number;
}

/** Options of `SheetWriter.table`. */
export interface TableOptions {
  /** Freeze the rows down to and including the header. (Default: true) */
  readonly freeze?: boolean;
  /** Autofilter on the header. (Default: true) */
  readonly autoFilter?: boolean;
  /** Column where the table starts, 1-based. (Default: 1) */
  readonly startColumn?: number;
  /** Widen text columns to their content (up to 45 characters, then wrap). (Default: true) */
  readonly fit?: boolean;
  /** Most lines a data row grows to; longer text is cut off inside its cell. (Default: 6) */
  readonly maxLines?: number;
  /**
   * Print only the first `printColumns` columns (the ones management reads; identifiers and
   * analyst detail further right stay in the file and the CSV). (Default: every column)
   */
  readonly printColumns?: number;
  /**
   * Cells written again over a data row (0-based) once its values are in, before it is committed:
   * a status word with its colour, a bold name. `column` is 1-based within the table.
   */
  readonly restyle?: (index: number) => readonly {
    readonly column: number;
    readonly value: CellValue;
    readonly style: CellStyle;
  }[];
  /**
   * Write each data row out as soon as it is complete: no cell of it or above it can be written
   * afterwards. (Default: false: the rows stay open until the sheet is committed)
   */
  readonly commitRows?: boolean;
}

/** The 1-based column number as Excel letters (1 -> A, 27 -> AA). */
export function columnLetter(column: number): string {
  let n = column;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Optional look of one cell. Colours are ARGB hex (`FF63BE7B`). */
export interface CellStyle {
  readonly bold?: boolean;
  readonly size?: number;
  readonly fill?: string;
  readonly color?: string;
  readonly format?: NumberFormat;
  readonly wrap?: boolean;
  readonly align?: 'left' | 'center' | 'right';
  /** Left indent in characters (text beside a right-aligned number). */
  readonly indent?: number;
}
