/**
 * One client connection of `serve`: reads its bytes into whole messages (wire-messages.ts), answers
 * the start-up itself (no password, the engine's parameters, a key for CancelRequest), and queues
 * the typed messages for the server (wire-server.ts), which runs them on the engine one client at
 * a time.
 *
 * Bounds, each closing only this connection: a message past the size limit or malformed (a
 * FATAL protocol_violation answer, then the socket is destroyed), a start-up not finished within
 * `startupTimeoutMs`. Bytes are kept as a list of the chunks received and joined once per
 * message, so a message sent one byte at a time costs no more than one sent at once. A client that
 * queues more than `maxQueuedBytes` while others hold the engine is paused (TCP back-pressure).
 */
import type { Socket } from 'node:net';
import { ClientState } from './client-state.ts';
import {
  AUTHENTICATION_OK,
  backendKeyData,
  backendMessages,
  CANCEL_REQUEST,
  checkMessage,
  errorResponse,
  GSSENC_REQUEST,
  negotiateProtocolVersion,
  nextFrame,
  ProtocolViolation,
  readyForQuery,
  SSL_REQUEST,
  startupParameters,
  type Frame,
  type QueuedMessage,
} from './wire-messages.ts';

export type { QueuedMessage } from './wire-messages.ts';

/** Limits of one connection. */
export interface SessionLimits {
  readonly maxMessageBytes: number;
  readonly maxQueuedBytes: number;
  readonly startupTimeoutMs: number;
}

/** What a session tells the server. */
export interface SessionHooks {
  /** A message was queued. */
  queued(session: WireSession): void;
  /** The connection closed, for whatever reason. */
  closed(session: WireSession): void;
  /** A CancelRequest for the session with this key. */
  cancel(processId: number, secret: number): void;
  /** The engine's answer to a start-up, whose ParameterStatus messages every client receives. */
  startupAnswer(): Buffer;
  /** A protocol violation or time-out closed the connection (for the log). */
  violation(session: WireSession, reason: string): void;
}

