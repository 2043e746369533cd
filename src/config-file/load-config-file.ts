/**
 * Finds, reads, parses and validates the configuration file `uptrends-etl.yaml`.
 *
 * Which file: `--config <file>`, else `$UPTRENDS_ETL_CONFIG`, else `./uptrends-etl.yaml` when it
 * exists. A file named by the flag or the variable must exist; the default one is optional, and
 * without any file every command behaves exactly as before the file existed (environment only).
 *
 * A bad file is a ConfigError (exit code 2) that names the file, the line and column and the field
 * path of every problem, compiler style (`uptrends-etl.yaml:12:7: subscriptions[1].schedule: ...`),
 * so an editor jumps to it. YAML syntax errors, duplicate keys and schema violations are reported
 * the same way. The `yaml` package parses YAML 1.2 (so `on`, `no` and dates stay strings) and keeps
 * every node's source range, which is what turns a zod issue path into a line number.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Document, LineCounter } from 'yaml';
import type { z } from 'zod';
import { withSuggestion } from '../did-you-mean.ts';
import { ConfigError } from '../errors.ts';
import { readTextFile } from '../text-file.ts';
import { looksLikeInlineSecretKey } from './env-reference.ts';
import { configFileSchema, type ConfigFileContents } from './schema.ts';

/** The file read when neither `--config` nor the variable names one. */
export const DEFAULT_CONFIG_FILE = 'uptrends-etl.yaml';

/** The environment variable naming the configuration file. */
export const CONFIG_FILE_VARIABLE = 'UPTRENDS_ETL_CONFIG';

/** Largest number of problems listed in one error (the rest are counted). */
const MAX_LISTED = 10;

/** Largest configuration file read (1 MiB: a file of a thousand subscriptions is about 300 kB). */
export const MAX_CONFIG_FILE_BYTES = 1024 * 1024;

/**
 * Largest number of alias uses (`*name`) expanded: enough for any shared anchor, far too few for
 * an alias bomb (nested aliases that expand to billions of nodes).
 */
export const MAX_ALIAS_COUNT = 100;

/** A path to a field: keys and list indexes, as zod reports them. */
export type FieldPath = readonly PropertyKey[];

/** A position in the file, 1-based. */
export interface FilePosition {
  readonly line: number;
  readonly column: number;
}

/** A loaded, valid configuration file. */
export interface ConfigFile {
  /** The file name as the user gave it (or the default), for messages. */
  readonly name: string;
  /** Absolute path. */
  readonly path: string;
  readonly contents: ConfigFileContents;
  /** Where a field is written (the closest enclosing field when it is absent). */
  position(field: FieldPath): FilePosition;
  /** A ConfigError about one field, naming file, line and field: for checks made after loading. */
  error(field: FieldPath, message: string): ConfigError;
  /** A ConfigError listing several problems, each at its line (checks made after loading). */
  invalid(problems: readonly { readonly field: FieldPath; readonly message: string }[]): ConfigError;
}

/** Where the configuration file comes from. */
export interface ConfigFileSource {
  /** `--config`. */
  readonly flag?: string | undefined;
  /** The environment (UPTRENDS_ETL_CONFIG). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Directory relative names are resolved against. (Default: process.cwd()) */
  readonly cwd?: string;
}

/** `subscriptions[1].schedule` from `['subscriptions', 1, 'schedule']`. */
export function formatFieldPath(field: FieldPath): string {
  let text = '';
  for (const part of field) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text === '' ? String(part) : `.${String(part)}`;
  }
  return text === '' ? '(top level)' : text;
}

/**
 * The yaml package, loaded when there is a file to parse: most runs have none and need not pay
 * for it (CommonJS, so synchronously).
 */
function yamlLibrary(): typeof import('yaml') {
  return createRequire(import.meta.url)('yaml') as typeof import('yaml');
}

function positionIn(doc: Document, lines: LineCounter, field: FieldPath): FilePosition {
  const { isMap, isScalar } = yamlLibrary();
  const at = (offset: number): FilePosition => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  // Walk down as far as the path exists; point at the key of the last map entry found, which is
  // where a reader looks (the value of an absent or null field has no useful range).
  let node: unknown = doc.contents;
  let best = (node as { range?: [number, number, number] } | null)?.range?.[0] ?? 0;
  for (const part of field) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(part));
      if (pair === undefined) break;
      if (isScalar(pair.key) && pair.key.range) best = pair.key.range[0];
      node = pair.value;
    } else if (node !== null && typeof node === 'object' && 'items' in node && typeof part === 'number') {
      const item = (node as { items: unknown[] }).items[part] as { range?: [number, number, number] };
      if (item === undefined) break;
      if (item.range) best = item.range[0];
      node = item;
    } else break;
  }
  return at(best);
}

/** The parsed file's value at `field`: `found` false when a key on the way is absent. */
function valueAt(raw: unknown, field: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let node = raw;
  for (const part of field) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part))
      return { found: false, value: undefined };
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return { found: true, value: node };
}

