/**
 * Extracts the human message from an error body. The service uses two shapes (facts 1.4):
 * `{"Messages":[{"Message":"..."}]}` on most endpoints and a bare `{"Message":"..."}` on the
 * statistics endpoints; both must reach the user, because a 400 is only actionable with the
 * service's own reason ("Take must be ...", "The cursor has expired.").
 */

const MAX_LENGTH = 500;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function fromParsed(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const messages = record.Messages ?? record.messages;
  if (Array.isArray(messages)) {
    const parts = messages
      .map((m) => (typeof m === 'string' ? text(m) : text((m as Record<string, unknown> | null)?.Message)))
      .filter((m): m is string => m !== undefined);
    if (parts.length > 0) return parts.join('; ');
  }
  return text(record.Message) ?? text(record.message);
}

/** The service's message in an error body, or undefined when the body has none. */
export function serviceMessage(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    // XML error bodies: <Message>...</Message> elements, however they are wrapped.
    const found = [...body.matchAll(/<Message>([^<]*)<\/Message>/g)]
      .map((m) => m[1]!.trim())
      .filter((m) => m !== '');
    return found.length > 0 ? found.join('; ').slice(0, MAX_LENGTH) : undefined;
  }
  return fromParsed(parsed)?.slice(0, MAX_LENGTH);
}
