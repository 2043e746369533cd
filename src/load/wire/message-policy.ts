/**
 * What `serve` does with each message a client sends, before the engine sees it: the read-only
 * boundary of the wire protocol (issue 32, finding 6). Pure, so every rule is tested without a
 * socket or an engine.
 *
 * - Query and Parse carry SQL: it must pass statement-rules.ts, the rules `query` enforces, with
 *   the session statements psql and BI tools send. A refused Query is answered with the error and
 *   then the engine's ReadyForQuery (a Sync); a refused Parse with the error, and the client's
 *   messages up to its Sync are dropped, as the server itself does after an error in that protocol.
 * - FunctionCall calls a function by its number, past every check of its name: refused.
 * - CopyData, CopyDone and CopyFail have nowhere to go (COPY never runs): dropped, as the server
 *   drops them outside a COPY.
 * - A password message answers a request serve never makes: a protocol violation.
 * - Everything else (Bind, Execute, Describe, Close, Flush, Sync) runs: it can only use what a
 *   checked Parse prepared.
 * - A message that would take its client past a bound of client-state.ts (named statements, their
 *   bytes, open portals and cursors) is refused with SQLSTATE 53400; the connection stays.
 */
import { QueryError } from '../../errors.ts';
import { checkStatement } from '../query/statement-rules.ts';
import { LIMIT_SQLSTATE, type ClientState } from './client-state.ts';
import type { QueuedMessage } from './wire-session.ts';

/** What to do with one message. */
export type Decision =
  | { readonly kind: 'run' }
  | { readonly kind: 'drop' }
  | {
      readonly kind: 'refuse';
      readonly sqlstate: string;
      readonly reason: string;
      /** True for a Parse: drop the client's messages up to its Sync. */
      readonly skipToSync: boolean;
    }
  | { readonly kind: 'violation'; readonly reason: string };

/** SQLSTATE of a refusal: insufficient_privilege, as a server refuses what a role may not do. */
export const REFUSED_SQLSTATE = '42501';

/**
 * The decision for `message`; `skipping`: the client is dropping messages after a refused Parse
 * (a Sync ends that, and runs).
 */
export function decide(
  message: QueuedMessage,
  skipping: boolean,
  refusedFunctions: ReadonlySet<string>,
  client?: ClientState,
): Decision {
  if (message.type === 'S') return { kind: 'run' };
  if (skipping) return { kind: 'drop' };
  switch (message.type) {
    case 'd':
    case 'c':
    case 'f':
      return { kind: 'drop' };
    case 'p':
      return { kind: 'violation', reason: 'unexpected password message: serve asks for none' };
    case 'F':
      return {
        kind: 'refuse',
        sqlstate: REFUSED_SQLSTATE,
        reason: 'serve refuses function calls by number (FunctionCall): run a SELECT instead',
        skipToSync: false,
      };
  }
  if (message.sql !== undefined) {
    try {
      checkStatement(message.sql, { session: true, allowEmpty: true, refusedFunctions });
    } catch (error) {
      if (!(error instanceof QueryError)) throw error;
      return {
        kind: 'refuse',
        sqlstate: REFUSED_SQLSTATE,
        reason: error.message,
        skipToSync: message.type === 'P',
      };
    }
  }
  const bound = client?.refusal(message);
  if (bound !== undefined)
    return { kind: 'refuse', sqlstate: LIMIT_SQLSTATE, reason: bound, skipToSync: message.type !== 'Q' };
  return { kind: 'run' };
}
