/**
 * The Postgres wire protocol (version 3.0) as `serve` reads it from a client and answers it:
 * framing with hard limits, a strict check of every message the engine will see, and the few
 * messages serve writes itself (errors, ReadyForQuery, the start-up answer).
 *
 * Anything a client sends that is not a well-formed message of a known type, of a length within
 * the limit, is a ProtocolViolation: the caller closes that client's connection, and the engine
 * never sees the bytes. Before this, one 8-byte packet with a length of 0x7fffffff, or 64 random
 * bytes, reached PGlite and froze it for every client (issue 32, finding 4).
 */

/** Protocol version 3.0 in a StartupMessage. */
export const PROTOCOL_3_0 = 196_608;
/** Special request codes sent in place of a protocol version. */
export const SSL_REQUEST = 80_877_103;
export const GSSENC_REQUEST = 80_877_104;
export const CANCEL_REQUEST = 80_877_102;
/** The server's own limit on a start-up packet (MAX_STARTUP_PACKET_LENGTH). */
export const MAX_STARTUP_BYTES = 10_000;

/** A client broke the protocol; its connection is closed with `message`. */
export class ProtocolViolation extends Error {}

/** One message from a client: a start-up packet (no type byte) or a typed message. */
export type Frame =
  | { readonly kind: 'startup'; readonly code: number; readonly body: Buffer }
  | { readonly kind: 'typed'; readonly type: string; readonly body: Buffer; readonly bytes: Buffer };

/** A typed message ready for the engine, with the SQL text of a Query or Parse. */
export interface QueuedMessage {
  readonly type: string;
  readonly bytes: Buffer;
  readonly sql?: string;
}

/** Message types a client may send once started (Frontend messages of protocol 3.0). */
const FRONTEND_TYPES = new Set(['Q', 'P', 'B', 'E', 'D', 'C', 'S', 'H', 'F', 'X', 'd', 'c', 'f', 'p']);

/**
 * The first complete frame of `buffer` and its length, or undefined while incomplete. `startup`:
 * the connection has not started yet, so a frame has no type byte. Throws ProtocolViolation for a
 * length out of bounds or an unknown type, as soon as the header shows it.
 */
