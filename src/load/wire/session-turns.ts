/**
 * The turns of `serve`'s clients on the engine's one session (issue 40, items 5 to 7): every
 * client sees the session a fresh server gives, plus only what it set up itself.
 *
 * - A client leaves: the session is reset at once (EngineThread.reset: its transaction and
 *   unfinished extended-protocol sequence end, then DISCARD ALL, which clears settings, prepared
 *   statements, portals and cursors WITH HOLD, temporary objects, advisory locks and LISTEN
 *   channels, and the server's own settings, read-only default first, are set again). So the
 *   memory it made the engine hold is freed before anyone else is served.
 * - Another client takes its turn while this one stays connected: this one's set-up (client-state.ts:
 *   the settings it changed, its named statements) is kept, the session reset, and the other's
 *   set-up made again (its settings, its Parse messages once more). A client never sees another's
 *   set-up and never loses its own.
 * - A client with a cursor WITH HOLD open keeps the session, as inside a transaction, until it
 *   closes it or leaves (the idle time-out of wire-server.ts bounds that): a held cursor's rows
 *   cannot be made again.
 *
 * A reset that fails rejects: the server then replaces the engine, the one reset nothing can undo.
 */
import { SESSION_SETTINGS } from '../query/statement-rules.ts';
import type { ClientState } from './client-state.ts';
import type { EngineThread, OutputSink } from './engine-thread.ts';
import { frontendMessage } from './wire-messages.ts';

/** A client as the turns see it. */
export interface TurnHolder {
  readonly state: ClientState;
  readonly closed: boolean;
}

const NAMES = [...SESSION_SETTINGS];
const SETTINGS_SQL =
  'select lower(name), setting from pg_catalog.pg_settings where lower(name) = any($1::text[])';
const STATEMENTS_SQL = 'select name from pg_catalog.pg_prepared_statements';
const HELD_SQL = 'select count(*)::int from pg_catalog.pg_cursors where is_holdable';
const SET_SQL =
  'select pg_catalog.set_config(n, v, false) from unnest($1::text[], $2::text[]) with ordinality as s(n, v, i) order by i';
/** Set last: a client's short timeout must not cancel the rest of its set-up. */
const TIMEOUTS = new Set(['statement_timeout', 'lock_timeout']);
const IGNORE: OutputSink = (_chunk, written) => written();

/** Whose set-up the engine's session holds, and the moves between clients. */
export class SessionTurns {
  #resident: TurnHolder | undefined;

  private constructor(
    private readonly engine: EngineThread,
    private readonly baseline: ReadonlyMap<string, string>,
  ) {}

  /** The turns on a freshly started engine, whose settings are the baseline every client starts from. */
  static async open(engine: EngineThread): Promise<SessionTurns> {
    return new SessionTurns(engine, await settingsOf(engine));
  }

  /** The client whose set-up the session holds (undefined: the fresh session). */
  get resident(): TurnHolder | undefined {
    return this.#resident;
  }

  /** Gives the session to `client`: nothing to do when it holds it already. */
  async enter(client: TurnHolder): Promise<void> {
    if (this.#resident === client) return;
    const previous = this.#resident;
    this.#resident = undefined;
    if (previous !== undefined) {
      if (!previous.closed) await this.#keep(previous.state);
      await this.engine.reset();
    }
    await this.#restore(client.state);
    this.#resident = client;
  }

  /** `client` left: the session is reset when it holds its set-up (or `force`: it held the engine). */
  async leave(client: TurnHolder, force = false): Promise<void> {
    if (this.#resident !== client && !force) return;
    this.#resident = undefined;
    await this.engine.reset();
  }

  /**
   * `client`'s transaction ended (it is idle): its portals are gone, DEALLOCATEs are taken into
   * account. True when it keeps the session: a cursor WITH HOLD is still open.
   */
  async idle(client: TurnHolder): Promise<boolean> {
    const state = client.state;
    state.idle();
    if (state.deallocated) state.keepOnly(await this.#statementNames());
    if (state.mayHoldCursors) {
      const [row] = await this.engine.query(HELD_SQL);
      state.heldCursors = Number(row?.[0] ?? 0);
      state.mayHoldCursors = false;
    }
    return state.heldCursors > 0;
  }

  /** Keeps what `state`'s client set up: the settings it changed, the statements still there. */
  async #keep(state: ClientState): Promise<void> {
    const now = await settingsOf(this.engine);
    state.settings = [...now].filter(([name, value]) => this.baseline.get(name) !== value);
    state.keepOnly(await this.#statementNames());
  }

  /** Sets `state`'s client up again: settings, its statements (as parsed under them), timeouts. */
  async #restore(state: ClientState): Promise<void> {
    const settings = state.settings.filter(([name]) => SESSION_SETTINGS.has(name));
    await this.#set(settings.filter(([name]) => !TIMEOUTS.has(name)));
    const parses = state.replay();
    if (parses.length > 0) await this.engine.exec(Buffer.concat([...parses, frontendMessage('S')]), IGNORE);
    await this.#set(settings.filter(([name]) => TIMEOUTS.has(name)));
  }

  async #set(settings: ReadonlyArray<readonly [string, string]>): Promise<void> {
    if (settings.length === 0) return;
    await this.engine.query(SET_SQL, [settings.map(([n]) => n), settings.map(([, v]) => v)]);
  }

  async #statementNames(): Promise<Set<string>> {
    return new Set((await this.engine.query(STATEMENTS_SQL)).map((row) => String(row[0])));
  }
}

async function settingsOf(engine: EngineThread): Promise<Map<string, string>> {
  const rows = await engine.query(SETTINGS_SQL, [NAMES]);
  return new Map(rows.map((row) => [String(row[0]), String(row[1])]));
}
