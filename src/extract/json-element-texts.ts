/**
 * The text of each element of one array member of a JSON object (`Data` of an alert page), as it
 * stands in the response. A record's `raw` column can then be stored from the text the service
 * sent instead of serialising the parsed record again: that serialisation, and the copy of the
 * record redaction makes before it, were a tenth of a backfill's CPU (docs/performance.md).
 *
 * This reads structure only; the caller has parsed the same text with JSON.parse, which is what
 * judges whether it is valid JSON. Anything other than the expected shape gives undefined, and the
 * caller serialises the parsed records as before. One pass over the text, with string contents
 * skipped by `indexOf`: time linear in the text, whatever it holds.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const isBlank = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Index just past the string whose opening quote is at `open`; -1 when it never closes. */
function stringEnd(text: string, open: number): number {
  let at = open + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return -1;
    // The quote ends the string unless an odd number of backslashes precedes it. Each backslash
    // run is counted by the one quote that follows it, so the whole string is read once.
    let backslashes = 0;
    for (let i = quote - 1; i > open && text.charCodeAt(i) === BACKSLASH; i--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

/** `text` from `start` to `end` without the blanks at either end. */
function trimmed(text: string, start: number, end: number): string {
  let s = start;
  let e = end;
  while (s < e && isBlank(text.charCodeAt(s))) s++;
  while (e > s && isBlank(text.charCodeAt(e - 1))) e--;
  return text.slice(s, e);
}

/**
 * The texts of the elements of the array that `key` holds in the top-level object of `text`, in
 * order (the last such member, as JSON.parse keeps the last of duplicate keys). Undefined when the
 * text is not an object, has no such member, the member is not an array, or the structure is
 * broken.
 */
export function jsonElementTexts(text: string, key: string): string[] | undefined {
  let depth = 0;
  let found: string[] | undefined;
  // While inside the wanted array (at depth 2): its elements so far and where the current one began.
  let elements: string[] | undefined;
  let elementStart = -1;
  // Whether the last string at depth 1 equals `key` and only a colon has followed it (JSON.parse
  // accepted the text, so a string followed by a colon is a key).
  let keyMatched = false;
  let first = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isBlank(c)) continue;
    if (first) {
      if (c !== OPEN_BRACE) return undefined;
      first = false;
    }
    switch (c) {
      case QUOTE: {
        const end = stringEnd(text, i);
        if (end < 0) return undefined;
        if (depth === 1) {
          // The key's value is a string: a later duplicate that is no array replaces the array.
          if (keyMatched) found = undefined;
          keyMatched = text.slice(i + 1, end - 1) === key;
        }
        i = end - 1;
        break;
      }
      case COLON:
        break;
      case OPEN_BRACE:
      case OPEN_BRACKET:
        if (depth === 1 && keyMatched) {
          found = undefined;
          if (c === OPEN_BRACKET) {
            elements = [];
            elementStart = i + 1;
          }
        }
        keyMatched = false;
        depth++;
        break;
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        depth--;
        if (depth < 0) return undefined;
        if (depth === 1 && elements !== undefined) {
          if (c !== CLOSE_BRACKET) return undefined;
          const last = trimmed(text, elementStart, i);
          if (last !== '') elements.push(last);
          else if (elements.length > 0) return undefined;
          found = elements;
          elements = undefined;
        }
        break;
      case COMMA:
        if (depth === 2 && elements !== undefined) {
          const element = trimmed(text, elementStart, i);
          if (element === '') return undefined;
          elements.push(element);
          elementStart = i + 1;
        }
        if (depth === 1) keyMatched = false;
        break;
      default:
        // A number, true, false or null: only its first character matters here.
        if (depth === 1 && keyMatched) {
          found = undefined;
          keyMatched = false;
        }
    }
  }
  return depth === 0 && !first ? found : undefined;
}