function issueMessage(issue: z.core.$ZodIssue, raw: unknown): { field: FieldPath; message: string } {
  const missing = issue.code === 'invalid_type' || issue.code === 'invalid_union';
  if (missing && issue.path.length > 0 && !valueAt(raw, issue.path).found) {
    // zod says "expected object, received undefined"; the reader needs the key's name and place.
    const key = String(issue.path.at(-1));
    const parent = issue.path.length > 1 ? ` from ${formatFieldPath(issue.path.slice(0, -1))}` : '';
    return { field: issue.path, message: `the required key "${key}" is missing${parent}` };
  }
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const hint = looksLikeInlineSecretKey(key)
      ? ': secrets are never written in this file; name the environment variable that holds it in a key ending in _env'
      : '';
    return { field: [...issue.path, key], message: `unknown key "${key}"${hint}` };
  }
  if (issue.code === 'invalid_union') {
    // Report the branch that got furthest: its first issue is the most specific.
    const branches = issue.errors.filter((b) => b.length > 0);
    const deepest = branches.sort((a, b) => (b[0]?.path.length ?? 0) - (a[0]?.path.length ?? 0))[0];
    if (deepest?.[0] !== undefined) {
      const inner = issueMessage(deepest[0], valueAt(raw, issue.path).value);
      return { field: [...issue.path, ...inner.field], message: inner.message };
    }
  }
  if (issue.code === 'invalid_value') {
    // An enumerated value (a format, a report kind, a period): the closest allowed one suggested.
    const given = valueAt(raw, issue.path).value;
    return { field: issue.path, message: withSuggestion(issue.message, given, issue.values.map(String)) };
  }
  return { field: issue.path, message: issue.message };
}

interface Problem {
  readonly position: FilePosition;
  /** The field path, or `YAML syntax`. */
  readonly field: string;
  readonly message: string;
}

function invalidFile(name: string, problems: readonly Problem[]): ConfigError {
  const sorted = [...problems].sort(
    (a, b) => a.position.line - b.position.line || a.position.column - b.position.column,
  );
  const first = sorted[0]!;
  const listed = sorted
    .slice(0, MAX_LISTED)
    .map((p) => `  ${name}:${p.position.line}:${p.position.column}: ${p.field}: ${p.message}`);
  const more = sorted.length > MAX_LISTED ? [`  ... and ${sorted.length - MAX_LISTED} more`] : [];
  return new ConfigError(
    `the configuration file ${name} is invalid (${sorted.length} problem${sorted.length === 1 ? '' : 's'}):\n${[...listed, ...more].join('\n')}`,
    { context: { file: name, line: first.position.line, setting: first.field } },
  );
}

/**
 * Parses and validates file text. Pure (no file system), so tests and the loader share it.
 * `name` is used in messages, `absolutePath` is kept on the result.
 */
export function parseConfigFile(text: string, name: string, absolutePath = name): ConfigFile {
  const { LineCounter: Lines, parseDocument } = yamlLibrary();
  const lines = new Lines();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw invalidFile(
      name,
      doc.errors.map((e) => {
        const { line, col } = lines.linePos(e.pos[0]);
        // The parser's message without its own position suffix; the position is in front.
        return {
          position: { line, column: col },
          field: 'YAML syntax',
          message: e.message.replace(/ at line \d+, column \d+.*$/s, ''),
        };
      }),
    );
  }
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) ?? {};
  } catch (cause) {
    // The yaml package refuses an alias bomb with a ReferenceError, an alias to nothing likewise.
    const message = cause instanceof Error ? cause.message : String(cause);
    const excessive = /excessive alias count/i.test(message);
    throw new ConfigError(
      `the configuration file ${name} is invalid: ${excessive ? `its aliases (*name) expand too far (more than ${MAX_ALIAS_COUNT} uses of aliases); write the values out` : message}`,
      { cause, context: { file: name, setting: 'YAML aliases' } },
    );
  }
  const parsed = configFileSchema.safeParse(raw);
  const position = (field: FieldPath): FilePosition => positionIn(doc, lines, field);
  if (!parsed.success) {
    throw invalidFile(
      name,
      parsed.error.issues.map((issue) => {
        const { field, message } = issueMessage(issue, raw);
        return { position: position(field), field: formatFieldPath(field), message };
      }),
    );
  }
  const file: ConfigFile = {
    name,
    path: absolutePath,
    contents: parsed.data,
    position,
    error: (field, message) =>
      invalidFile(name, [{ position: position(field), field: formatFieldPath(field), message }]),
    invalid: (problems) =>
      invalidFile(
        name,
        problems.map((p) => ({
          position: position(p.field),
          field: formatFieldPath(p.field),
          message: p.message,
        })),
      ),
  };
  return Object.freeze(file);
}

/** Which file to read, and whether the user named it (then it must exist). */
export function locateConfigFile(source: ConfigFileSource = {}): {
  name: string;
  path: string;
  named: boolean;
} {
  const cwd = source.cwd ?? process.cwd();
  const fromEnv = source.env?.[CONFIG_FILE_VARIABLE]?.trim();
  const named = source.flag?.trim() || (fromEnv === '' ? undefined : fromEnv);
  const name = named ?? DEFAULT_CONFIG_FILE;
  return { name, path: path.resolve(cwd, name), named: named !== undefined };
}

/**
 * Loads the configuration file, or returns undefined when none is named and the default file does
 * not exist. Throws a ConfigError for a named file that is missing or unreadable, one that is not a
 * regular file (a device, a FIFO) or larger than MAX_CONFIG_FILE_BYTES, or a bad file.
 */
export function loadConfigFile(source: ConfigFileSource = {}): ConfigFile | undefined {
  const where = locateConfigFile(source);
  if (!where.named && !existsSync(where.path)) return undefined;
  const setting = source.flag?.trim() ? '--config' : CONFIG_FILE_VARIABLE;
  const text = readTextFile(where.path, {
    maxBytes: MAX_CONFIG_FILE_BYTES,
    what: `the configuration file ${where.name}`,
    origin: where.named ? `named by ${setting}` : undefined,
    context: { file: where.name, setting: where.named ? setting : undefined },
  });
  return parseConfigFile(text, where.name, where.path);
}