/** The chunks received and not yet taken, joined only as far as a message needs. */
class ByteQueue {
  #chunks: Buffer[] = [];
  length = 0;
  push(chunk: Buffer): void {
    this.#chunks.push(chunk);
    this.length += chunk.length;
  }
  /** The first `n` bytes (or all there are), as one buffer. */
  peek(n: number): Buffer {
    if (this.#chunks[0] !== undefined && this.#chunks[0].length >= n) return this.#chunks[0];
    const joined = Buffer.concat(this.#chunks);
    this.#chunks = [joined];
    return joined;
  }
  take(n: number): void {
    const first = this.peek(n);
    this.#chunks[0] = first.subarray(n);
    if (this.#chunks[0].length === 0) this.#chunks.shift();
    this.length -= n;
  }
}

/** One client: its start-up, its queue of messages, its way back. */
export class WireSession {
  readonly queue: QueuedMessage[] = [];
  /** What it set up in the shared session (kept while other clients take their turns). */
  readonly state = new ClientState();
  /** After a refused Parse: messages up to the next Sync are dropped, as the server does after an error. */
  skipUntilSync = false;
  #bytes = new ByteQueue();
  #queuedBytes = 0;
  #started = false;
  #closed = false;
  readonly #startupTimer: NodeJS.Timeout;

  constructor(
    private readonly socket: Socket,
    readonly processId: number,
    readonly secret: number,
    private readonly limits: SessionLimits,
    private readonly hooks: SessionHooks,
  ) {
    socket.setNoDelay(true);
    this.#startupTimer = setTimeout(
      () => this.fail('timeout waiting for the start-up packet', '08P01'),
      limits.startupTimeoutMs,
    ).unref();
    socket.on('data', (chunk: Buffer) => this.#receive(chunk));
    socket.on('error', () => this.close());
    socket.on('close', () => this.close());
  }

  /** True once the connection is closed. */
  get closed(): boolean {
    return this.#closed;
  }

  #receive(chunk: Buffer): void {
    if (this.#closed) return;
    this.#bytes.push(chunk);
    try {
      for (let frame = this.#takeFrame(); frame !== undefined; frame = this.#takeFrame()) {
        this.#handle(frame);
        if (this.#closed) return;
      }
    } catch (error) {
      if (!(error instanceof ProtocolViolation)) throw error;
      this.fail(error.message, '08P01');
    }
  }

  /** The next whole message, taken off the bytes received; throws for a bad header at once. */
  #takeFrame(): Frame | undefined {
    const startup = !this.#started;
    const headLength = startup ? 4 : 5;
    const head = this.#bytes.peek(headLength);
    if (head.length === 0) return undefined;
    // Checks the type byte and the length as soon as they are there (throws ProtocolViolation).
    nextFrame(head.subarray(0, headLength), startup, this.limits.maxMessageBytes);
    if (head.length < headLength) return undefined;
    const size = startup ? head.readInt32BE(0) : head.readInt32BE(1) + 1;
    if (this.#bytes.length < size) return undefined;
    const bytes = Buffer.from(this.#bytes.peek(size).subarray(0, size));
    this.#bytes.take(size);
    return nextFrame(bytes, startup, this.limits.maxMessageBytes)!.frame;
  }

  #handle(frame: Frame): void {
    if (frame.kind === 'startup') {
      this.#startup(frame.code, frame.body);
      return;
    }
    const { sql } = checkMessage(frame.type, frame.body);
    this.queue.push({ type: frame.type, bytes: frame.bytes, ...(sql === undefined ? {} : { sql }) });
    this.#queuedBytes += frame.bytes.length;
    if (this.#queuedBytes > this.limits.maxQueuedBytes) this.socket.pause();
    this.hooks.queued(this);
  }

  #startup(code: number, body: Buffer): void {
    if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
      this.socket.write('N');
      return;
    }
    if (code === CANCEL_REQUEST) {
      // Closed first: the server answers a CancelRequest with nothing, not even the restart notice.
      this.close();
      if (body.length === 8) this.hooks.cancel(body.readInt32BE(0), body.readInt32BE(4));
      return;
    }
    const major = code >>> 16;
    const minor = code & 0xffff;
    if (major !== 3)
      throw new ProtocolViolation(`unsupported frontend protocol ${major}.${minor}: serve speaks 3.0`);
    const unknown = [...startupParameters(body).keys()].filter((name) => name.startsWith('_pq_.'));
    const parameters = [...backendMessages(this.hooks.startupAnswer())]
      .filter((m) => m.type === 'S')
      .map((m) => m.bytes);
    this.#started = true;
    clearTimeout(this.#startupTimer);
    this.socket.write(
      Buffer.concat([
        ...(minor > 0 || unknown.length > 0 ? [negotiateProtocolVersion(0, unknown)] : []),
        AUTHENTICATION_OK,
        ...parameters,
        backendKeyData(this.processId, this.secret),
        readyForQuery('I'),
      ]),
    );
  }

  /** Takes the next queued message (the server runs it). */
  next(): QueuedMessage | undefined {
    const message = this.queue.shift();
    if (message !== undefined) {
      this.#queuedBytes -= message.bytes.length;
      if (this.#queuedBytes <= this.limits.maxQueuedBytes / 2 && this.socket.isPaused()) this.socket.resume();
    }
    return message;
  }

  /** Writes bytes of serve's own to the client. */
  write(bytes: Buffer): void {
    if (!this.#closed && this.socket.writable) this.socket.write(bytes);
  }

  /** Writes engine output; `written` once the socket took it, or at once when the client is gone. */
  send(chunk: Buffer, written: () => void): void {
    if (this.#closed || !this.socket.writable) written();
    else this.socket.write(chunk, () => written());
  }

  /** Ends the connection with a FATAL error naming why (logged as a violation by the server). */
  fail(reason: string, sqlstate: string): void {
    if (this.#closed) return;
    this.hooks.violation(this, reason);
    this.terminate(sqlstate, reason);
  }

  /** Ends the connection with a FATAL error. */
  terminate(sqlstate: string, message: string): void {
    if (this.#closed) return;
    if (this.socket.writable) this.socket.write(errorResponse('FATAL', sqlstate, message));
    this.socket.end();
    this.close();
  }

  /** Closes the connection (idempotent); the socket is destroyed after a short grace for its last bytes. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#startupTimer);
    this.queue.length = 0;
    setTimeout(() => this.socket.destroy(), 200).unref();
    if (!this.socket.writableEnded) this.socket.end();
    this.hooks.closed(this);
  }
}
