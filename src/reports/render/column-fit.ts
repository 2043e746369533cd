/**
 * Column widths from content, and the heat map's colour rule: the parts of a sheet's layout that
 * depend on the values written, kept out of the writer itself.
 */
import type ExcelJS from 'exceljs';
import type { CellValue, Column } from './cell-types.ts';

/** Widest a column grows to fit its text; longer text wraps. */
const MAX_FIT_WIDTH = 45;

/**
 * Columns sized to their content: every column is at least as wide as the longest word of its
 * (bold) header, so no header word is broken; a text column grows to its longest value up to 45
 * characters, and wraps when a value is longer than it ends up.
 */
export function fitColumns(columns: readonly Column[], rows: Iterable<readonly CellValue[]>): Column[] {
  // One pass over the rows for every column: a streamed table builds its rows again to write them.
  const measured = columns.map((c) => c.format === undefined);
  const longest = columns.map(() => 0);
  for (const values of rows) {
    for (let index = 0; index < columns.length; index++) {
      if (!measured[index]) continue;
      const value = values[index];
      const text =
        typeof value === 'string'
          ? value
          : value !== null && typeof value === 'object' && !(value instanceof Date)
            ? value.text
            : '';
      for (const line of text.split(/\r\n|\r|\n/)) longest[index] = Math.max(longest[index]!, line.length);
    }
  }
  return columns.map((original, index) => {
    const headerWord = Math.max(...original.header.split(/\s+/).map((w) => w.length));
    const column =
      original.vertical === true
        ? original
        : // Bold, and over text indented by one: a header word needs two or three characters more.
          {
            ...original,
            width: Math.max(original.width, headerWord + (original.format === undefined ? 3 : 2)),
          };
    // A date and time shows 19 characters (yyyy-mm-dd hh:mm:ss); narrower, it runs into its neighbour.
    if (column.format === 'datetime') return { ...column, width: Math.max(column.width, 21) };
    if (column.format !== undefined) return column;
    const text = longest[index]!;
    // Indented by one character (workbook-writer.ts): the text needs three more than its length.
    const width = Math.max(column.width, Math.min(column.maxWidth ?? MAX_FIT_WIDTH, text + 3));
    return text + 3 > width ? { ...column, width, wrap: true } : { ...column, width };
  });
}

/** A two-colour scale from white (lowest) to red (highest): where the counts pile up. */
export function heatScaleRule(range: string): ExcelJS.ConditionalFormattingOptions {
  return {
    ref: range,
    rules: [
      {
        type: 'colorScale',
        priority: 1,
        cfvo: [{ type: 'min' }, { type: 'max' }],
        color: [{ argb: 'FFFFFFFF' }, { argb: 'FFF8696B' }],
      },
    ],
  };
}

/** A red-yellow-green colour scale over `range` (values at or below `red` are red). */
export function colorScaleRule(
  range: string,
  red: number,
  yellow: number,
  green: number,
): ExcelJS.ConditionalFormattingOptions {
  return {
    ref: range,
    rules: [
      {
        type: 'colorScale',
        priority: 1,
        cfvo: [
          { type: 'num', value: red },
          { type: 'num', value: yellow },
          { type: 'num', value: green },
        ],
        color: [{ argb: 'FFF8696B' }, { argb: 'FFFFEB84' }, { argb: 'FF63BE7B' }],
      },
    ],
  };
}

/**
 * A data bar over `range` scaled from 0 to `full` (a value at or above it fills the cell): the
 * budget bars of the at-risk report. The number stays shown beside the bar.
 */
export function dataBarRule(range: string, full: number, argb: string): ExcelJS.ConditionalFormattingOptions {
  return {
    ref: range,
    rules: [
      {
        type: 'dataBar',
        priority: 1,
        gradient: false,
        minLength: 0,
        maxLength: 100,
        cfvo: [
          { type: 'num', value: 0 },
          { type: 'num', value: full },
        ],
        color: { argb },
      } as ExcelJS.DataBarRuleType,
    ],
  };
}
