/**
 * The bounds on what one serve client may hold in the shared session (issue 40, item 7), and what
 * it is set up with again at its next turn: named statements recorded on ParseComplete, forgotten
 * on CloseComplete; portals and cursors counted until the transaction ends.
 */
import { describe, expect, it } from 'vitest';
import { ClientState } from '../../../../src/load/wire/client-state.ts';
import { decide } from '../../../../src/load/wire/message-policy.ts';
import type { QueuedMessage } from '../../../../src/load/wire/wire-session.ts';

function frame(type: string, ...parts: Array<string | Buffer>): Buffer {
  const body = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(`${p}\0`) : p)));
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
const parse = (name: string, sql: string): QueuedMessage => ({
  type: 'P',
  bytes: frame('P', name, sql, Buffer.from([0, 0])),
  sql,
});
const bind = (portal: string): QueuedMessage => ({
  type: 'B',
  bytes: frame('B', portal, 'S_1', Buffer.alloc(6)),
});
const close = (kind: 'S' | 'P', name: string): QueuedMessage => ({
  type: 'C',
  bytes: frame('C', Buffer.from(kind), name),
});
const query = (sql: string): QueuedMessage => ({ type: 'Q', bytes: frame('Q', sql), sql });

describe('ClientState', () => {
  it('keeps the named statements the engine made, in order, and forgets closed ones', () => {
    const state = new ClientState({ statements: 2, statementBytes: 1_000, portals: 2 });
    state.ran(parse('S_1', 'select 1'), '1');
    state.ran(parse('S_2', 'select 2'), 'E'); // refused by the engine: not kept
    state.ran(parse('', 'select 3'), '1'); // unnamed: not kept
    state.ran(parse('S_3', 'select 3'), '1');
    expect([...state.statements.keys()]).toEqual(['S_1', 'S_3']);
    expect(state.replay()).toEqual([parse('S_1', 'select 1').bytes, parse('S_3', 'select 3').bytes]);
    expect(state.refusal(parse('S_4', 'select 4'))).toMatch(/at most 2 named prepared statements/);
    expect(state.refusal(parse('', 'select 4'))).toBeUndefined();
    state.ran(close('S', 'S_1'), '3');
    expect(state.refusal(parse('S_4', 'select 4'))).toBeUndefined();
    expect(state.statementBytes).toBe(parse('S_3', 'select 3').bytes.length);
  });

  it('bounds the bytes of named statements; the refusal is SQLSTATE 53400 and skips to the Sync', () => {
    const state = new ClientState({ statements: 10, statementBytes: 100, portals: 2 });
    state.ran(parse('S_1', `select '${'x'.repeat(60)}'`), '1');
    const second = parse('S_2', `select '${'y'.repeat(30)}'`);
    expect(decide(second, false, new Set(), state)).toMatchObject({
      kind: 'refuse',
      sqlstate: '53400',
      skipToSync: true,
      reason: expect.stringMatching(/MiB of named prepared statements/),
    });
  });

  it('counts named portals and cursors until the transaction ends; WITH HOLD ones are asked for', () => {
    const state = new ClientState({ statements: 10, statementBytes: 1_000, portals: 2 });
    state.ran(bind('C_1'), '2');
    state.ran(query('declare "Cur" cursor with hold for select 1'), 'C');
    expect(state.mayHoldCursors).toBe(true);
    expect(state.refusal(bind('C_2'))).toMatch(/at most 2 open portals/);
    expect(decide(query('declare c cursor for select 1'), false, new Set(), state)).toMatchObject({
      sqlstate: '53400',
      skipToSync: false,
    });
    state.ran(close('P', 'C_1'), '3');
    expect(state.refusal(bind('C_2'))).toBeUndefined();
    state.ran(query('close all'), 'C');
    state.idle();
    expect(state.portals.size).toBe(0);
    state.heldCursors = 2;
    expect(state.refusal(query('declare d cursor with hold for select 1'))).toMatch(/open portals/);
  });

  it('a DEALLOCATE marks the statements to be checked against the engine', () => {
    const state = new ClientState();
    state.ran(parse('S_1', 'select 1'), '1');
    state.ran(query('deallocate S_1'), 'C');
    expect(state.deallocated).toBe(true);
    state.keepOnly(new Set());
    expect(state.statements.size).toBe(0);
    expect(state.deallocated).toBe(false);
  });
});
