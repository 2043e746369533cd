/**
 * What one `serve` client has set up in the engine's shared session, and the bounds on it
 * (issue 40, items 5 to 7). Clients take turns on one session (wire-server.ts); when another
 * client takes it, the session is reset and this client's set-up is kept here, to be set up again
 * at its next turn (session-turns.ts):
 *
 * - its named prepared statements, as the Parse messages that made them (pgJDBC's `S_1`,
 *   node-pg's named queries), recorded when the engine answered ParseComplete and forgotten on
 *   CloseComplete or once the engine no longer has them (a DEALLOCATE);
 * - the settings it changed (of those a client may SET), read from the engine when its turn ends.
 *
 * Bounds, each refused before the engine sees the message with SQLSTATE 53400
 * (configuration_limit_exceeded), the connection kept: at most `statements` named prepared
 * statements holding at most `statementBytes` of messages, and at most `portals` named portals and
 * cursors open at once (WITH HOLD ones included). So what one client can make the engine and serve
 * keep is bounded, and all of it goes when the client leaves.
 */
import { lexStatements, type Token } from '../query/sql-lexer.ts';
import type { QueuedMessage } from './wire-messages.ts';

/** What one client may hold in the session. */
export interface ClientLimits {
  /** Named prepared statements (pgJDBC caches 256 statements per connection). */
  readonly statements: number;
  /** Bytes of the Parse messages of those statements. */
  readonly statementBytes: number;
  /** Named portals and cursors open at once, WITH HOLD cursors included. */
  readonly portals: number;
}

export const CLIENT_LIMITS: ClientLimits = {
  statements: 256,
  statementBytes: 8 * 1024 * 1024,
  portals: 64,
};

/** SQLSTATE of a bound reached: configuration_limit_exceeded. */
export const LIMIT_SQLSTATE = '53400';

/** The first NUL-terminated name of a message body (after `skip` bytes). */
function nameOf(message: QueuedMessage, skip = 0): string {
  const body = message.bytes.subarray(5 + skip);
  const end = body.indexOf(0);
  return body.subarray(0, end < 0 ? 0 : end).toString('utf8');
}

/** The tokens of the SQL of a Query or Parse (one statement: checked before), and its first word. */
function statementOf(message: QueuedMessage): { first: string; tokens: readonly Token[] } | undefined {
  if (message.sql === undefined) return undefined;
  try {
    const tokens = lexStatements(message.sql)[0];
    const first = tokens?.[0]?.quoted === true ? undefined : tokens?.[0]?.word;
    return tokens === undefined || first === undefined ? undefined : { first, tokens };
  } catch {
    return undefined;
  }
}

/** One client's set-up in the shared session. */
export class ClientState {
  /** Named prepared statements: name to the Parse message that made it. */
  readonly statements = new Map<string, Buffer>();
  /** Settings the client changed: name and value to set again at its next turn. */
  settings: ReadonlyArray<readonly [string, string]> = [];
  /** Named portals and cursors of the current transaction. */
  readonly portals = new Set<string>();
  /** WITH HOLD cursors open after the last transaction (as the engine counted them). */
  heldCursors = 0;
  /** A WITH HOLD cursor was declared: the engine is asked how many are open at the next idle point. */
  mayHoldCursors = false;
  /** A DEALLOCATE ran: the statements are checked against the engine's at the next idle point. */
  deallocated = false;
  #statementBytes = 0;

  constructor(private readonly limits: ClientLimits = CLIENT_LIMITS) {}

  /** Why `message` is refused (a bound it would pass), or undefined when it may run. */
  refusal(message: QueuedMessage): string | undefined {
    const open = this.portals.size + this.heldCursors;
    if (message.type === 'P' && nameOf(message) !== '') {
      if (this.statements.size >= this.limits.statements)
        return `serve keeps at most ${this.limits.statements} named prepared statements per client: close one first (Close, DEALLOCATE)`;
      if (this.#statementBytes + message.bytes.length > this.limits.statementBytes)
        return `serve keeps at most ${this.limits.statementBytes / 1024 / 1024} MiB of named prepared statements per client: this one (${message.bytes.length} bytes) would pass it; close some first (Close, DEALLOCATE)`;
    }
    const opens =
      (message.type === 'B' && nameOf(message) !== '') || statementOf(message)?.first === 'declare';
    if (opens && open >= this.limits.portals)
      return `serve keeps at most ${this.limits.portals} open portals and cursors per client: close one first (Close, CLOSE, or end the transaction)`;
    return undefined;
  }

  /** Records what `message` set up, from the type of the engine's first answer to it. */
  ran(message: QueuedMessage, answer: string | undefined): void {
    if (message.type === 'P' && answer === '1') {
      const name = nameOf(message);
      if (name !== '') {
        this.#forget(name);
        this.statements.set(name, message.bytes);
        this.#statementBytes += message.bytes.length;
      }
    } else if (message.type === 'C' && answer === '3') {
      const name = nameOf(message, 1);
      if (message.bytes[5] === 0x53) this.#forget(name);
      else this.portals.delete(name);
    } else if (message.type === 'B' && answer === '2') {
      const name = nameOf(message);
      if (name !== '') this.portals.add(name);
    }
    this.#sql(message);
  }

  /** What a statement's text sets up or ends: cursors, DEALLOCATE. */
  #sql(message: QueuedMessage): void {
    if (message.type !== 'Q' && message.type !== 'P') return;
    const statement = statementOf(message);
    const name = statement?.tokens[1]?.word;
    const plain = statement?.tokens[1]?.quoted !== true;
    switch (statement?.first) {
      case 'declare':
        if (name !== undefined) this.portals.add(name);
        if (statement.tokens.some((t) => t.quoted !== true && t.word === 'hold')) this.mayHoldCursors = true;
        break;
      case 'close':
        if (name === 'all' && plain) this.portals.clear();
        else if (name !== undefined) this.portals.delete(name);
        // Closing may have closed a WITH HOLD cursor: the engine is asked again.
        if (this.heldCursors > 0) this.mayHoldCursors = true;
        break;
      case 'deallocate':
        this.deallocated = true;
        break;
    }
  }

  /** The transaction ended: its portals and cursors are gone, but for WITH HOLD ones. */
  idle(): void {
    this.portals.clear();
  }

  /** Keeps only the statements the engine still has (after a DEALLOCATE, or at the end of a turn). */
  keepOnly(names: ReadonlySet<string>): void {
    for (const name of [...this.statements.keys()]) if (!names.has(name)) this.#forget(name);
    this.deallocated = false;
  }

  /** The Parse messages that set the client's statements up again, in the order they were made. */
  replay(): Buffer[] {
    return [...this.statements.values()];
  }

  /** Bytes of the Parse messages kept. */
  get statementBytes(): number {
    return this.#statementBytes;
  }

  #forget(name: string): void {
    const bytes = this.statements.get(name);
    if (bytes === undefined) return;
    this.statements.delete(name);
    this.#statementBytes -= bytes.length;
  }
}
