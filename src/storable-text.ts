/**
 * Text that Postgres can store. Postgres text and jsonb cannot hold the NUL character, and jsonb
 * refuses a lone surrogate escape (`\ud800`): either would fail the whole window, on every re-run.
 * Both are replaced by U+FFFD (the replacement character), so the row loads and the reader still
 * sees that something was there. Used by the `raw` column (transform/raw-column.ts) and by the load
 * path for every other text and jsonb value (load/write/copy-text.ts, load/write/save-rejects.ts). Pure.
 */

// NUL and a lone half of a UTF-16 surrogate pair: Postgres text and jsonb cannot hold either.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE_CHAR = /[\u0000\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` with NUL (monitored sites do put it in error texts) and lone surrogates replaced by U+FFFD. */
export function storableText(text: string): string {
  if (!UNSTORABLE_CHAR.test(text)) return text;
  return text.split('\u0000').join('\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
}

// In JSON text every backslash starts an escape. What Postgres refuses in jsonb is the escape of
// NUL and the escape of half a surrogate pair with no other half beside it (JSON.stringify writes
// a lone half as an escape and a pair as itself; a service may write a pair as two escapes, in
// either case of hex digits). Matching escapes left to right, a pair and "\\\\" each as one,
// finds exactly the ones to replace.
const MAYBE_UNSTORABLE_JSON = /\\u(?:0000|[dD][89a-fA-F])/;
const JSON_ESCAPE_TO_CHECK =
  /\\(?:u0000|u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|u[dD][89a-fA-F][0-9a-fA-F]{2}|\\)/g;

/**
 * JSON text (a response's own, or JSON.stringify's) with what Postgres cannot store in jsonb
 * replaced by the escape of U+FFFD, found in one scan of the text.
 */
export function storableJsonText(json: string): string {
  // Cheap test first: almost no record has anything to replace (a literal "\\u0000" text only
  // sends it down the exact path below, which leaves it alone).
  if (!mayBeUnstorableJson(json)) return json;
  return json.replace(JSON_ESCAPE_TO_CHECK, (escape) =>
    escape === '\\\\' || escape.length === 12 ? escape : '\\ufffd',
  );
}

/**
 * Whether MAYBE_UNSTORABLE_JSON can match: native searches for `\\u` first, the pattern only
 * where one is followed by 0 or d. A backfill asks this of every raw text (a kilobyte each), and
 * searching for the two characters is about ten times cheaper than the pattern's scan.
 */
function mayBeUnstorableJson(json: string): boolean {
  for (let at = json.indexOf('\\u'); at >= 0; at = json.indexOf('\\u', at + 2)) {
    const next = json.charCodeAt(at + 2);
    if (next === 0x30 || next === 0x44 || next === 0x64) return MAYBE_UNSTORABLE_JSON.test(json);
  }
  return false;
}

/**
 * The JSON text of a value with what Postgres cannot store replaced by U+FFFD, found in the
 * serialised text (one scan) rather than by walking and copying every value of a raw object.
 */
export function storableJson(value: unknown): string {
  return storableJsonText(JSON.stringify(value));
}
