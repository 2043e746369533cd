/** Reads one field of a raw record for ids in messages, whatever the record looks like. */
export function field(name: string): (raw: unknown) => unknown {
  return (raw) =>
    raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>)[name] : undefined;
}

/** An id (text or number) as text, for keys and messages; undefined for anything else. */
export function idText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** The lower-cased text of a GUID field, or undefined. */
export function guidText(raw: unknown, name: string): string | undefined {
  const value = field(name)(raw);
  return typeof value === 'string' ? value.toLowerCase() : undefined;
}
