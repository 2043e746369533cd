/**
 * Parses a successful answer's body into a value. A body that does not parse is a retriable
 * ResponseFormatError: cut-off JSON or an HTML page from a gateway are transient in practice, and
 * the message names route and status with a short, masked excerpt so the cause is visible without
 * dumping a payload into the logs.
 */
import { ResponseFormatError, type ErrorContext } from '../../errors.ts';
import { bodyExcerpt } from './body-excerpt.ts';
import { xmlToJson } from './xml-to-json.ts';

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
