/**
 * Test helper: a strict RFC 4180 reader (csv-parse is not a dependency). Records end in CRLF;
 * quoted fields may hold commas, quotes ("") and line breaks. A bare LF or CR outside quotes is an
 * error here, so a writer that forgets to quote a line break fails the test.
 */
export interface ParsedCsv {
  readonly hasBom: boolean;
  readonly records: string[][];
}

export function parseCsv(text: string): ParsedCsv {
  const hasBom = text.startsWith('\uFEFF');
  const body = hasBom ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let fieldStarted = false;
  while (i < body.length) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i += 1;
      } else {
        field += ch;
        i += 1;
      }
      continue;
    }
    if (ch === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
      i += 1;
    } else if (ch === ',') {
      record.push(field);
      field = '';
      fieldStarted = false;
      i += 1;
    } else if (ch === '\r' && body[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      fieldStarted = false;
      i += 2;
    } else if (ch === '\r' || ch === '\n') {
      throw new Error(`bare line break outside quotes at offset ${i}`);
    } else {
      field += ch;
      fieldStarted = true;
      i += 1;
    }
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || record.length > 0) throw new Error('last record does not end in CRLF');
  return { hasBom, records };
}
