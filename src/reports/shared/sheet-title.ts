/**
 * Sheet titles. Every sheet of every workbook names the period and the account zone in its first
 * row, so a sheet printed or pasted on its own still says what it covers.
 */

/** `<sheet> - <period> (<zone>)`. */
export function sheetTitle(sheet: string, periodLabel: string, zone: string): string {
  return `${sheet} - ${periodLabel} (${zone})`;
}
