/**
 * The wire-protocol server of `serve`: clients (wire-session.ts) in front of one embedded engine
 * in a worker thread (engine-thread.ts), with every statement checked before it runs.
 *
 * - Read-only boundary: the SQL of every Query and Parse passes statement-rules.ts, the same
 *   rules as `query`, with the session statements psql and BI tools send (BEGIN, SET of display
 *   settings, cursors); a refused one is answered with an error and never reaches the engine. A
 *   FunctionCall message (a function by its number) is refused; COPY data is dropped (COPY never
 *   runs). The engine's session is read-only by default and nothing a client may send changes
 *   that, so a write hidden in a reading statement fails in the engine.
 * - One client at a time: the engine has one session, so a client keeps it from its first
 *   message until it is idle again (after a Sync or a Query, outside a transaction block, with no
 *   cursor WITH HOLD open); the others wait their turn. A client that holds it and sends nothing
 *   for `idleTimeoutMs` is disconnected and its transaction rolled back.
 * - A clean session for every client (session-turns.ts): a client that leaves has the session
 *   reset behind it; between the turns of clients connected at once, each one's settings and
 *   named statements are put aside and set up again, within the bounds of client-state.ts.
 * - Time: a message that runs past `statementTimeoutMs` ends the engine (worker terminated) and
 *   starts a new one; its client is told so, and every other client is disconnected too, since
 *   their session state went with the engine. A CancelRequest for a running statement does the same.
 * - Stopping: `stop()` closes every connection and ends the engine within a second.
 */
import { randomInt } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Logger } from '../../logger.ts';
import { EngineThread, type ExecOutcome } from './engine-thread.ts';
import { decide } from './message-policy.ts';
import { SessionTurns } from './session-turns.ts';
import { engineStartupMessage, errorResponse, frontendMessage } from './wire-messages.ts';
import type { WireListener } from './wire-listener.ts';
import { WireSession, type QueuedMessage } from './wire-session.ts';

/** Options of startWireServer. */
export interface WireServerOptions {
  readonly dataDir: string;
  /** Where clients connect (bound first: WireListener.listen). */
  readonly listener: WireListener;
  readonly maxConnections: number;
  /** Longest one message may run on the engine. */
  readonly statementTimeoutMs: number;
  /** Longest a client may hold the engine without sending anything. (Default: statementTimeoutMs) */
  readonly idleTimeoutMs?: number;
  /** Functions refused in statements (statement-rules.ts, refusedFunctions). */
  readonly refusedFunctions: ReadonlySet<string>;
  /** SQL run on the engine's session before any client: it must make the session read-only. */
  readonly sessionSql: string;
  /** Largest message a client may send, in bytes. (Default: 8 MiB) */
  readonly maxMessageBytes?: number;
  readonly logger?: Logger | undefined;
}

/** A running server. */
export interface RunningWireServer {
  /** Rejects when the engine cannot be started again after a failure. */
  readonly failed: Promise<never>;
  stop(): Promise<void>;
}

