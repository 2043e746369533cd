/**
 * Validates API records against their zod schemas. A record that fails is rejected: kept in
 * uptrends.etl_rejected_record with the reason, counted on the run, and named in a warning (stream,
 * window, record id); it never stops the other records. Unknown fields are reported once per run
 * and stream (they stay in `raw`), and so are values of enum-like fields the schema does not list
 * (they are stored as sent).
 */
import type { Logger } from 'pino';
import type { z } from 'zod';
import { RecordValidationError } from '../errors.ts';
import { redactSecrets } from '../redaction.ts';
import type { KnownValues } from './schemas/lenient.ts';

/** A record that failed validation, ready to be stored. */
export interface RejectedRecord {
  stream: string;
  recordId: string | null;
  error: string;
  raw: unknown;
  windowStart?: Date | undefined;
  windowEnd?: Date | undefined;
}

const MAX_FIELD_TEXT = 10_000;

function shorten(value: unknown): unknown {
  if (typeof value === 'string')
    return value.length > MAX_FIELD_TEXT ? `${value.slice(0, MAX_FIELD_TEXT)}…` : value;
  if (Array.isArray(value)) return value.map(shorten);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
  }
  return value;
}

/** The raw record as a reject row keeps it: secrets removed, long texts cut, or a note when it is too deep to keep. */
function storable(raw: unknown): unknown {
  try {
    return shorten(redactSecrets(raw));
  } catch (error) {
    if (error instanceof RecordValidationError) return { note: `not kept: ${error.message}` };
    throw error;
  }
}

