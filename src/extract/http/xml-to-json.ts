/**
 * Turns an XML answer into the value the JSON answer would have been, so one schema serves both
 * (the Infra API picks the format from the Accept header, facts 3.14). .NET DataContract XML
 * writes a list as a wrapper element holding one element per item, and an element cannot say
 * whether it is a list of one or an object: the caller names the list wrappers (`xmlArrays`).
 * Leaf text becomes a number or boolean only when that is its exact canonical spelling, so
 * "12.30" or "007" stay text instead of silently losing characters.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

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
