/**
 * Reading a response body: JSON as the API speaks it, or XML (the Infra API may answer in XML when
 * asked, facts 3.14) turned into the same JSON shape, so the streams see one form whatever the wire.
 */
import { type ErrorContext, ResponseFormatError } from '../../errors.ts';
import { createRequire } from 'node:module';
import { bodyExcerpt } from './http-errors.ts';

/** How to read one body. */
export interface BodyFormat {
  accept: 'json' | 'xml';
  /** `content-type` of the answer; wins over `accept` when it names JSON or XML. */
  contentType: string | undefined;
  /** XML wrapper elements holding lists (see xmlToJson). */
  xmlArrays: readonly string[];
  /** Describes the request for the message, e.g. `api GET /Monitor (200)`. */
  what: string;
  context: ErrorContext;
  /** Strings masked in the excerpt. */
  secrets: readonly string[];
}

function formatOf(f: BodyFormat): 'json' | 'xml' {
  const type = (f.contentType ?? '').toLowerCase();
  if (type.includes('json')) return 'json';
  if (type.includes('xml')) return 'xml';
  return f.accept;
}

/** The parsed body; throws ResponseFormatError when it is empty or not valid JSON/XML. */
export function parseBody(text: string, f: BodyFormat): unknown {
  const format = formatOf(f);
  const fail = (reason: string, cause?: unknown): ResponseFormatError =>
    new ResponseFormatError(
      `${f.what}: the body is not valid ${format.toUpperCase()} (${reason}); it starts with: ${JSON.stringify(bodyExcerpt(text, f.secrets))}`,
      {
        retriable: true,
        context: { ...f.context, format },
        cause,
      },
    );
  if (text.trim() === '') throw fail('empty body');
  if (format === 'xml') {
    try {
      return xmlToJson(text, f.xmlArrays);
    } catch (error) {
      throw fail(error instanceof Error ? error.message : 'unreadable', error);
    }
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // V8's SyntaxError message quotes the body; keep only a generic reason.
    throw fail(text.trimStart().startsWith('<') ? 'an HTML or XML page' : 'cut off or malformed', undefined);
  }
}

/** Thrown when the text is not well-formed XML; the caller turns it into a ResponseFormatError. */
export class XmlSyntaxError extends Error {}

function scalar(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^-?\d/.test(text)) {
    const n = Number(text);
    if (Number.isFinite(n) && String(n) === text) return n;
  }
  return text;
}

function convert(value: unknown, name: string, arrays: ReadonlySet<string>): unknown {
  if (arrays.has(name)) {
    if (value === '' || value === undefined || value === null) return [];
    if (typeof value === 'object' && !Array.isArray(value)) {
      const items = Object.values(value as Record<string, unknown>);
      // The wrapper holds one repeated item element; parsing forced it to an array.
      const list = items.length === 1 && Array.isArray(items[0]) ? (items[0] as unknown[]) : items;
      return list.map((item) => convert(item, '', arrays));
    }
  }
  if (Array.isArray(value)) return value.map((item) => convert(item, name, arrays));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, convert(v, k, arrays)]),
    );
  }
  return typeof value === 'string' ? scalar(value) : value;
}

/** The JSON-shaped value of an XML document (its root element's content). */
export function xmlToJson(text: string, arrays: readonly string[] = []): unknown {
  // Loaded on the first XML body: JSON is what the tool asks for, XML only what some errors are.
  const { XMLParser, XMLValidator } = createRequire(import.meta.url)(
    'fast-xml-parser',
  ) as typeof import('fast-xml-parser');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new XmlSyntaxError(`line ${valid.err.line}: ${valid.err.msg}`);
  const wrappers = new Set(arrays);
  const parser = new XMLParser({
    ignoreAttributes: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    parseTagValue: false,
    trimValues: true,
    // Every child of a named wrapper is a list item, even when there is only one.
    isArray: (_name, jpath) => {
      const parts = String(jpath).split('.');
      return parts.length >= 2 && wrappers.has(parts[parts.length - 2]!);
    },
  });
  const doc = parser.parse(text) as Record<string, unknown>;
  const roots = Object.entries(doc);
  if (roots.length !== 1) throw new XmlSyntaxError(`expected one root element, found ${roots.length}`);
  const [rootName, rootValue] = roots[0]!;
  if (wrappers.has(rootName)) return convert(rootValue, rootName, wrappers);
  return rootValue === '' ? {} : convert(rootValue, rootName, wrappers);
}
