/**
 * A stream's primary key, declared once: for each key column of its table, where the value comes
 * from (a field of the raw record, the parent the record was listed under, or the account). From
 * that one declaration the engines derive everything that needs the key: the merge's conflict
 * target, the record id named in messages and rejects, and the key of a rejected record that must
 * not be soft-deleted just because it could not be loaded this time.
 */

/** Where one key column's value comes from. */
export type KeySource =
  | { readonly from: 'field'; readonly field: string; readonly guid: boolean }
  | { readonly from: 'computed'; readonly read: (raw: unknown) => string | undefined }
  | { readonly from: 'parent'; readonly part: number }
  | { readonly from: 'account' };

/** A key declaration: key column -> source, in the table's key order. */
export type KeySpec<C extends string = string> = Readonly<Partial<Record<C, KeySource>>>;

/** A GUID field of the record (lower-cased, as every GUID column stores it). */
export function guidField(field: string): KeySource {
  return { from: 'field', field, guid: true };
}

/** An id field of the record (text or number, kept as sent). */
export function idField(field: string): KeySource {
  return { from: 'field', field, guid: false };
}

/** A value computed from the raw record (which of two GUID fields is set, ...); undefined when absent. */
export function computed(read: (raw: unknown) => string | undefined): KeySource {
  return { from: 'computed', read };
}

/** Part `part` of a composite parent (an escalation level is listed under a definition and a level id). */
export function parentPart(part: number): KeySource {
  return { from: 'parent', part };
}

/** The parent the record was listed under (a monitor group for its members, ...). */
export const PARENT: KeySource = parentPart(0);

/** Separates the parts of a composite parent key, as `parentIds` joins them. */
export const PARENT_SEPARATOR = '/';

/** The run's account. */
export const ACCOUNT: KeySource = Object.freeze({ from: 'account' });

/** The key columns, in declaration order. */
export function keyColumns<C extends string>(spec: KeySpec<C>): C[] {
  return Object.keys(spec) as C[];
}

/** One field of a raw record, whatever the record looks like. */
export function rawField(raw: unknown, field: string): unknown {
  return raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>)[field] : undefined;
}

/** The record id for messages: the value of the first field or computed source (undefined when absent). */
export function recordIdOf(spec: KeySpec, raw: unknown): string | number | undefined {
  for (const source of Object.values<KeySource | undefined>(spec)) {
    if (source?.from === 'computed') return source.read(raw);
    if (source?.from !== 'field') continue;
    const value = rawField(raw, source.field);
    return typeof value === 'string' || typeof value === 'number' ? value : undefined;
  }
  return undefined;
}

/**
 * The key of a raw record as the soft delete compares keys (`a/b/c`, GUIDs lower-cased), or
 * undefined when a key field is missing: a record without its key cannot be protected.
 */
export function rawKeyText(
  spec: KeySpec,
  raw: unknown,
  parent: string | undefined,
  accountId: string,
): string | undefined {
  const parts: string[] = [];
  for (const source of Object.values<KeySource | undefined>(spec)) {
    if (source === undefined) continue;
    if (source.from === 'account') parts.push(accountId);
    else if (source.from === 'parent') {
      const value = parent?.split(PARENT_SEPARATOR)[source.part];
      if (value === undefined) return undefined;
      parts.push(value);
    } else if (source.from === 'computed') {
      const value = source.read(raw);
      if (value === undefined) return undefined;
      parts.push(value);
    } else {
      const value = rawField(raw, source.field);
      if (typeof value !== 'string' && typeof value !== 'number') return undefined;
      parts.push(source.guid ? String(value).toLowerCase() : String(value));
    }
  }
  return parts.join('/');
}
