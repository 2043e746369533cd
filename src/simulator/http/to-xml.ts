/**
 * XML rendering for the Infra API (`Accept: application/xml`). Arrays become a wrapper element
 * holding one element per item, named by the singular of the wrapper (Devices -> Device,
 * DataFeeds -> DataFeed, Messages -> Message): the usual .NET DataContract layout, assumed here.
 */
import { XMLBuilder } from 'fast-xml-parser';

const builder = new XMLBuilder({ ignoreAttributes: true, format: false, suppressEmptyNode: false });

function shape(value: unknown, name: string): unknown {
  if (Array.isArray(value)) {
    const singular = name.endsWith('s') ? name.slice(0, -1) : `${name}Item`;
    return value.length === 0 ? '' : { [singular]: value.map((v) => shape(v, singular)) };
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, shape(v, k)]),
    );
  }
  return value;
}

/** The XML document for `body` under root element `root`. */
export function toXml(body: unknown, root: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>${String(builder.build({ [root]: shape(body, root) }))}`;
}
