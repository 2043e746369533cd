/**
 * What serve does with each client message before the engine sees it (issue 32, finding 6): SQL
 * is checked as `query` checks it, FunctionCall is refused, COPY data dropped, and after a refused
 * Parse everything up to the Sync is dropped.
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../../../src/load/wire/message-policy.ts';
import type { QueuedMessage } from '../../../../src/load/wire/wire-session.ts';

const REFUSED = new Set(['pg_stat_reset']);
const message = (type: string, sql?: string): QueuedMessage => ({
  type,
  bytes: Buffer.from(type),
  ...(sql === undefined ? {} : { sql }),
});

describe('decide', () => {
  it.each([
    ['Q', 'select 1'],
    ['P', 'select $1::int'],
    ['Q', 'begin read only'],
    ['Q', ''],
    ['B', undefined],
    ['E', undefined],
    ['D', undefined],
    ['C', undefined],
    ['H', undefined],
    ['S', undefined],
  ])('%s %j runs', (type, sql) => {
    expect(decide(message(type, sql), false, REFUSED)).toEqual({ kind: 'run' });
  });

  it.each([
    ['Q', 'set default_transaction_read_only = off', /cannot be changed/, false],
    ['Q', 'begin read write', /READ WRITE/, false],
    ['Q', "copy (select 1) to program 'x'", /not COPY/, false],
    ['P', 'select pg_stat_reset()', /pg_stat_reset\(\)/, true],
    ['P', 'insert into uptrends.etl_run default values', /not INSERT/, true],
    ['F', undefined, /FunctionCall/, false],
  ])('%s %j is refused', (type, sql, reason, skipToSync) => {
    const decision = decide(message(type, sql), false, REFUSED);
    expect(decision).toMatchObject({ kind: 'refuse', sqlstate: '42501', skipToSync });
    expect(decision.kind === 'refuse' && decision.reason).toMatch(reason);
  });

  it('drops COPY data, and everything but Sync after a refused Parse', () => {
    for (const type of ['d', 'c', 'f'])
      expect(decide(message(type), false, REFUSED)).toEqual({ kind: 'drop' });
    for (const type of ['B', 'E', 'D', 'F'])
      expect(decide(message(type), true, REFUSED)).toEqual({ kind: 'drop' });
    expect(decide(message('Q', 'select 1'), true, REFUSED)).toEqual({ kind: 'drop' });
    expect(decide(message('S'), true, REFUSED)).toEqual({ kind: 'run' });
  });

  it('a password message is a protocol violation', () => {
    expect(decide(message('p'), false, REFUSED)).toMatchObject({ kind: 'violation' });
  });
});