export function nextFrame(
  buffer: Buffer,
  startup: boolean,
  maxBytes: number,
): { frame: Frame; size: number } | undefined {
  if (startup) {
    if (buffer.length < 4) return undefined;
    const length = buffer.readInt32BE(0);
    if (length < 8 || length > MAX_STARTUP_BYTES)
      throw new ProtocolViolation(`invalid length of start-up packet: ${length}`);
    if (buffer.length < length) return undefined;
    return {
      frame: { kind: 'startup', code: buffer.readInt32BE(4), body: buffer.subarray(8, length) },
      size: length,
    };
  }
  if (buffer.length < 1) return undefined;
  const type = String.fromCharCode(buffer[0]!);
  if (!FRONTEND_TYPES.has(type)) throw new ProtocolViolation(`invalid frontend message type ${buffer[0]!}`);
  if (buffer.length < 5) return undefined;
  const length = buffer.readInt32BE(1);
  if (length < 4) throw new ProtocolViolation(`invalid message length ${length}`);
  if (length > maxBytes)
    throw new ProtocolViolation(`message of ${length} bytes is larger than the limit of ${maxBytes}`);
  if (buffer.length < length + 1) return undefined;
  const bytes = buffer.subarray(0, length + 1);
  return { frame: { kind: 'typed', type, body: bytes.subarray(5), bytes }, size: length + 1 };
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Reads the parts of a message body in order, refusing to read past its end. */
class BodyReader {
  #at = 0;
  constructor(private readonly body: Buffer) {}
  /** A NUL-terminated string; invalid UTF-8 is refused, as the server (encoding UTF8) does. */
  string(): string {
    const end = this.body.indexOf(0, this.#at);
    if (end < 0) throw new ProtocolViolation('invalid message format: a string is not terminated');
    let text: string;
    try {
      text = UTF8.decode(this.body.subarray(this.#at, end));
    } catch {
      throw new ProtocolViolation('invalid byte sequence for encoding "UTF8"');
    }
    this.#at = end + 1;
    return text;
  }
  int(bytes: 1 | 2 | 4): number {
    if (this.#at + bytes > this.body.length) throw new ProtocolViolation('invalid message format: too short');
    const value =
      bytes === 1
        ? this.body.readUInt8(this.#at)
        : bytes === 2
          ? this.body.readInt16BE(this.#at)
          : this.body.readInt32BE(this.#at);
    this.#at += bytes;
    return value;
  }
  count(): number {
    const n = this.int(2);
    if (n < 0) throw new ProtocolViolation('invalid message format: a negative count');
    return n;
  }
  skip(bytes: number): void {
    if (bytes < 0 || this.#at + bytes > this.body.length)
      throw new ProtocolViolation('invalid message format: a value runs past the message');
    this.#at += bytes;
  }
  end(): void {
    if (this.#at !== this.body.length) throw new ProtocolViolation('invalid message format: extra data');
  }
}

/** The parameters of a StartupMessage (user, database, options, ...). */
export function startupParameters(body: Buffer): Map<string, string> {
  const reader = new BodyReader(body);
  const parameters = new Map<string, string>();
  for (;;) {
    const name = reader.string();
    if (name === '') break;
    parameters.set(name, reader.string());
  }
  reader.end();
  return parameters;
}

/**
 * Checks that a typed message is well formed for its type, exactly as the server would parse it
 * (every string terminated, every count and length within the message, nothing left over), and
 * returns the SQL text of a Query or Parse. Throws ProtocolViolation otherwise.
 */
export function checkMessage(type: string, body: Buffer): { sql?: string } {
  const reader = new BodyReader(body);
  let sql: string | undefined;
  switch (type) {
    case 'Q':
      sql = reader.string();
      break;
    case 'P': {
      reader.string();
      sql = reader.string();
      reader.skip(reader.count() * 4);
      break;
    }
    case 'B': {
      reader.string();
      reader.string();
      reader.skip(reader.count() * 2);
      for (let n = reader.count(); n > 0; n--) {
        const length = reader.int(4);
        if (length < -1) throw new ProtocolViolation('invalid message format: a negative length');
        if (length > 0) reader.skip(length);
      }
      reader.skip(reader.count() * 2);
      break;
    }
    case 'E':
      reader.string();
      reader.int(4);
      break;
    case 'D':
    case 'C': {
      const what = String.fromCharCode(reader.int(1));
      if (what !== 'S' && what !== 'P')
        throw new ProtocolViolation(`invalid ${type === 'D' ? 'DESCRIBE' : 'CLOSE'} message subtype`);
      reader.string();
      break;
    }
    case 'S':
    case 'H':
    case 'X':
      break;
    default:
      // F, d, c, f, p are answered or dropped by serve itself: their bodies never reach the engine.
      return {};
  }
  reader.end();
  return sql === undefined ? {} : { sql };
}

/** One backend message: its type and body, length filled in. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const cstring = (text: string): Buffer => Buffer.from(`${text}\0`, 'utf8');

/** An ErrorResponse with severity, SQLSTATE and message (FATAL: the connection closes after it). */
export function errorResponse(severity: 'ERROR' | 'FATAL', sqlstate: string, text: string): Buffer {
  return message(
    'E',
    Buffer.concat([
      cstring(`S${severity}`),
      cstring(`V${severity}`),
      cstring(`C${sqlstate}`),
      cstring(`M${text}`),
      Buffer.from([0]),
    ]),
  );
}

/** ReadyForQuery with the transaction status: I idle, T in a transaction, E in a failed one. */
export function readyForQuery(status: 'I' | 'T' | 'E'): Buffer {
  return message('Z', Buffer.from(status, 'latin1'));
}

/** AuthenticationOk: serve asks no password (it listens on the loopback address by default). */
export const AUTHENTICATION_OK = message('R', Buffer.from([0, 0, 0, 0]));

/** BackendKeyData: what a client sends back in a CancelRequest. */
export function backendKeyData(processId: number, secret: number): Buffer {
  const body = Buffer.alloc(8);
  body.writeInt32BE(processId, 0);
  body.writeInt32BE(secret, 4);
  return message('K', body);
}

/** NegotiateProtocolVersion: the newest minor version served, and start-up options not known. */
export function negotiateProtocolVersion(minor: number, unknown: readonly string[]): Buffer {
  const counts = Buffer.alloc(8);
  counts.writeInt32BE(minor, 0);
  counts.writeInt32BE(unknown.length, 4);
  return message('v', Buffer.concat([counts, ...unknown.map(cstring)]));
}

/** The StartupMessage serve sends its engine (user and database postgres, protocol 3.0). */
export function engineStartupMessage(): Buffer {
  const pairs = Buffer.from('user\0postgres\0database\0postgres\0\0', 'latin1');
  const head = Buffer.alloc(8);
  head.writeInt32BE(pairs.length + 8, 0);
  head.writeInt32BE(PROTOCOL_3_0, 4);
  return Buffer.concat([head, pairs]);
}

/** A frontend message of `type` with `body` (for the messages serve itself sends the engine). */
export function frontendMessage(type: 'Q' | 'S', text?: string): Buffer {
  return message(type, text === undefined ? Buffer.alloc(0) : cstring(text));
}

/** The typed messages of a backend output, in order (type and the whole message). */
export function* backendMessages(output: Buffer): Generator<{ type: string; bytes: Buffer }> {
  let at = 0;
  while (at + 5 <= output.length) {
    const length = output.readInt32BE(at + 1);
    if (length < 4 || at + 1 + length > output.length) return;
    yield { type: String.fromCharCode(output[at]!), bytes: output.subarray(at, at + 1 + length) };
    at += 1 + length;
  }
}
