/**
 * The `raw` column of every table: the record as the API sent it, so that nothing the typed
 * columns leave out is lost. Its whole contract lives here:
 *
 * - **Secrets removed.** What is stored went through `redactSecrets` (redaction.ts): passwords,
 *   tokens, sensitive headers, vault values and credentials in URLs never reach the warehouse.
 * - **The received text when nothing is secret.** A stream that kept each record's text as the
 *   response held it (extract/json-element-texts.ts: alerts, statistics buckets) stores that text
 *   when `mayHoldSecrets` finds nothing in the parsed record: no copy, no serialisation, and the
 *   numbers read as the service wrote them (`99.50`). The check reads the parsed record while the
 *   text may also hold the earlier values of duplicate keys, which JSON.parse drops; `raw` is
 *   jsonb, which drops them the same way (the last value of a key wins), so what is stored is what
 *   was checked. A json or text column would keep them: never store received text in one.
 * - **Storable.** NUL and lone surrogates, which jsonb refuses, become U+FFFD (storable-text.ts).
 * - **Text while waiting.** A windowed stream's row waits in its batch until it is committed; its
 *   JSON values are replaced by the text the load writes (`compactJsonValues`), a quarter of the
 *   memory of the parsed objects, with the same COPY data.
 *
 * Row mappers call `rawColumn`; windowed streams name `compactJsonValues` as their `compact`.
 */
import { mayHoldSecrets, redactSecrets } from '../redaction.ts';
import { storableJson, storableJsonText } from '../storable-text.ts';

/**
 * The value of a `raw` column for a record received as `received` (the parsed JSON value) and,
 * when the reader kept it, `text` (its JSON text in the response): that text made storable when
 * nothing in the record is secret, else a redacted copy of the record (the load serialises it).
 * A record nested too deep to redact is a RecordValidationError (redactSecrets): it is rejected.
 */
export function rawColumn(received: unknown, text?: string): unknown {
  return text === undefined || mayHoldSecrets(received) ? redactSecrets(received) : storableJsonText(text);
}

/**
 * Replaces, in place, each plain-object value of `row` (a `raw` record, a settings object: what a
 * jsonb column receives) by the JSON text the COPY data would hold for it. The parsed objects take
 * about four times the memory of their text and live long enough in a batch to be promoted to the
 * old heap. The COPY text is identical: a string goes through as itself, and this text holds
 * nothing `storableText` changes.
 */
export function compactJsonValues(row: Record<string, unknown>): void {
  for (const key in row) {
    const value = row[key];
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date))
      row[key] = storableJson(value);
  }
}
