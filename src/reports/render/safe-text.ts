/**
 * Untrusted text (error descriptions and messages come from the monitored sites, names from
 * whoever edits the account) made safe for a spreadsheet cell or a CSV field.
 *
 * The exact rule, applied in this order:
 * 1. Remove characters XML 1.0 cannot hold and other control characters: U+0000-U+0008, U+000B,
 *    U+000C, U+000E-U+001F, U+007F-U+009F, U+FFFE, U+FFFF and unpaired surrogates. TAB, LF and CR
 *    stay (they are legal and carry meaning inside a message).
 * 2. CSV only (`safeText`): when the result starts with `=`, `+`, `-`, `@`, TAB or CR, prefix one
 *    apostrophe `'`. Excel, LibreOffice and Sheets treat such a CSV field as a formula (CSV
 *    injection); with the apostrophe they show text. In xlsx (`cellText`) the text is written
 *    verbatim as a plain string cell, which is never evaluated: a visible apostrophe there would
 *    only corrupt what the reader sees ("'+1 555 0100").
 * 3. When longer than Excel's cell limit of 32,767 characters, cut it and end it with
 *    `…(truncated)` so the total is exactly 32,767; a surrogate pair is never split.
 */

/** Excel's maximum number of characters in one cell. */
export const EXCEL_CELL_LIMIT = 32_767;

/** Marker appended to text cut at the cell limit. */
export const TRUNCATION_MARKER = '…(truncated)';

const UNSAFE_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const FORMULA_START = /^[=+\-@\t\r]/;

/** The text made safe for a CSV field by the rules above; null and undefined become the empty string. */
export function safeText(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  const clean = text.replace(UNSAFE_CHARACTERS, '');
  return cut(FORMULA_START.test(clean) ? `'${clean}` : clean);
}

/** The text for an xlsx string cell: rules 1 and 3, no apostrophe (a string cell is never evaluated). */
export function cellText(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  return cut(text.replace(UNSAFE_CHARACTERS, ''));
}

/** Rule 3: at most Excel's cell limit, never splitting a surrogate pair. */
function cut(clean: string): string {
  if (clean.length <= EXCEL_CELL_LIMIT) return clean;
  let end = EXCEL_CELL_LIMIT - TRUNCATION_MARKER.length;
  const last = clean.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return clean.slice(0, end) + TRUNCATION_MARKER;
}
