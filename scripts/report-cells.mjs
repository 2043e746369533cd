#!/usr/bin/env node
// Dumps every report file of a folder cell by cell, so two runs of the same command (before and after
// a change) can be compared: each workbook's sheets as rows of cell values (formulas and styles left
// out, numbers as written), each CSV as its text, each PDF's size only (its bytes carry a creation
// time). Plain JavaScript, driven by paths only, so it runs unchanged against any checkout.
//
// Usage: node scripts/report-cells.mjs <reports folder> > cells.json
//        node scripts/report-cells.mjs --compare before.json after.json   (exit 1 on a difference)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

function cellValue(value) {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('formula' in value) return { formula: value.formula, result: cellValue(value.result) };
    if ('text' in value) return value.text;
    return JSON.stringify(value);
  }
  return value;
}

async function dumpWorkbook(file) {
  const ExcelJS = require('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheets = {};
  workbook.eachSheet((sheet) => {
    const rows = [];
    sheet.eachRow({ includeEmpty: true }, (row, number) => {
      const cells = [];
      row.eachCell({ includeEmpty: true }, (cell) => cells.push(cellValue(cell.value)));
      rows.push([number, cells]);
    });
    sheets[sheet.name] = rows;
  });
  return sheets;
}

function walk(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
}

async function dump(dir) {
  const out = {};
  for (const file of walk(dir)) {
    const key = path.relative(dir, file);
    if (file.endsWith('.xlsx')) out[key] = await dumpWorkbook(file);
    else if (file.endsWith('.csv')) out[key] = readFileSync(file, 'utf8');
    else out[key] = { bytes: statSync(file).size };
  }
  return out;
}

/** RFC 4180 records of a CSV text (quoted fields, doubled quotes, CRLF), its BOM left out. */
function csvRecords(text) {
  const records = [];
  let record = [];
  let field = '';
  let quoted = false;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** True when two CSV texts hold the same columns (by header) and rows, in another column order. */
function sameColumnsReordered(x, y) {
  const [hx, ...rx] = csvRecords(x);
  const [hy, ...ry] = csvRecords(y);
  if (hx.length !== hy.length || rx.length !== ry.length) return false;
  const order = hy.map((h) => hx.indexOf(h));
  if (order.includes(-1)) return false;
  return rx.every((row, i) => order.every((j, k) => row[j] === ry[i][k]));
}

function compare(a, b) {
  const before = JSON.parse(readFileSync(a, 'utf8'));
  const after = JSON.parse(readFileSync(b, 'utf8'));
  let differences = 0;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const x = JSON.stringify(before[key]);
    const y = JSON.stringify(after[key]);
    if (x === y) continue;
    differences++;
    if (x === undefined || y === undefined)
      console.log(`${key}: only ${x === undefined ? 'after' : 'before'}`);
    else if (key.endsWith('.pdf')) console.log(`${key}: ${x} before, ${y} after (size only)`);
    else if (key.endsWith('.csv') && sameColumnsReordered(before[key], after[key]))
      console.log(`${key}: the same columns and rows, in another column order`);
    else console.log(`${key}: differs`);
  }
  console.log(differences === 0 ? 'no differences' : `${differences} file(s) differ`);
  return differences;
}

const args = process.argv.slice(2);
if (args[0] === '--compare') process.exitCode = compare(args[1], args[2]) === 0 ? 0 : 1;
else process.stdout.write(JSON.stringify(await dump(args[0]), null, 1) + '\n');
