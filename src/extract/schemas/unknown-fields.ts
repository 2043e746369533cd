/**
 * Lists the top-level keys of a record that its schema does not know, so a run can report new
 * API fields once (they are kept in `raw`, never dropped) and the schemas can be extended.
 */
export function unknownFields(record: unknown, known: ReadonlySet<string>): string[] {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return [];
  return Object.keys(record)
    .filter((key) => !known.has(key))
    .sort();
}
