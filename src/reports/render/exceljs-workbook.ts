/**
 * exceljs's document Workbook, loaded on first use and without the rest of the package. Its entry
 * point also loads the streaming reader and writer, unzipper and the CSV parser, which a report
 * never uses: 11 MB and about 150 ms of every report run (measured on Node 20).
 */
import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';

let Workbook: typeof ExcelJS.Workbook | undefined;

/**
 * The Workbook class of exceljs. In the command's bundle (scripts/build.mjs) `require` is the
 * bundle's own and this call is bundled: one file instead of the 600-odd modules exceljs is made of,
 * each resolved, read and compiled by Node's CommonJS loader, which halved its load time (about 320
 * against 640 ms on a loaded machine). Run from src/ or dist/, there is no `require` in an ES
 * module and the package is loaded as installed.
 */
export function workbookClass(): typeof ExcelJS.Workbook {
  Workbook ??= (
    typeof require === 'function'
      ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle's require, which esbuild follows
        require('exceljs/lib/doc/workbook.js')
      : createRequire(import.meta.url)('exceljs/lib/doc/workbook.js')
  ) as typeof ExcelJS.Workbook;
  return Workbook;
}