/** The record id `idOf` reads, or undefined when it cannot read one. */
function safeId(idOf: ((raw: unknown) => unknown) | undefined, raw: unknown): string | number | undefined {
  try {
    const id = idOf?.(raw);
    return typeof id === 'string' || typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The top-level keys of a record that its schema does not know, sorted, so a run can report new
 * API fields once (they are kept in `raw`, never dropped) and the schemas can be extended.
 */
export function unknownFields(record: unknown, known: ReadonlySet<string>): string[] {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return [];
  // Asked of every record: nothing is allocated unless a field is new.
  let found: string[] | undefined;
  for (const key in record) if (Object.hasOwn(record, key) && !known.has(key)) (found ??= []).push(key);
  return found === undefined ? [] : found.sort();
}

/** One enum-like field of KnownValues, its path split and its values as a set. */
interface KnownField {
  readonly path: string;
  readonly steps: readonly string[];
  readonly values: ReadonlySet<string>;
}

// Compiled once per declaration: the check runs for every record (every alert of a backfill).
const compiled = new WeakMap<KnownValues, readonly KnownField[]>();

function knownFieldsOf(known: KnownValues): readonly KnownField[] {
  let fields = compiled.get(known);
  if (fields === undefined) {
    fields = Object.entries(known).map(([path, values]) => ({
      path,
      steps: path.split('.'),
      values: new Set(values),
    }));
    compiled.set(known, fields);
  }
  return fields;
}

/** Calls `found` with each string at `steps` of `value` (`*` walks every element of an array). */
function stringsAt(
  value: unknown,
  steps: readonly string[],
  at: number,
  found: (text: string) => void,
): void {
  if (at === steps.length) {
    if (typeof value === 'string') found(value);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const step = steps[at]!;
  if (step === '*') {
    if (Array.isArray(value)) for (const item of value as unknown[]) stringsAt(item, steps, at + 1, found);
    return;
  }
  if (!Array.isArray(value)) stringsAt((value as Record<string, unknown>)[step], steps, at + 1, found);
}

/** Distinct unknown values reported per stream and field: a field the service filled with free text is not logged a thousand times. */
export const MAX_UNKNOWN_VALUES_REPORTED = 20;

/** How much of an unknown value a report shows. */
const REPORTED_VALUE_LENGTH = 100;

/** Describes zod issues as `Field: problem; ...` for humans. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length === 0 ? '(record)' : issue.path.join('.')}: ${issue.message}`)
    .join('; ');
}

/** Collects rejects and unknown-field reports for one run. */
export class RecordValidator {
  readonly rejected: RejectedRecord[] = [];
  readonly #reportedUnknown = new Set<string>();
  /** Unknown values reported, per `stream.field`. */
  readonly #reportedValues = new Map<string, Set<string>>();

  constructor(private readonly logger: Logger) {}

  /**
   * Parses one record; returns undefined (and records the reject) when it is invalid.
   * `idOf` reads the record id from the raw value, for the message.
   */
  parse<S extends z.ZodType>(
    stream: string,
    schema: S,
    raw: unknown,
    options: {
      idOf?: (raw: unknown) => unknown;
      known?: ReadonlySet<string>;
      /** Enum-like fields of the record and the values known; others are reported. (Default: none) */
      values?: KnownValues | undefined;
      windowStart?: Date;
      windowEnd?: Date;
    } = {},
  ): z.infer<S> | undefined {
    const result = schema.safeParse(raw);
    if (options.known !== undefined) this.reportUnknown(stream, raw, options.known);
    if (result.success) {
      this.reportUnknownValues(stream, result.data, options.values);
      return result.data;
    }
    const id = options.idOf?.(raw);
    this.reject({
      stream,
      recordId: typeof id === 'string' || typeof id === 'number' ? String(id) : null,
      error: describeIssues(result.error),
      raw,
      windowStart: options.windowStart,
      windowEnd: options.windowEnd,
    });
    return undefined;
  }

  /** Records a reject found by a later step (a mapper throwing RecordValidationError). */
  reject(record: RejectedRecord): void {
    const stored = { ...record, raw: storable(record.raw) };
    this.rejected.push(stored);
    const window =
      record.windowStart !== undefined
        ? ` window [${record.windowStart.toISOString()}, ${record.windowEnd?.toISOString() ?? '?'})`
        : '';
    this.logger.warn(
      { stream: record.stream, recordId: record.recordId },
      `rejected a record of stream ${record.stream}${window} id ${record.recordId ?? '(none)'}: ${record.error}`,
    );
  }

  /**
   * Turns a mapper's RecordValidationError into a reject; rethrows anything else. The record id is
   * the error's, else `idOf(raw)`: a record refused before it was read (too deep to walk) still
   * names the record it was.
   */
  rejectFromError(
    error: unknown,
    stream: string,
    raw: unknown,
    window?: { start: Date; end: Date },
    idOf?: (raw: unknown) => unknown,
  ): void {
    if (!(error instanceof RecordValidationError)) throw error;
    const given = error.context.recordId;
    const id = typeof given === 'string' || typeof given === 'number' ? given : safeId(idOf, raw);
    this.reject({
      stream,
      recordId: id === undefined ? null : String(id),
      error: error.message,
      raw,
      windowStart: window?.start,
      windowEnd: window?.end,
    });
  }

  /** Warns once per run and stream about top-level fields the schema does not know. */
  reportUnknown(stream: string, raw: unknown, known: ReadonlySet<string>): void {
    for (const field of unknownFields(raw, known)) {
      const key = `${stream}.${field}`;
      if (this.#reportedUnknown.has(key)) continue;
      this.#reportedUnknown.add(key);
      this.logger.info(
        { stream, field },
        `stream ${stream}: the API sent a field this version does not know: ${field} (kept in raw)`,
      );
    }
  }

  /**
   * Reports once per run, stream, field and value each value of an enum-like field (`known`) that
   * its list does not hold; at most MAX_UNKNOWN_VALUES_REPORTED values per stream and field.
   */
  reportUnknownValues(stream: string, record: unknown, known: KnownValues | undefined): void {
    if (known === undefined) return;
    for (const field of knownFieldsOf(known)) {
      stringsAt(record, field.steps, 0, (value) => {
        if (field.values.has(value)) return;
        const key = `${stream}.${field.path}`;
        let reported = this.#reportedValues.get(key);
        if (reported === undefined) this.#reportedValues.set(key, (reported = new Set()));
        if (reported.has(value) || reported.size >= MAX_UNKNOWN_VALUES_REPORTED) return;
        reported.add(value);
        const shown =
          value.length > REPORTED_VALUE_LENGTH ? `${value.slice(0, REPORTED_VALUE_LENGTH)}…` : value;
        this.logger.info(
          { stream, field: field.path, value: shown },
          `stream ${stream}: the API sent ${field.path} ${JSON.stringify(shown)}, a value this version does not know (stored as sent)`,
        );
      });
    }
  }

  /** Unknown enum values reported so far, as `stream.field=value`, sorted. */
  get unknownValuesReported(): string[] {
    return [...this.#reportedValues].flatMap(([key, values]) => [...values].map((v) => `${key}=${v}`)).sort();
  }

  /** Unknown fields reported so far, as `stream.field`. */
  get unknownFieldsReported(): string[] {
    return [...this.#reportedUnknown].sort();
  }

  /** Takes the rejects collected since the last call (they are saved with the window that read them). */
  drain(stream?: string): RejectedRecord[] {
    const taken: RejectedRecord[] = [];
    for (let i = this.rejected.length - 1; i >= 0; i--) {
      if (stream === undefined || this.rejected[i]!.stream === stream)
        taken.unshift(...this.rejected.splice(i, 1));
    }
    return taken;
  }
}
