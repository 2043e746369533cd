/**
 * Test helper: loads a workbook with exceljs and finds cells by their header text, so the
 * workbook tests read figures the way a person would (by column name), not by hard-coded letters.
 */
import ExcelJS from 'exceljs';

export async function loadWorkbook(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return workbook;
}

/** The first row whose column A (or `column`) holds exactly `text`. */
export function findRow(sheet: ExcelJS.Worksheet, text: string, column = 1): number {
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    if (sheet.getCell(r, column).value === text) return r;
  }
  throw new Error(`no row with "${text}" in ${sheet.name}`);
}

/** Column number of `header` in row `headerRow`. */
export function findColumn(sheet: ExcelJS.Worksheet, headerRow: number, header: string): number {
  const row = sheet.getRow(headerRow);
  for (let c = 1; c <= row.cellCount; c += 1) {
    if (row.getCell(c).value === header) return c;
  }
  throw new Error(`no column "${header}" in ${sheet.name} row ${headerRow}`);
}

/** A reader of one table: `get(rowKey, header)` where rowKey is matched in `keyColumn`. */
export function tableReader(sheet: ExcelJS.Worksheet, headerRow: number, keyHeader: string) {
  const keyColumn = findColumn(sheet, headerRow, keyHeader);
  const rowOf = (key: string): number => {
    for (let r = headerRow + 1; r <= sheet.rowCount; r += 1) {
      const value = sheet.getCell(r, keyColumn).value;
      if (
        value === key ||
        (typeof value === 'object' && value !== null && 'text' in value && value.text === key)
      )
        return r;
    }
    throw new Error(`no row "${key}" in ${sheet.name}`);
  };
  return {
    rowOf,
    cell: (key: string, header: string) => sheet.getCell(rowOf(key), findColumn(sheet, headerRow, header)),
  };
}

/**
 * Minutes held by a `[h]:mm` duration cell. exceljs reads any date-like format back as a Date from
 * the 1899-12-30 epoch; the stored number is the fraction of a day.
 */
export function durationMinutes(cell: ExcelJS.Cell): number | null {
  const value = cell.value;
  if (value === null) return null;
  const days =
    value instanceof Date ? (value.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000 : Number(value);
  return Math.round(days * 1440 * 1e6) / 1e6;
}