/** Starts the engine, then serves the listener's clients (those that waited meanwhile first). */
export async function startWireServer(options: WireServerOptions): Promise<RunningWireServer> {
  const log = options.logger;
  const idleMs = options.idleTimeoutMs ?? options.statementTimeoutMs;
  const seconds = (ms: number): string => `${Math.round(ms / 1000)} s`;
  const engineOptions = {
    dataDir: options.dataDir,
    sessionSql: options.sessionSql,
    startupMessage: engineStartupMessage(),
  };
  let engine: EngineThread | undefined = await EngineThread.start(engineOptions);
  let turns = await SessionTurns.open(engine);
  let startupAnswer = engine.startupAnswer;
  const sessions = new Set<WireSession>();
  const waiting: WireSession[] = [];
  let owner: WireSession | undefined;
  let running: WireSession | undefined;
  let pumping = false;
  let idleTimer: NodeJS.Timeout | undefined;
  let stopped = false;
  let nextId = 1;
  let fail: (error: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined);

  /** Ends the engine and every connection (their state went with it), then starts a new engine. */
  const restart = async (
    culprit: WireSession | undefined,
    sqlstate: string,
    reason: string,
  ): Promise<void> => {
    const current = engine;
    engine = undefined;
    owner = undefined;
    culprit?.terminate(sqlstate, `${reason}; the warehouse engine was restarted`);
    for (const session of sessions) {
      session.terminate(
        '57P01',
        `terminating connection: the warehouse engine was restarted (${reason}); reconnect`,
      );
    }
    await current?.terminate();
    if (stopped) return;
    try {
      const started = await EngineThread.start(engineOptions);
      turns = await SessionTurns.open(started);
      engine = started;
      startupAnswer = started.startupAnswer;
      log?.warn({ reason }, `serve: the engine was restarted (${reason})`);
      void pump();
    } catch (error) {
      fail(error as Error);
    }
  };

  /** Runs one message on the engine within the statement timeout; undefined when it was ended. */
  const execute = async (
    session: WireSession,
    bytes: Buffer,
    answered?: (type: string) => void,
  ): Promise<ExecOutcome | undefined> => {
    const current = engine!;
    running = session;
    let first = true;
    const timer = setTimeout(() => {
      log?.warn(
        { client: session.processId },
        `serve: a statement ran past ${seconds(options.statementTimeoutMs)}`,
      );
      void restart(
        session,
        '57014',
        `canceling statement due to statement timeout (serve --timeout ${seconds(options.statementTimeoutMs)})`,
      );
    }, options.statementTimeoutMs);
    try {
      return await current.exec(bytes, (chunk, written) => {
        if (first && chunk.length > 0) answered?.(String.fromCharCode(chunk[0]!));
        first = false;
        session.send(chunk, written);
      });
    } catch (error) {
      if (engine === current) void restart(session, 'XX000', (error as Error).message);
      return undefined;
    } finally {
      clearTimeout(timer);
      running = undefined;
    }
  };

  /**
   * Runs one message of `session` as message-policy.ts decides: its outcome, 'dropped' when
   * nothing ran, undefined when the client or the engine ended.
   */
  const handle = async (
    session: WireSession,
    message: QueuedMessage,
  ): Promise<ExecOutcome | 'dropped' | undefined> => {
    const decision = decide(message, session.skipUntilSync, options.refusedFunctions, session.state);
    if (message.type === 'S') session.skipUntilSync = false;
    switch (decision.kind) {
      case 'run': {
        let answer: string | undefined;
        const outcome = await execute(session, message.bytes, (type) => (answer = type));
        if (outcome !== undefined) session.state.ran(message, answer);
        return outcome;
      }
      case 'drop':
        // Dropped after a refused Parse, the client keeps the engine until its Sync.
        return session.skipUntilSync ? { inTransaction: true } : 'dropped';
      case 'violation':
        session.fail(decision.reason, '08P01');
        return undefined;
      case 'refuse':
        log?.info({ client: session.processId }, `serve: ${decision.reason}`);
        session.write(errorResponse('ERROR', decision.sqlstate, decision.reason));
        if (decision.skipToSync) {
          session.skipUntilSync = true;
          return { inTransaction: true };
        }
        return execute(session, frontendMessage('S'));
    }
  };

  /**
   * Runs serve's own work on the session for `session` (its turn begins, it is idle, it left);
   * false when that failed and the engine is being replaced.
   */
  const onSession = async (
    session: WireSession,
    work: (t: SessionTurns) => Promise<void>,
  ): Promise<boolean> => {
    if (engine === undefined) return false;
    const current = engine;
    const fail = (reason: string): void => {
      if (engine === current) void restart(undefined, 'XX000', `the session could not be reset: ${reason}`);
    };
    running = session;
    const timer = setTimeout(() => fail('it ran past the statement timeout'), options.statementTimeoutMs);
    try {
      await work(turns);
      return true;
    } catch (error) {
      fail((error as Error).message);
      return false;
    } finally {
      clearTimeout(timer);
      running = undefined;
    }
  };

  /** Runs queued messages while the engine is free: the owner's first, else the longest waiting client's. */
  const pump = async (): Promise<void> => {
    // One loop at a time: it takes every message queued meanwhile before it ends.
    if (pumping) return;
    pumping = true;
    try {
      await pumpMessages();
    } finally {
      pumping = false;
    }
  };

  const pumpMessages = async (): Promise<void> => {
    while (!stopped && engine !== undefined && running === undefined) {
      clearTimeout(idleTimer);
      const session = owner ?? waiting.find((s) => s.queue.length > 0);
      const message = session?.next();
      if (session === undefined || message === undefined) {
        // A client that left while others ran has its set-up cleared before serve waits.
        const left = turns.resident;
        if (owner === undefined && left?.closed === true) {
          if (await onSession(left as WireSession, (t) => t.leave(left))) continue;
          return;
        }
        if (owner !== undefined) {
          const held = owner;
          idleTimer = setTimeout(() => {
            held.terminate(
              '25P03',
              `terminating connection: it held the warehouse for ${seconds(idleMs)} without a message while other clients wait (a transaction left open?)`,
            );
          }, idleMs).unref();
        }
        return;
      }
      const at = waiting.indexOf(session);
      if (at >= 0) waiting.splice(at, 1);
      if (session.queue.length > 0) waiting.push(session);
      if (message.type === 'X') {
        // Terminate: the session is reset behind it (its transaction rolled back first).
        session.close();
        await reset(session);
        continue;
      }
      const before = owner;
      owner = session;
      if (!(await onSession(session, (t) => t.enter(session)))) continue;
      const outcome = await handle(session, message);
      if (outcome === 'dropped') owner = before;
      else if (outcome !== undefined) {
        const idle = ['S', 'Q', 'F'].includes(message.type) && !outcome.inTransaction;
        let keeps = !idle;
        if (idle && !session.closed)
          await onSession(session, async (t) => void (keeps = await t.idle(session)));
        owner = keeps ? session : undefined;
      }
      // A client that left while its message ran (its answer was its last read) leaves nothing open.
      if (session.closed) await reset(session);
    }
  };

  /**
   * A client gone: when it held the engine or its set-up is in the session, the session is reset
   * (its unfinished extended-protocol statement and its transaction end, then everything it set
   * up) and the engine is free again.
   */
  const reset = async (session: WireSession): Promise<void> => {
    const held = owner === session;
    if (!held && turns.resident !== session) return;
    if (!stopped) await onSession(session, (t) => t.leave(session, held));
    if (owner === session) owner = undefined;
  };

  /** A connection closed: it waits no more; if it held the engine idle, the engine is reset now. */
  const forget = (session: WireSession): void => {
    sessions.delete(session);
    const at = waiting.indexOf(session);
    if (at >= 0) waiting.splice(at, 1);
    // While pump runs a message, it resets the engine itself once the message returns.
    if (!pumping && running === undefined) void reset(session).then(pump);
  };

  const limits = {
    maxMessageBytes: options.maxMessageBytes ?? 8 * 1024 * 1024,
    maxQueuedBytes: 16 * 1024 * 1024,
    startupTimeoutMs: 30_000,
  };
  options.listener.accept((socket: Socket) => {
    socket.resume();
    if (stopped || sessions.size >= options.maxConnections) {
      socket.end(
        errorResponse(
          'FATAL',
          '53300',
          `sorry, too many clients already (serve --max-connections ${options.maxConnections})`,
        ),
      );
      setTimeout(() => socket.destroy(), 200).unref();
      return;
    }
    const session: WireSession = new WireSession(socket, nextId++, randomInt(2 ** 31), limits, {
      queued: (s) => {
        if (!waiting.includes(s)) waiting.push(s);
        void pump();
      },
      closed: forget,
      cancel: (processId, secret) => {
        if (running !== undefined && running.processId === processId && running.secret === secret)
          void restart(running, '57014', 'canceling statement due to user request');
      },
      startupAnswer: () => startupAnswer,
      violation: (s, reason) => log?.warn({ client: s.processId }, `serve: closed a connection: ${reason}`),
    });
    sessions.add(session);
  });
  return {
    failed,
    async stop() {
      stopped = true;
      clearTimeout(idleTimer);
      const closing = options.listener.close();
      for (const session of sessions) session.terminate('57P01', 'terminating connection: serve is stopping');
      await engine?.close(300);
      engine = undefined;
      await closing;
    },
  };
}
