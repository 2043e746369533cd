/**
 * What a workbook cell and a table column are: the vocabulary shared by the workbook writer and
 * the layout helpers (column widths, print layout), kept apart so neither imports the other.
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
  date: 'yyyy-mm-dd',
  duration: '[h]:mm',
  /** Identifiers (check ids): digits only, no thousands separator. */
  id: '0',
  /** A change between two percentages, signed: +0.120% means 0.12 percentage points higher. */
  change: '+0.000%;-0.000%;0.000%',
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
  readonly format?: NumberFormat;
  readonly wrap?: boolean;
}
